/**
 * node:sqlite's extended result codes for a broken unique constraint: a UNIQUE
 * column or index (SQLITE_CONSTRAINT_UNIQUE) and a primary key (SQLITE_CONSTRAINT_PRIMARYKEY).
 */
const SQLITE_UNIQUE_ERRCODES: ReadonlySet<unknown> = new Set([2067, 1555]);

/** True when a write broke a unique constraint: PostgreSQL 23505, or node:sqlite's extended code (never its text). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; errcode?: unknown } | null;
  return e?.code === "23505" || (e?.code === "ERR_SQLITE_ERROR" && SQLITE_UNIQUE_ERRCODES.has(e.errcode));
}
