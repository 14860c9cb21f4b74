import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Indexes for years of history (issue 33, `npm run bench:scale`): the reads
 * the staff screens make stayed fast on a young database only because every
 * table was small.
 *
 * - `invoice_lines (invoice_id)`: every invoice list page, total and export
 *   batch reads its lines by invoice (there was no index: a full scan each time).
 * - `invoices (order_id)`: an order's rectificativas and its documents (the
 *   partial unique index of 0011 covers F1/F2 only).
 * - `orders (paid_at)`: the panel's sales of the last 12 months.
 * - `orders (created_at, id)`: the order list and its CSV, newest first.
 * - `order_items (course_id)`: the list's course filter and the courses it offers.
 * - `appointments (professional_id, starts_at)`: one professional's diary.
 * - `refunds (completed_at)`: the panel's refunds of the last 12 months.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["invoice_lines_by_invoice", "invoice_lines", ["invoice_id"]],
  ["invoices_by_order", "invoices", ["order_id"]],
  ["orders_by_paid_at", "orders", ["paid_at"]],
  ["orders_by_created", "orders", ["created_at", "id"]],
  ["order_items_by_course", "order_items", ["course_id"]],
  ["appointments_by_professional_start", "appointments", ["professional_id", "starts_at"]],
  ["refunds_by_completed", "refunds", ["completed_at"]],
];

export const scaleIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [name, table, columns] of INDEXES) {
      await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).ifExists().execute();
  },
};
