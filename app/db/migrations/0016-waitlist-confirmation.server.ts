import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Waiting-list entries are confirmed by email before they count (issue 31):
 * - waitlist_entries.confirmed_at: when the address was confirmed (the emailed
 *   link, or a signed-in account with that verified address). A new entry from
 *   anyone else starts with status `pending` and is dropped after 48 h unless
 *   confirmed; only confirmed entries (waiting) are offered seats, in
 *   confirmed_at order. Entries made before this migration were taken under
 *   the old rules: they count as confirmed when they were made.
 * - the one-live-entry-per-edition-and-address index now covers `pending` too.
 * - waitlist_confirmations: the SHA-256 of each emailed link's token (made when
 *   the email is sent). A link lives and dies with its entry: good while the
 *   entry is pending and within its 48 h (its created_at), spent when the entry
 *   is confirmed, deleted with it.
 */
export const waitlistConfirmation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("waitlist_entries").addColumn("confirmed_at", "text").execute();
    await sql`update waitlist_entries set confirmed_at = created_at`.execute(db);
    await db.schema.dropIndex("waitlist_entries_active_uq").execute();
    await db.schema
      .createIndex("waitlist_entries_active_uq")
      .on("waitlist_entries")
      .columns(["edition_id", "email"])
      .unique()
      .where(sql.ref("status"), "in", sql`('pending', 'waiting', 'offered')`)
      .execute();
    await db.schema
      .createIndex("waitlist_entries_email_idx")
      .on("waitlist_entries")
      .columns(["email", "status"])
      .execute();
    await db.schema
      .createTable("waitlist_confirmations")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("entry_id", "text", (c) => c.notNull().references("waitlist_entries.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("waitlist_confirmations_entry_idx")
      .on("waitlist_confirmations")
      .column("entry_id")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("waitlist_confirmations").ifExists().execute();
    await sql`delete from waitlist_entries where status = 'pending'`.execute(db);
    await db.schema.dropIndex("waitlist_entries_email_idx").ifExists().execute();
    await db.schema.dropIndex("waitlist_entries_active_uq").execute();
    await db.schema
      .createIndex("waitlist_entries_active_uq")
      .on("waitlist_entries")
      .columns(["edition_id", "email"])
      .unique()
      .where(sql.ref("status"), "in", sql`('waiting', 'offered')`)
      .execute();
    await db.schema.alterTable("waitlist_entries").dropColumn("confirmed_at").execute();
  },
};
