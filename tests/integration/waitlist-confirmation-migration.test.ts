/**
 * Migration 0016 on SQLite and PostgreSQL: entries made before confirmation
 * existed count as confirmed when they were made; one live entry per edition
 * and address now covers unconfirmed ones too; going down drops the
 * unconfirmed entries and the column.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/db.server.ts";
import { migrationProvider } from "~/db/migrations/index.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, migrateTo } from "../helpers/migrations.ts";
import { insertCourseWithEditions } from "../helpers/seats.ts";

const MIGRATION = "0016-waitlist-confirmation";

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
      .values({ token_hash: "h", entry_id: "w4", created_at: "2026-11-21T10:00:00.000Z" })
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
