import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Waiting<In, Out> = { row: In; resolve: (stored: Out) => void; reject: (error: unknown) => void };

/**
 * Inserts rows that arrive while a previous insert of the same table is in
 * flight as one multi-row INSERT ... RETURNING (group commit): one statement
 * instead of one per request. Rows carry their own id, so each caller gets its
 * own stored row; a failing batch is retried row by row so one bad row fails
 * only its own caller.
 */
export function groupInsert<In extends { id: string }, Out extends { id: string }>(table: PgTable) {
  type Queue = { waiting: Waiting<In, Out>[]; busy: boolean };
  const queues = new Map<Db, Queue>();

  async function insertRows(db: Db, rows: In[]): Promise<Out[]> {
    return (await db
      .insert(table)
      .values(rows as never)
      .returning()) as unknown as Out[];
  }

  async function drain(db: Db, queue: Queue): Promise<void> {
    queue.busy = true;
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, 500);
      try {
        const stored = new Map(
          (
            await insertRows(
              db,
              batch.map((w) => w.row),
            )
          ).map((row) => [row.id, row]),
        );
        for (const w of batch) w.resolve(stored.get(w.row.id)!);
      } catch (error) {
        if (batch.length === 1) batch[0].reject(error);
        else for (const w of batch) await insertRows(db, [w.row]).then(([row]) => w.resolve(row), w.reject);
      }
    }
    queue.busy = false;
  }

  return function insert(db: Db, row: In): Promise<Out> {
    let queue = queues.get(db);
    if (!queue) {
      queue = { waiting: [], busy: false };
      queues.set(db, queue);
    }
    const promise = new Promise<Out>((resolve, reject) => queue.waiting.push({ row, resolve, reject }));
    if (!queue.busy) {
      queue.busy = true;
      setImmediate(() => void drain(db, queue));
    }
    return promise;
  };
}
