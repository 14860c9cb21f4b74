import { PostgresAdapter, sql, type Kysely, type SqlBool } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Indexes for the staff lists on years of history (`npm run bench:scale`): the
 * order and invoice lists, their deep pages, filters, search and totals read
 * an index instead of every row.
 *
 * - `orders (status, refunded_cents, created_at, id)`: the status filters
 *   ("paid" is status paid with nothing refunded, "Reembolso parcial" paid
 *   with something refunded), counted and paged newest first in the index.
 * - `orders (lower(email), user_id, created_at, id)`: the search. A "contains"
 *   search cannot seek, but on SQLite it reads this narrow index instead of
 *   the table (SQLite only: PostgreSQL would not read it).
 * - `invoices (demo, issue_date, issued_at, full_number, id, kind, base_cents,
 *   vat_cents, total_cents)`: a period's count, its pages (newest first) and its
 *   totals by month, all from the index.
 * - `invoice_lines (invoice_id, vat_treatment, vat_rate_bp, base_cents,
 *   vat_cents)`: the period's totals by VAT rate and each page's split read the
 *   lines from the index; it replaces 0024's `invoice_lines_by_invoice`
 *   (its first column).
 * - `invoice_lines (invoice_id, …) where not at 21 %`: the few lines that are
 *   exempt or at another rate; a period's totals by rate read only those
 *   (the 21 % row is what they leave of the invoices' totals).
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["orders_by_status", "orders", ["status", "refunded_cents", "created_at", "id"]],
  [
    "invoices_by_period",
    "invoices",
    ["demo", "issue_date", "issued_at", "full_number", "id", "kind", "base_cents", "vat_cents", "total_cents"],
  ],
  ["invoice_lines_vat", "invoice_lines", ["invoice_id", "vat_treatment", "vat_rate_bp", "base_cents", "vat_cents"]],
];

export const listIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [name, table, columns] of INDEXES) {
      await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
    }
    // PostgreSQL reads no expression index without its column: the search scans the table there.
    if (!(db.getExecutor().adapter instanceof PostgresAdapter))
      await db.schema
        .createIndex("orders_search")
        .ifNotExists()
        .on("orders")
        .expression(sql`lower(email), user_id, created_at, id`)
        .execute();
    await db.schema
      .createIndex("invoice_lines_other_rates")
      .ifNotExists()
      .on("invoice_lines")
      .columns(["invoice_id", "vat_treatment", "vat_rate_bp", "base_cents", "vat_cents"])
      .where(sql<SqlBool>`(vat_treatment <> 'standard' or vat_rate_bp <> 2100)`)
      .execute();
    await db.schema.dropIndex("invoice_lines_by_invoice").ifExists().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex("invoice_lines_by_invoice")
      .ifNotExists()
      .on("invoice_lines")
      .column("invoice_id")
      .execute();
    await db.schema.dropIndex("invoice_lines_other_rates").ifExists().execute();
    await db.schema.dropIndex("orders_search").ifExists().execute();
    for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).ifExists().execute();
  },
};
