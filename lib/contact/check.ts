/** A passed check with the parsed value, or the message of the first issue and, inside an object, its field. */
export type Check<T> = { ok: true; value: T } | { ok: false; message: string; path?: string };

export const ok = <T>(value: T): Check<T> => ({ ok: true, value });
export const fail = (message: string, path?: string): Check<never> => ({ ok: false, message, ...(path ? { path } : {}) });
