import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * What checkout and fulfilment need beyond 0001:
 * - orders.checkout_key + a unique index over PENDING orders only: two clicks on
 *   "Pagar" for the same buyer, courses and method race for one row, and the
 *   loser reuses the winner's order (see app/orders/orders.server.ts).
 * - orders.checkout_completed_at: the buyer finished the hosted page but the
 *   money has not settled yet (asynchronous methods); such an order stays pending.
 * - orders.confirmation_sent_at: the confirmation email is claimed once, after commit.
 * - order_items.edition_starts_on/ends_on: the edition's dates copied at purchase,
 *   so history and calendars survive a course or edition leaving the catalogue.
 * SQLite adds one column per ALTER TABLE, hence the separate statements.
 */
export const payments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("orders").addColumn("checkout_key", "text").execute();
    await db.schema.alterTable("orders").addColumn("checkout_completed_at", "text").execute();
    await db.schema.alterTable("orders").addColumn("confirmation_sent_at", "text").execute();
    await db.schema.alterTable("order_items").addColumn("edition_starts_on", "text").execute();
    await db.schema.alterTable("order_items").addColumn("edition_ends_on", "text").execute();

    await db.schema
      .createIndex("orders_pending_checkout_key_uq")
      .unique()
      .on("orders")
      .column("checkout_key")
      .where(sql.ref("status"), "=", "pending")
      .execute();
    await db.schema.createIndex("orders_user_created_idx").on("orders").columns(["user_id", "created_at"]).execute();
    await db.schema
      .createIndex("order_items_order_course_uq")
      .unique()
      .on("order_items")
      .columns(["order_id", "course_id"])
      .execute();
    await db.schema.createIndex("payment_events_order_idx").on("payment_events").column("order_id").execute();
    await db.schema.createIndex("enrollments_course_idx").on("enrollments").columns(["user_id", "course_id"]).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const name of [
      "enrollments_course_idx",
      "payment_events_order_idx",
      "order_items_order_course_uq",
      "orders_user_created_idx",
      "orders_pending_checkout_key_uq",
    ]) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
    await db.schema.alterTable("order_items").dropColumn("edition_ends_on").execute();
    await db.schema.alterTable("order_items").dropColumn("edition_starts_on").execute();
    await db.schema.alterTable("orders").dropColumn("confirmation_sent_at").execute();
    await db.schema.alterTable("orders").dropColumn("checkout_completed_at").execute();
    await db.schema.alterTable("orders").dropColumn("checkout_key").execute();
  },
};
