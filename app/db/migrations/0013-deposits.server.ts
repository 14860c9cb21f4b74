import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Deposits for appointments (issue 15).
 *
 * - `services.deposit_cents`: the señal the client pays online when she books
 *   the service; null for none.
 * - `orders.kind`: "courses" (the shop's orders) or "deposit" (a señal paid for
 *   one appointment). A deposit is a sale like a course: it goes through the
 *   same payment providers, webhooks, refunds, invoice and rectificativa.
 *   Its lines (`order_items`) carry the service id in `course_id`.
 * - `orders.appointment_id`: the appointment a deposit is for; unique, so an
 *   appointment has one deposit order whatever the retries.
 */
export const deposits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("services").addColumn("deposit_cents", "integer").execute();
    await db.schema
      .alterTable("orders")
      .addColumn("kind", "text", (c) => c.notNull().defaultTo("courses"))
      .execute();
    await db.schema.alterTable("orders").addColumn("appointment_id", "text").execute();
    await db.schema.createIndex("orders_appointment_uq").unique().on("orders").column("appointment_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("orders_appointment_uq").execute();
    await db.schema.alterTable("orders").dropColumn("appointment_id").execute();
    await db.schema.alterTable("orders").dropColumn("kind").execute();
    await db.schema.alterTable("services").dropColumn("deposit_cents").execute();
  },
};
