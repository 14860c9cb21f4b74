import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresAdapter, PostgresDialect, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrationProvider } from "./migrations/index.server.ts";
import type { Database } from "./schema.ts";
import { createNodeSqliteDialect } from "./sqlite-dialect.server.ts";

export type Db = Kysely<Database>;
export type DbKind = "sqlite" | "postgres";

// COUNT(*) and BIGINT come back as strings from pg; our counts always fit in a JS number.
pg.types.setTypeParser(20, Number);

export function dbKindOf(url: string): DbKind {
  return url.startsWith("file:") ? "sqlite" : "postgres";
}

export function createDb(url: string): Db {
  if (dbKindOf(url) === "sqlite") {
    const file = url.slice("file:".length);
    if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    return new Kysely<Database>({ dialect: createNodeSqliteDialect(file) });
  }
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }),
  });
}

/**
 * Runs `work` in one transaction. PostgreSQL may pick one of two transactions as a
 * deadlock victim (40P01) or refuse a serialization (40001): everything rolled
 * back, so the whole transaction runs again (at most `attempts` times).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, attempts = 3): Promise<T> {
  return retryOnDeadlock(() => db.transaction().execute(work), attempts);
}

export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: string } | null)?.code;
      if (i >= attempts || (code !== "40P01" && code !== "40001")) throw err;
      await new Promise((r) => setTimeout(r, 10 * i + Math.floor(Math.random() * 20)));
    }
  }
}

class MigrationError extends Error {}

/** Brings the schema up to date; run at every start (idempotent). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // On PostgreSQL the migration tables live in the connection's own schema:
  // Kysely otherwise finds them in any schema of the database, and two apps (or
  // two test runs) in different schemas of one database would share one lock.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely's introspection reads every schema's tables; a schema another app (or a
  // parallel test run) drops during that read makes PostgreSQL answer 3F000 for it.
  // Nothing of ours was touched (the migration's own transaction rolled back): try again.
  for (let retry = 0; error && isOtherSchemaGone(error, migrationTableSchema) && retry < 3; retry++) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error) {
    throw new MigrationError(`La migración de la base de datos ha fallado: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** PostgreSQL 3F000 (invalid schema name) about a schema that is not ours. */
export function isOtherSchemaGone(error: unknown, ours: string | undefined): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === "3F000" && typeof e.message === "string" && !(ours && e.message.includes(`"${ours}"`));
}

export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
