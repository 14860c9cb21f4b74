import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Waiting lists of full editions (structure only):
 * - waitlist_entries: one row per person and edition. status waiting → offered
 *   (a freed seat is held for them until offer_expires_at: it counts in
 *   course_editions.seats_held) → taken (their checkout turned it into an order's
 *   seat hold) or lapsed (not used in time: the seat goes to the next one);
 *   removed by the staff. One active entry (waiting/offered) per edition and email.
 * - offer_token_hash: sha256 of the link's token, made when the offer email is sent.
 */
export const waitlist: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("waitlist_entries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("edition_id", "text", (c) => c.notNull().references("course_editions.id").onDelete("cascade"))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("offered_at", "text")
      .addColumn("offer_expires_at", "text")
      .addColumn("offer_token_hash", "text")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("waiting"))
      .execute();
    await db.schema
      .createIndex("waitlist_entries_active_uq")
      .on("waitlist_entries")
      .columns(["edition_id", "email"])
      .unique()
      .where(sql.ref("status"), "in", sql`('waiting', 'offered')`)
      .execute();
    await db.schema
      .createIndex("waitlist_entries_edition_idx")
      .on("waitlist_entries")
      .columns(["edition_id", "status", "created_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("waitlist_entries").ifExists().execute();
  },
};
