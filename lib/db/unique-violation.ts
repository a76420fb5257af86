type PgError = { code?: string; constraint?: string; message?: string; cause?: unknown };

/**
 * A unique violation (SQLSTATE 23505) from either driver, raw or wrapped by
 * drizzle in `cause`; with `constraint`, only one on that index (node-postgres
 * names it in `constraint`, PGlite in the message).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as PgError | undefined, depth = 0; e && typeof e === 'object' && depth < 4; e = e.cause as PgError | undefined, depth++) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint || (e.message ?? '').includes(constraint);
  }
  return false;
}
