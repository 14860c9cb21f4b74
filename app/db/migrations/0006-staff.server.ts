import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The back office (structure only):
 * - users.role: customer (default) | staff | owner. Only an owner manages staff.
 * - sessions.second_factor_at: set on sessions opened with password + TOTP (or a
 *   recovery code). The staff area accepts only such sessions; staff sessions are short.
 * - staff_invitations: one-time activation links (hash only) for new staff and the first owner.
 * - staff_totp + recovery_codes: the second factor (RFC 6238 secret, last step used
 *   so a code is never accepted twice; ten single-use recovery codes, hash only).
 * - staff_challenges: the step between a correct password and the second factor.
 * - audit_log: every staff write — who, what, when, before and after (JSON).
 * - courses.published_at/updated_at, course_editions.schedule/updated_at/cancelled_at.
 * - salon_settings: key/value switches the staff set (which sales events the salon is emailed).
 * - user_settings: only the preferences something acts on stay (reminder emails,
 *   marketing consent with its date); the three nothing read are dropped.
 */
export const staff: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("users")
      .addColumn("role", "text", (c) => c.notNull().defaultTo("customer"))
      .execute();
    await db.schema.alterTable("users").addColumn("role_changed_at", "text").execute();
    await db.schema.alterTable("sessions").addColumn("second_factor_at", "text").execute();

    await db.schema
      .createTable("staff_invitations")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("invited_by", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("staff_totp")
      .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("secret", "text", (c) => c.notNull())
      .addColumn("confirmed_at", "text")
      .addColumn("last_step", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("recovery_codes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("recovery_codes_user_idx").on("recovery_codes").column("user_id").execute();

    await db.schema
      .createTable("staff_challenges")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("redirect_to", "text")
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("audit_log")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("actor_id", "text")
      .addColumn("actor_email", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("entity_type", "text", (c) => c.notNull())
      .addColumn("entity_id", "text")
      .addColumn("before_json", "text")
      .addColumn("after_json", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("audit_log_created_idx").on("audit_log").column("created_at").execute();

    await db.schema.alterTable("courses").addColumn("updated_at", "text").execute();
    await db.schema
      .alterTable("course_editions")
      .addColumn("schedule", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema.alterTable("course_editions").addColumn("updated_at", "text").execute();
    await db.schema.alterTable("course_editions").addColumn("cancelled_at", "text").execute();

    await db.schema
      .createTable("salon_settings")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema.alterTable("user_settings").addColumn("newsletter_consent_at", "text").execute();
    await sql`update user_settings set newsletter_consent_at = updated_at where newsletter = 1`.execute(db);
    for (const column of ["progress_notifications", "public_profile", "show_progress"]) {
      await db.schema.alterTable("user_settings").dropColumn(column).execute();
    }
  },
};
