import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Demo documents (issue 31, item 4; app/invoices/series.ts): a sale paid
 * through the demo gateway took no money, so its documents are not invoices.
 * They go to their own "DEMO-" series, with no billing record and no QR, and
 * `invoices.demo = 1` marks them for every reader (PDF, emails, Gestión's
 * list and totals, the chain's check).
 *
 * Rows already issued keep `demo = 0`, whatever order they document: invoices
 * and billing records are immutable (0011's triggers) and the chain holds them,
 * so this migration rewrites no history. What an operator does about demo
 * sales invoiced before this migration: docs/invoicing.md, "Demo sales".
 * Adding a column with a constant default changes no row (no trigger fires).
 */
export const demoDocuments: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table invoices add column demo integer not null default 0`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("invoices").dropColumn("demo").execute();
  },
};
