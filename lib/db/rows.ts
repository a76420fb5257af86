import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/** The rows of a raw `db.execute` answer, whichever driver (PGlite or node-postgres) gave it. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = (result as { rows?: unknown[] }).rows ?? (Array.isArray(result) ? result : []);
  return rows as Record<string, unknown>[];
}

/** A raw row (database column names) as the table's typed row, through each column's own mapping. */
export function fromRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : value instanceof Date ? value : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * A table's columns by name, for raw statements that return whole rows (`returning ${columnsOf(jobs)}`) in place of
 * `*`: a statement naming its columns keeps its plan across a migration that adds one, so node-postgres may keep it
 * as a named statement (lib/db/pg-statements.ts).
 */
export function columnsOf(table: Table): SQL {
  return sql.join(
    Object.values(getTableColumns(table)).map((column) => sql.identifier(column.name)),
    sql`, `,
  );
}
