/** Databases at a chosen migration, for the tests of one migration on data made before it. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PostgresAdapter, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { createDb, type Db, type DbKind } from "~/db/db.server.ts";
import { migrationProvider } from "~/db/migrations/index.server.ts";

/** An empty database (no migration run): a temp SQLite file or a new PostgreSQL schema, and how to drop it. */
export async function emptyDb(kind: DbKind): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "an-mig-"));
    const db = createDb(`file:${path.join(dir, "test.db")}`);
    return {
      db,
      drop: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `m_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const u = new URL(base);
  u.searchParams.set("options", `-c search_path=${schema}`);
  const db = createDb(u.toString());
  return {
    db,
    drop: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}

/** Migrates up (or down) to the named migration, with the migration tables in the connection's own schema. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error } = await new Migrator({ db, provider: migrationProvider, migrationTableSchema }).migrateTo(name);
  if (error) throw error;
}

/** The migration that runs just before `name`. */
export async function migrationBefore(name: string): Promise<string> {
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const at = names.indexOf(name);
  if (at < 1) throw new Error(`no migration before ${name}`);
  return names[at - 1]!;
}

/** The names of the indexes in the connection's own database (SQLite) or schema (PostgreSQL). */
export async function indexNames(db: Db, kind: DbKind): Promise<string[]> {
  const rows =
    kind === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)
      : await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db);
  return rows.rows.map((r) => r.name);
}
