/**
 * Migration 0018 on SQLite and PostgreSQL: the site_photos table, its writes
 * bumping the public pages' content version (the anonymous page cache's key),
 * and going down without a trace.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/db.server.ts";
import { migrationProvider } from "~/db/migrations/index.server.ts";
import { readContentVersion } from "~/lib/content-version.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, migrateTo } from "../helpers/migrations.ts";

const MIGRATION = "0018-site-photos";

async function previousMigration(): Promise<string> {
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const at = names.indexOf(MIGRATION);
  expect(at).toBeGreaterThan(0);
  return names[at - 1]!;
}

describe.each(dbKinds)("0018 site photos on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("creates site_photos, whose every write moves the content version, and goes down", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    const before = await previousMigration();
    await migrateTo(db, before);
    expect(await migrateToLatest(db)).toContain(MIGRATION);

    const version = async () => Number(await readContentVersion(db));
    const row = {
      id: "p1",
      slot: "gallery",
      subject_id: null,
      alt: "Uñas francesas",
      caption: "Francesa",
      image_key: "0123456789abcdef",
      width: 1280,
      height: 960,
      color: "#aabbcc",
      position: 1,
      created_at: "2026-11-28T10:00:00.000Z",
      updated_at: "2026-11-28T10:00:00.000Z",
    };
    const writes: [string, () => Promise<unknown>][] = [
      ["insert", () => db.insertInto("site_photos").values(row).execute()],
      ["update", () => db.updateTable("site_photos").set({ alt: "Otra" }).where("id", "=", "p1").execute()],
      ["delete", () => db.deleteFrom("site_photos").where("id", "=", "p1").execute()],
    ];
    for (const [what, write] of writes) {
      const v = await version();
      await write();
      expect(await version(), what).toBeGreaterThan(v);
    }
    await db.insertInto("site_photos").values(row).execute();

    await migrateTo(db, before);
    await expect(sql`select count(*) from site_photos`.execute(db)).rejects.toThrow();
    // The content version's own triggers on other tables are untouched.
    const v = await version();
    await sql`insert into salon_settings (key, value, updated_at) values ('x', '1', '2026-11-28T10:00:00.000Z')`.execute(
      db,
    );
    expect(await version()).toBeGreaterThan(v);
  });
});
