import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Accounts: the database itself refuses a second account whose email differs
 * only in case (the app lower-cases too, this guards every other writer), and
 * lookups of a user's reset links and expired rate-limit rows stay indexed.
 */
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("users_email_lower_uq").on("users").unique().expression(sql`lower(email)`).execute();
    await db.schema.createIndex("password_resets_user_idx").on("password_resets").column("user_id").execute();
    await db.schema.createIndex("rate_limits_expires_idx").on("rate_limits").column("expires_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("rate_limits_expires_idx").ifExists().execute();
    await db.schema.dropIndex("password_resets_user_idx").ifExists().execute();
    await db.schema.dropIndex("users_email_lower_uq").ifExists().execute();
  },
};
