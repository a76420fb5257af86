/**
 * What went wrong, in the domain's words: the kind of failure (the API edge
 * maps kinds to HTTP statuses in lib/api/errors.ts), a stable code, a message
 * naming the field when one is at fault, and the Validation message key so
 * screens can say it in the user's language.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'unsupported'
  | 'locked'
  | 'rate_limited'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** For `rate_limited`: seconds until another try is accepted. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** The Validation message key behind the error, so screens can show it in the user's language. */
  key?: string;
  /** The values of the key's placeholders (e.g. the suggested colour), for the translated text. */
  values?: Record<string, string | number>;
}

/** A failure a screen translates: the kind, a stable code, the English text, the Validation key and the values it names. */
export function keyedError(kind: ErrorKind, code: string, key: string, message: string, values?: Record<string, string | number>, field?: string): DomainError {
  const error = new DomainError(kind, code, field ? `${field}: ${message}` : message, field);
  error.key = key;
  if (values) error.values = values;
  return error;
}

export const badRequest = (message: string, field?: string) => new DomainError('invalid', 'bad_request', message, field);
export const unauthorized = (message = 'Sign in to continue.') => new DomainError('unauthorized', 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') => new DomainError('forbidden', 'forbidden', message);
export const notFound = (message = 'Not found.') => new DomainError('not_found', 'not_found', message);
export const conflict = (message: string) => new DomainError('conflict', 'conflict', message);
export const payloadTooLarge = (limit: number) => new DomainError('too_large', 'payload_too_large', `The request body is larger than ${limit} bytes.`);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests. Try again later.') =>
  new DomainError('rate_limited', 'rate_limited', message, undefined, retryAfterSeconds);
