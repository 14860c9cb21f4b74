import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Invoicing (issue 13).
 *
 * - Billing details: a buyer who wants a factura completa gives name, NIF/NIE/CIF
 *   and address; they are kept on the order (what the invoice states) and on the
 *   user (offered next time).
 * - `courses.vat_treatment`: "standard" (21 % included in the price) or "exempt"
 *   (art. 20.Uno.9º LIVA).
 * - `refunds.item_ids`: the order lines a refund is for (JSON array), when it is
 *   for whole lines (a duplicate purchase, a line without a seat); the
 *   rectificativa then takes its VAT from those lines.
 * - `invoice_counters`: the last number given in each series. A number is taken
 *   with one `update … returning` in the transaction that issues the invoice, so
 *   concurrent issuers queue on the row and a rolled-back issue gives its number
 *   back: no gap, no duplicate, on any number of instances.
 * - `invoices` + `invoice_lines`: what was issued, with the seller and buyer as
 *   they were. One ordinary invoice per order, one rectificativa per refund.
 * - `billing_records` (registros de facturación): one per invoice, chained by
 *   `huella` in `position` order. `billing_chain` (one row) holds the chain's
 *   head and is the lock that orders the records.
 * - `billing_submissions`: what was sent to the AEAT and its answer, apart from
 *   the records, which are never changed.
 *
 * Invoices, their lines and the records refuse UPDATE and DELETE (triggers).
 */
const IMMUTABLE = ["invoices", "invoice_lines", "billing_records"] as const;

export const invoices: Migration = {
  async up(db: Kysely<unknown>) {
    const billingColumns = ["billing_name", "billing_tax_id", "billing_address", "billing_postal_code", "billing_city"];
    for (const table of ["users", "orders"]) {
      for (const column of billingColumns) {
        await db.schema.alterTable(table).addColumn(column, "text").execute();
      }
    }
    await db.schema
      .alterTable("courses")
      .addColumn("vat_treatment", "text", (c) => c.notNull().defaultTo("standard"))
      .execute();
    await db.schema.alterTable("refunds").addColumn("item_ids", "text").execute();
    // The seller data the owner keeps in Gestión (app/invoices/seller.server.ts). The row
    // always exists, so an issuer can lock it against a concurrent save.
    await sql`insert into salon_settings (key, value, updated_at) values ('seller', '{}', ${new Date().toISOString()})
      on conflict (key) do nothing`.execute(db);

    await db.schema
      .createTable("invoice_counters")
      .addColumn("series", "text", (c) => c.primaryKey())
      .addColumn("last_number", "integer", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("invoices")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("series", "text", (c) => c.notNull())
      .addColumn("number", "integer", (c) => c.notNull())
      .addColumn("full_number", "text", (c) => c.notNull().unique())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
      .addColumn("refund_id", "text", (c) => c.unique().references("refunds.id"))
      .addColumn("rectified_invoice_id", "text", (c) => c.references("invoices.id"))
      .addColumn("issued_at", "text", (c) => c.notNull())
      .addColumn("issue_date", "text", (c) => c.notNull())
      .addColumn("operation_date", "text")
      .addColumn("seller", "text", (c) => c.notNull())
      .addColumn("buyer", "text")
      .addColumn("buyer_email", "text")
      .addColumn("base_cents", "integer", (c) => c.notNull())
      .addColumn("vat_cents", "integer", (c) => c.notNull())
      .addColumn("total_cents", "integer", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("payment_method", "text")
      .addColumn("reason", "text")
      // The QR's AEAT verification URL, fixed when issued; 1 when the record goes to the AEAT (VERI*FACTU).
      .addColumn("qr_url", "text", (c) => c.notNull())
      .addColumn("verifactu", "integer", (c) => c.notNull())
      .addUniqueConstraint("invoices_series_number", ["series", "number"])
      .execute();
    // One ordinary invoice per order, whatever races to issue it.
    await sql`create unique index invoices_one_per_order on invoices (order_id) where kind in ('F1', 'F2')`.execute(db);
    await db.schema.createIndex("invoices_issue_date").on("invoices").columns(["issue_date"]).execute();

    await db.schema
      .createTable("invoice_lines")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("order_item_id", "text")
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("detail", "text")
      .addColumn("quantity", "integer", (c) => c.notNull())
      .addColumn("vat_treatment", "text", (c) => c.notNull())
      .addColumn("vat_rate_bp", "integer", (c) => c.notNull())
      .addColumn("base_cents", "integer", (c) => c.notNull())
      .addColumn("vat_cents", "integer", (c) => c.notNull())
      .addColumn("total_cents", "integer", (c) => c.notNull())
      .addUniqueConstraint("invoice_lines_position", ["invoice_id", "position"])
      .execute();

    await db.schema
      .createTable("billing_chain")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("last_position", "integer", (c) => c.notNull())
      .addColumn("last_huella", "text", (c) => c.notNull())
      .execute();
    await sql`insert into billing_chain (id, last_position, last_huella) values (1, 0, '')`.execute(db);

    await db.schema
      .createTable("billing_records")
      .addColumn("position", "integer", (c) => c.primaryKey())
      .addColumn("invoice_id", "text", (c) => c.notNull().unique().references("invoices.id"))
      .addColumn("record_type", "text", (c) => c.notNull())
      // The hashed fields exactly as hashed (and as the XML states them).
      .addColumn("issuer_nif", "text", (c) => c.notNull())
      .addColumn("invoice_number", "text", (c) => c.notNull())
      .addColumn("issue_date", "text", (c) => c.notNull())
      .addColumn("invoice_type", "text", (c) => c.notNull())
      .addColumn("vat_total", "text", (c) => c.notNull())
      .addColumn("amount_total", "text", (c) => c.notNull())
      .addColumn("previous_huella", "text", (c) => c.notNull())
      .addColumn("generated_at", "text", (c) => c.notNull())
      .addColumn("huella", "text", (c) => c.notNull().unique())
      // The registro de alta as the AEAT's web service takes it.
      .addColumn("xml", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("billing_submissions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("record_position", "integer", (c) => c.notNull().references("billing_records.position"))
      .addColumn("attempted_at", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("response", "text")
      .execute();

    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create function refuse_change() returns trigger language plpgsql as $$
        begin
          raise exception '% rows are never changed or deleted', tg_table_name;
        end $$`.execute(db);
      for (const table of IMMUTABLE) {
        await sql`create trigger ${sql.id(`${table}_immutable`)} before update or delete on ${sql.table(table)}
          for each row execute function refuse_change()`.execute(db);
      }
    } else {
      for (const table of IMMUTABLE) {
        for (const event of ["update", "delete"]) {
          await sql`create trigger ${sql.id(`${table}_no_${event}`)} before ${sql.raw(event)} on ${sql.table(table)}
            begin select raise(abort, ${sql.lit(`${table} rows are never changed or deleted`)}); end`.execute(db);
        }
      }
    }
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`drop function if exists refuse_change() cascade`.execute(db);
    }
    for (const table of ["billing_submissions", "billing_records", "billing_chain", "invoice_lines", "invoices", "invoice_counters"]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.alterTable("refunds").dropColumn("item_ids").execute();
    await db.schema.alterTable("courses").dropColumn("vat_treatment").execute();
    for (const table of ["users", "orders"]) {
      for (const column of ["billing_name", "billing_tax_id", "billing_address", "billing_postal_code", "billing_city"]) {
        await db.schema.alterTable(table).dropColumn(column).execute();
      }
    }
  },
};
