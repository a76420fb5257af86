/**
 * `load` run once, its promise shared by every caller; a failure is forgotten, so the next call tries again
 * (a chunk fetched offline, then online). For code and data fetched on first use.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
