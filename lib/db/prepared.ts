import type { Db } from './client';

let named = 0;

/**
 * A statement built once per database handle and then run with placeholders (drizzle's `prepare`), for the
 * statements every booking and every message runs. Building a query with drizzle's builder costs more than PGlite
 * takes to run it when the row is wide: about 1.3 ms to build the select of a whole ride (56 columns) against
 * 0.8 ms to run it (docs/architecture/data-model.md#prepared-statements).
 *
 * Kept per handle, so a statement prepared on a transaction runs in that transaction and one prepared on the pool
 * never does; `name` becomes PostgreSQL's name for it on each connection (suffixed: unique in the process).
 * Placeholders skip the columns' own encoding: pass timestamps as ISO strings and JSON as text.
 */
export function preparedOn<P>(name: string, build: (db: Db, name: string) => P): (db: Db) => P {
  const statement = `${name}_${++named}`;
  const byDb = new WeakMap<object, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) byDb.set(db, (prepared = build(db, statement)));
    return prepared;
  };
}
