/** The fields of a PostgreSQL error that pg and PGlite both report. */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
}

/** The database's own error behind a failed query, unwrapping Drizzle's DrizzleQueryError. */
function databaseErrorOf(error: unknown): PgErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if ('code' in current && typeof current.code === 'string') return current as PgErrorFields;
    current = current.cause;
  }
  return null;
}

/**
 * Whether a query failed on this unique index. Services catch it rather than checking first, because a check
 * and an insert are two steps another request can slip between.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const found = databaseErrorOf(error);
  return found?.code === '23505' && found.constraint === constraint;
}
