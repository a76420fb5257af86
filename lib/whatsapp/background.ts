import { logger } from '@/lib/log';

const pending = new Set<Promise<void>>();

/** Runs webhook work after the 200 has gone out; failures are logged, never thrown at the sender. */
export function runInBackground(label: string, work: () => Promise<void>): void {
  const task = Promise.resolve()
    .then(work)
    .catch((error: unknown) => logger.error({ err: error }, label))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves when every background task started so far has settled (tests, shutdown). */
export async function backgroundIdle(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
