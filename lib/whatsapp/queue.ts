import { serialised } from '@/lib/cluster/lock';

/** Runs `work` after the previous work of the same key has settled, on every instance: one sender's messages are answered in order. */
export function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  return serialised(`whatsapp:${key}`, work);
}
