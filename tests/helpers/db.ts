import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { createDb, migrateToLatest, type Db, type DbKind } from "~/db/db.server.ts";
import { seedCatalogue } from "~/db/seed.server.ts";
import { seedSalon } from "~/db/seed-salon.server.ts";

export interface TestDb {
  kind: DbKind;
  db: Db;
  /** A DATABASE_URL pointing at this same database (to start a server on it). */
  url: string;
  cleanup: () => Promise<void>;
}

/** Database kinds under test: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

/**
 * The fixed "today" the test catalogue is seeded from, so unit and integration
 * assertions do not depend on the real date: editions on the first Monday of
 * January, March and May 2027 (ids like "formacion-inicio-2027-01").
 */
export const SEED_TODAY = "2026-11-23";

export interface TestDbOptions {
  /** Seed the catalogue from this date (default SEED_TODAY); false: an empty catalogue. */
  seed?: false | { today: string };
}

async function prepare(db: Db, opts: TestDbOptions): Promise<void> {
  await migrateToLatest(db);
  if (opts.seed !== false) {
    await seedCatalogue(db, { today: opts.seed?.today ?? SEED_TODAY });
    await seedSalon(db);
  }
}

/**
 * A fresh, migrated database: a temp SQLite file, or a new schema on the test
 * PostgreSQL; with the seeded catalogue unless `seed: false`.
 */
export async function createTestDb(kind: DbKind, opts: TestDbOptions = {}): Promise<TestDb> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "an-db-"));
    const url = `file:${path.join(dir, "test.db")}`;
    const db = createDb(url);
    await prepare(db, opts);
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
  await prepare(db, opts);
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
