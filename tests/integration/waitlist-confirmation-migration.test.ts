/**
 * Migration 0016 on SQLite and PostgreSQL: entries made before confirmation
 * existed count as confirmed when they were made; one live entry per edition
 * and address now covers unconfirmed ones too; going down drops the
 * unconfirmed entries and the column.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PostgresAdapter, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, migrateToLatest, type Db, type DbKind } from "~/db/db.server.ts";
import { migrationProvider } from "~/db/migrations/index.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { insertCourseWithEditions } from "../helpers/seats.ts";

const MIGRATION = "0016-waitlist-confirmation";

/** An empty database (no migration run), and how to drop it. */
async function emptyDb(kind: DbKind): Promise<{ db: Db; drop: () => Promise<void> }> {
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

async function migrateTo(db: Db, name: string): Promise<void> {
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error } = await new Migrator({ db, provider: migrationProvider, migrationTableSchema }).migrateTo(name);
  if (error) throw error;
}

/** The migration listed right before this one. */
async function previousMigration(): Promise<string> {
  const names = Object.keys(await migrationProvider.getMigrations());
  const at = names.indexOf(MIGRATION);
  expect(at).toBeGreaterThan(0);
  return names[at - 1]!;
}

describe.each(dbKinds)("0016 waiting-list confirmation on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("keeps earlier entries as confirmed, covers pending entries in the one-live-entry rule, and goes down", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    const before = await previousMigration();
    await migrateTo(db, before);
    const { editionIds } = await insertCourseWithEditions(db, [{ startsOn: "2030-10-01", seats: 1 }]);
    const edition = editionIds[0]!;
    await sql`insert into waitlist_entries (id, edition_id, email, user_id, created_at, status)
      values ('w1', ${edition}, 'ana@example.com', null, '2026-11-20T10:00:00.000Z', 'waiting'),
             ('w2', ${edition}, 'eva@example.com', null, '2026-11-20T11:00:00.000Z', 'lapsed')`.execute(db);

    expect(await migrateToLatest(db)).toContain(MIGRATION);
    const rows = await db
      .selectFrom("waitlist_entries")
      .select(["id", "status", "created_at", "confirmed_at"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "w1", status: "waiting", created_at: "2026-11-20T10:00:00.000Z", confirmed_at: "2026-11-20T10:00:00.000Z" },
      { id: "w2", status: "lapsed", created_at: "2026-11-20T11:00:00.000Z", confirmed_at: "2026-11-20T11:00:00.000Z" },
    ]);
    const entry = (id: string, email: string, status: string) => ({
      id,
      edition_id: edition,
      email,
      user_id: null,
      created_at: "2026-11-21T10:00:00.000Z",
      confirmed_at: null,
      offered_at: null,
      offer_expires_at: null,
      offer_token_hash: null,
      status,
    });
    // One live entry per edition and address, pending ones included.
    await expect(
      db
        .insertInto("waitlist_entries")
        .values(entry("w3", "ana@example.com", "pending"))
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("waitlist_entries")
      .values(entry("w4", "eva@example.com", "pending"))
      .execute();
    await expect(
      db
        .insertInto("waitlist_entries")
        .values(entry("w5", "eva@example.com", "pending"))
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("waitlist_confirmations")
      .values({
        token_hash: "h",
        entry_id: "w4",
        expires_at: "2026-11-23T10:00:00.000Z",
        used_at: null,
        created_at: "2026-11-21T10:00:00.000Z",
      })
      .execute();
    // Deleting an entry takes its links with it.
    await db.deleteFrom("waitlist_entries").where("id", "=", "w4").execute();
    expect(await db.selectFrom("waitlist_confirmations").selectAll().execute()).toEqual([]);
    await db
      .insertInto("waitlist_entries")
      .values(entry("w6", "eva@example.com", "pending"))
      .execute();

    await migrateTo(db, before);
    const after = await sql<{
      id: string;
      status: string;
    }>`select id, status from waitlist_entries order by id`.execute(db);
    expect(after.rows).toEqual([
      { id: "w1", status: "waiting" },
      { id: "w2", status: "lapsed" },
    ]);
  });
});
