import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The buyer's withdrawal from a paid order (issue 12, /perfil/compras/:id/desistir):
 * one row per order (order_id unique), so a double submit records it once.
 * status: "refunded" (refund requested in full at once), "pending-staff" (an
 * edition started early: the staff confirm the proportional refund
 * proposed_cents) or "confirmed" (the staff asked for it; refund_id set).
 */
export const withdrawals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("withdrawals")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
      .addColumn("requested_at", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("refund_id", "text")
      .addColumn("proposed_cents", "integer")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("withdrawals").ifExists().execute();
  },
};
