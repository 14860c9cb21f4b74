import { sql } from "kysely";
import type { Db } from "./db.server.ts";
import { migrationProvider } from "./migrations/index.server.ts";

/**
 * The migrations this build knows that the database has not run (empty when
 * it is up to date). Reads Kysely's own table in the connection's schema, where
 * migrateToLatest keeps it; throws when the database cannot be reached.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = Object.keys(await migrationProvider.getMigrations());
  let applied: Set<string>;
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = new Set(rows.rows.map((r) => r.name));
  } catch (err) {
    // No migration table yet: nothing has run. Any other failure (unreachable) is the caller's.
    if (/kysely_migration/.test(String((err as Error)?.message))) return known;
    throw err;
  }
  return known.filter((name) => !applied.has(name));
}
