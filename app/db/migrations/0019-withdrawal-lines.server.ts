import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A withdrawal covers chosen lines of an order (outside walk, item 13): the
 * buyer may withdraw from one course of a two-course order and later from the
 * other, so an order can have several withdrawals.
 *
 * - `withdrawal_lines` (new): which order lines each withdrawal covers. Its key
 *   is the order line, so a line is withdrawn at most once (the database says
 *   no to a second row even if the order's lock were ever skipped).
 * - `withdrawals.order_id` is no longer unique (an index stays). SQLite cannot
 *   drop a UNIQUE in place: the table is rebuilt (nothing referenced it yet).
 *
 * Withdrawals made before cover every line the buyer kept (all lines but those
 * refunded for lack of a seat), which is what they did.
 */
export const withdrawalLines: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`alter table withdrawals drop constraint if exists withdrawals_order_id_key`.execute(db);
    } else {
      await sql`create table withdrawals_new (
        id text primary key,
        order_id text not null references orders(id) on delete cascade,
        requested_at text not null,
        status text not null,
        refund_id text,
        proposed_cents integer
      )`.execute(db);
      await sql`insert into withdrawals_new (id, order_id, requested_at, status, refund_id, proposed_cents)
        select id, order_id, requested_at, status, refund_id, proposed_cents from withdrawals`.execute(db);
      await sql`drop table withdrawals`.execute(db);
      await sql`alter table withdrawals_new rename to withdrawals`.execute(db);
    }
    await db.schema.createIndex("withdrawals_order_idx").on("withdrawals").column("order_id").execute();
    await db.schema
      .createTable("withdrawal_lines")
      .addColumn("order_item_id", "text", (c) => c.primaryKey().references("order_items.id").onDelete("cascade"))
      .addColumn("withdrawal_id", "text", (c) => c.notNull().references("withdrawals.id").onDelete("cascade"))
      .execute();
    await db.schema
      .createIndex("withdrawal_lines_withdrawal_idx")
      .on("withdrawal_lines")
      .column("withdrawal_id")
      .execute();
    await sql`insert into withdrawal_lines (order_item_id, withdrawal_id)
      select i.id, w.id from withdrawals w join order_items i on i.order_id = w.order_id
      where i.no_seat_at is null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("withdrawal_lines").ifExists().execute();
    await db.schema.dropIndex("withdrawals_order_idx").ifExists().execute();
  },
};
