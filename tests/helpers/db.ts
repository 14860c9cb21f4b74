import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { createDb, migrateToLatest, type Db, type DbKind } from "~/db/db.server.ts";

export interface TestDb {
  kind: DbKind;
  db: Db;
  /** A DATABASE_URL pointing at this same database (to start a server on it). */
  url: string;
  cleanup: () => Promise<void>;
}

/** Database kinds under test: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

/** A fresh, migrated database: a temp SQLite file, or a new schema on the test PostgreSQL. */
export async function createTestDb(kind: DbKind): Promise<TestDb> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "an-db-"));
    const url = `file:${path.join(dir, "test.db")}`;
    const db = createDb(url);
    await migrateToLatest(db);
    return {
      kind,
      db,
      url,
      cleanup: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const u = new URL(base);
  u.searchParams.set("options", `-c search_path=${schema}`);
  const url = u.toString();
  const db = createDb(url);
  await migrateToLatest(db);
  return {
    kind,
    db,
    url,
    cleanup: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}
