import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/*
 * A table's row read as one JSON value (`to_json(table)`) instead of one field
 * per column. PGlite's wire parser copies every text field into an ArrayBuffer
 * of its own before decoding it; for the board's page (51 rides of 50 columns,
 * joined to the rider, driver and vehicle) that was 13 % of the server's CPU
 * under load and 3.6 ms of the query's 3.8 ms, against 1.5 ms read as JSON
 * (bench/README.md, "the board on a maintained database and JSON rows"). PostgreSQL writes the row's JSON
 * itself; this turns it back into the row drizzle would have given.
 */

type Reader = { key: string; name: string; decode?: (value: unknown) => unknown };

const toDate = (value: unknown) => (value === null ? null : new Date(value as string));
const toText = (value: unknown) => (value === null ? null : String(value));
const toBigInt = (value: unknown) => (value === null ? null : BigInt(value as number));

/** JSON gives numbers, booleans, strings and nested JSON as drizzle does; these column types differ. */
const DECODERS: Record<string, Reader['decode']> = {
  PgTimestamp: toDate,
  PgDate: toDate,
  PgNumeric: toText,
  PgBigInt64: toBigInt,
};

/** A decoder from `to_json(<table>)` (snake_case column names) to the table's select model. */
export function jsonRowReader<T extends Table>(table: T): (json: Record<string, unknown>) => InferSelectModel<T> {
  const readers: Reader[] = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, decode: DECODERS[column.columnType] }));
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, decode } of readers) {
      const value = json[name] ?? null;
      row[key] = decode ? decode(value) : value;
    }
    return row as InferSelectModel<T>;
  };
}
