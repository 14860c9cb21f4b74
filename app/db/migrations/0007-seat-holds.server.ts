import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Seats cannot be oversold (structure only):
 * - course_editions.seats_held: seats reserved by payments in progress. A new
 *   checkout takes one with a conditional UPDATE (`seats_taken + seats_held < seats`),
 *   so the row itself decides across processes on SQLite and PostgreSQL.
 * - seat_holds: one row per order and edition. It ends either converted (the order
 *   was paid: the held seat becomes taken) or released (expired, failed, cancelled).
 *   expires_at is the payment session's end; null while an async payment settles.
 * - order_items.no_seat_at: the line was paid, but its seat could no longer be
 *   given (the hold had expired and the edition filled, or the edition was
 *   cancelled); that amount is refunded automatically.
 * No backfill: orders pending from before hold nothing, and a late payment of
 * theirs takes a free seat or is refunded like any other.
 */
export const seatHolds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("course_editions")
      .addColumn("seats_held", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("order_items").addColumn("no_seat_at", "text").execute();
    await db.schema
      .createTable("seat_holds")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("edition_id", "text", (c) => c.notNull().references("course_editions.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text")
      .addColumn("released_at", "text")
      .addColumn("converted_at", "text")
      .addUniqueConstraint("seat_holds_order_edition_uq", ["order_id", "edition_id"])
      .execute();
    // The active holds of an edition: counted for the catalogue, released when expired.
    await db.schema
      .createIndex("seat_holds_active_idx")
      .on("seat_holds")
      .columns(["edition_id", "expires_at"])
      .where(sql.ref("released_at"), "is", null)
      .where(sql.ref("converted_at"), "is", null)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("seat_holds").ifExists().execute();
    await db.schema.alterTable("order_items").dropColumn("no_seat_at").execute();
    await db.schema.alterTable("course_editions").dropColumn("seats_held").execute();
  },
};
