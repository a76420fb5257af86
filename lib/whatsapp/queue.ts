const tails = new Map<string, Promise<unknown>>();

/** Runs `work` after the previous work of the same key has settled: one sender's messages are answered in order. */
export function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const result = (tails.get(key) ?? Promise.resolve()).then(work);
  const tail = result.catch(() => undefined);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return result;
}
