/** True when a write broke a unique constraint: PostgreSQL 23505, or node:sqlite's message. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === "23505" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}
