/**
 * The public pages' content version (migration 0010) on SQLite and PostgreSQL:
 * every write to a table those pages show bumps it, and on PostgreSQL the bump
 * becomes visible only with the transaction's commit (the page cache must never
 * see a new version before the data it stands for).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/lib/content-version.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

describe.each(dbKinds)("content version on %s", (kind) => {
  let t: TestDb;
  const version = async () => Number(await readContentVersion(t.db));

  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => t?.cleanup());

  it("goes up on every insert, update and delete of the catalogue, its editions and the salon settings", async () => {
    const writes: [string, () => Promise<unknown>][] = [
      [
        "reprice a course",
        () => t.db.updateTable("courses").set({ price_cents: 12345 }).where("id", "=", "expert-nails").execute(),
      ],
      [
        "take a seat",
        () =>
          t.db
            .updateTable("course_editions")
            .set((eb) => ({ seats_taken: eb("seats_taken", "+", 1) }))
            .where("course_id", "=", "expert-nails")
            .execute(),
      ],
      [
        "add a setting",
        () =>
          t.db
            .insertInto("salon_settings")
            .values({ key: "prueba", value: "1", updated_at: new Date().toISOString() })
            .execute(),
      ],
      ["remove it", () => t.db.deleteFrom("salon_settings").where("key", "=", "prueba").execute()],
    ];
    for (const [what, write] of writes) {
      const before = await version();
      await write();
      expect(await version(), what).toBeGreaterThan(before);
    }
  });

  it("does not move on reads or on writes to other tables", async () => {
    const before = await version();
    await t.db.selectFrom("courses").selectAll().execute();
    await t.db
      .insertInto("rate_limits")
      .values({ key: "x", points: 1, expires_at: new Date().toISOString() })
      .execute();
    expect(await version()).toBe(before);
  });

  // SQLite has one writer at a time and no second connection to look from.
  if (kind === "postgres")
    it("is bumped at commit, not before, and not at all on rollback", async () => {
      const before = await version();
      let inside = 0;
      await t.db.transaction().execute(async (trx) => {
        await trx.updateTable("courses").set({ price_cents: 22222 }).where("id", "=", "expert-nails").execute();
        inside = await version(); // another connection, while the change is uncommitted
      });
      expect(inside).toBe(before);
      expect(await version()).toBeGreaterThan(before);

      const committed = await version();
      await t.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("courses").set({ price_cents: 1 }).where("id", "=", "expert-nails").execute();
          throw new Error("rollback");
        })
        .catch(() => undefined);
      expect(await version()).toBe(committed);
    });
});
