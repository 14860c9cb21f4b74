import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/db.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, migrateTo } from "../helpers/migrations.ts";

describe.each(dbKinds)("0019 withdrawal lines on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("gives a withdrawal made before every line the buyer kept, and lets an order have several", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    await migrateTo(db, "0017-activation-binding");
    const now = "2026-11-20T10:00:00.000Z";
    await sql`insert into orders (id, user_id, email, status, total_cents, currency, payment_method, provider, created_at, updated_at, kind)
      values ('o-1', null, 'ana@example.com', 'paid', 58000, 'eur', 'card', 'demo', ${now}, ${now}, 'courses')`.execute(
      db,
    );
    await sql`insert into order_items (id, order_id, course_id, edition_id, title, price_cents, edition_starts_on, edition_ends_on, no_seat_at)
      values ('i-kept', 'o-1', 'formacion-inicio', null, 'Formación de inicio', 30000, null, null, null),
             ('i-kept-2', 'o-1', 'expert-nails', null, 'Expert nails', 28000, null, null, null),
             ('i-no-seat', 'o-1', 'manicura', null, 'Manicura', 5000, null, null, ${now})`.execute(db);
    await sql`insert into withdrawals (id, order_id, requested_at, status, refund_id, proposed_cents)
      values ('w-1', 'o-1', ${now}, 'refunded', null, null)`.execute(db);

    expect(await migrateToLatest(db)).toContain("0019-withdrawal-lines");

    const lines = await db
      .selectFrom("withdrawal_lines")
      .select(["order_item_id", "withdrawal_id"])
      .orderBy("order_item_id")
      .execute();
    expect(lines).toEqual([
      { order_item_id: "i-kept", withdrawal_id: "w-1" },
      { order_item_id: "i-kept-2", withdrawal_id: "w-1" },
    ]);
    const kept = await db.selectFrom("withdrawals").selectAll().execute();
    expect(kept).toEqual([
      { id: "w-1", order_id: "o-1", requested_at: now, status: "refunded", refund_id: null, proposed_cents: null },
    ]);
    // A second withdrawal of the same order is allowed; a line withdrawn twice, or a withdrawal of no order, is not.
    await sql`insert into withdrawals (id, order_id, requested_at, status) values ('w-2', 'o-1', ${now}, 'refunded')`.execute(
      db,
    );
    await expect(
      sql`insert into withdrawal_lines (order_item_id, withdrawal_id) values ('i-kept', 'w-2')`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`insert into withdrawals (id, order_id, requested_at, status) values ('w-3', 'no-such-order', ${now}, 'refunded')`.execute(
        db,
      ),
    ).rejects.toThrow();
    await sql`insert into withdrawal_lines (order_item_id, withdrawal_id) values ('i-no-seat', 'w-2')`.execute(db);
    expect(await db.selectFrom("withdrawal_lines").select("order_item_id").execute()).toHaveLength(3);
  });
});
