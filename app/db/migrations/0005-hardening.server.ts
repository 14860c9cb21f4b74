import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Hardening (structure only):
 * - jobs: the transactional outbox. A job (an email to send, a refund to make)
 *   is written in the same transaction as the state change that causes it; a
 *   worker runs it afterwards and marks it done only once it succeeded, so a
 *   crash between the two can delay it but never lose it. `dedupe_key` is unique:
 *   enqueueing the same job twice (a redelivered webhook) stores it once.
 * - users.email_verified_at + email_verifications: ownership of the address is
 *   proven by a link before the account may be linked to a Google identity.
 * - enrollments.ended_at/end_reason and a unique index on the ACTIVE enrolment of
 *   a user in a course: the database itself refuses a second one, so two payments
 *   racing for the same course enrol once and the other is refunded.
 * - refunds: one row per refund the site asks the provider for (or records).
 * - orders.refunded_cents: what has been given back so far.
 */
export const hardening: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("jobs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("dedupe_key", "text", (c) => c.unique())
      .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("run_after", "text", (c) => c.notNull())
      .addColumn("locked_until", "text")
      .addColumn("locked_by", "text")
      .addColumn("last_error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("done_at", "text")
      .execute();
    await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["status", "run_after"]).execute();

    await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
    // Google proved these addresses when the account was created or linked.
    await sql`update users set email_verified_at = created_at where google_sub is not null`.execute(db);
    await db.schema
      .createTable("email_verifications")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("email_verifications_user_idx").on("email_verifications").column("user_id").execute();

    await db.schema.alterTable("enrollments").addColumn("ended_at", "text").execute();
    await db.schema.alterTable("enrollments").addColumn("end_reason", "text").execute();
    // Earlier duplicates (the defect this fixes) keep their row but stop being active;
    // the one that gives access longest stays (a later purchase after access ran out).
    await sql`update enrollments set ended_at = enrolled_at, end_reason = 'duplicate'
      where exists (select 1 from enrollments e2 where e2.user_id = enrollments.user_id
        and e2.course_id = enrollments.course_id
        and (e2.access_until > enrollments.access_until or (e2.access_until = enrollments.access_until and e2.id > enrollments.id)))`.execute(
      db,
    );
    await db.schema
      .createIndex("enrollments_active_uq")
      .unique()
      .on("enrollments")
      .columns(["user_id", "course_id"])
      .where(sql.ref("ended_at"), "is", null)
      .execute();

    await db.schema
      .alterTable("orders")
      .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("refunds")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
      .addColumn("amount_cents", "integer", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      /** pending | succeeded | failed */
      .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
      .addColumn("provider_refund_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("completed_at", "text")
      .execute();
    await db.schema.createIndex("refunds_order_idx").on("refunds").column("order_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("refunds").ifExists().execute();
    await db.schema.alterTable("orders").dropColumn("refunded_cents").execute();
    await db.schema.dropIndex("enrollments_active_uq").ifExists().execute();
    await db.schema.alterTable("enrollments").dropColumn("end_reason").execute();
    await db.schema.alterTable("enrollments").dropColumn("ended_at").execute();
    await db.schema.dropTable("email_verifications").ifExists().execute();
    await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
    await db.schema.dropTable("jobs").ifExists().execute();
  },
};
