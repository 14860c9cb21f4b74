import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Subsanación of a billing record the AEAT rejected (docs/invoicing.md): a
 * NEW record of the same invoice, chained like any other, so an invoice may
 * now have more than one record.
 *
 * - `billing_records.invoice_id` is no longer unique (an index stays, for
 *   the joins).
 * - `billing_records.corrects_position` (new, null on an ordinary record):
 *   the rejected record this one subsana. Unique: a rejected record is
 *   subsanado once, whatever two staff members or a double click do.
 * - `billing_record_status.state` gains "corrected": rejected, then subsanado
 *   by the record whose corrects_position names it (text, no change here).
 *
 * SQLite cannot drop a column's UNIQUE: the table is rebuilt (SQLite's
 * documented procedure: foreign keys off, rebuild in a transaction, check,
 * back on), with its index and its UPDATE/DELETE triggers; the rows keep their
 * positions, so billing_submissions and billing_record_status still point at
 * them.
 */
export const billingSubsanacion: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`alter table billing_records drop constraint billing_records_invoice_id_key`.execute(db);
      await db.schema
        .alterTable("billing_records")
        .addColumn("corrects_position", "integer", (c) => c.references("billing_records.position"))
        .execute();
    } else {
      await rebuildOnSqlite(db);
    }
    await db.schema.createIndex("billing_records_invoice_idx").on("billing_records").column("invoice_id").execute();
    await db.schema
      .createIndex("billing_records_corrects_uq")
      .unique()
      .on("billing_records")
      .column("corrects_position")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("billing_records_corrects_uq").ifExists().execute();
    await db.schema.dropIndex("billing_records_invoice_idx").ifExists().execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await db.schema.alterTable("billing_records").dropColumn("corrects_position").execute();
      await sql`alter table billing_records add constraint billing_records_invoice_id_key unique (invoice_id)`.execute(
        db,
      );
    }
    // SQLite keeps the rebuilt table: putting back the UNIQUE would fail on an invoice with a subsanación.
  },
};

async function rebuildOnSqlite(db: Kysely<unknown>): Promise<void> {
  // Outside any transaction (SQLite ignores this pragma inside one); the migrator runs this on one connection.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create table billing_records_new (
        position integer primary key,
        invoice_id text not null references invoices(id),
        record_type text not null,
        issuer_nif text not null,
        invoice_number text not null,
        issue_date text not null,
        invoice_type text not null,
        vat_total text not null,
        amount_total text not null,
        previous_huella text not null,
        generated_at text not null,
        huella text not null unique,
        xml text not null,
        corrects_position integer references billing_records(position)
      )`.execute(trx);
      await sql`insert into billing_records_new
        (position, invoice_id, record_type, issuer_nif, invoice_number, issue_date, invoice_type, vat_total,
         amount_total, previous_huella, generated_at, huella, xml)
        select position, invoice_id, record_type, issuer_nif, invoice_number, issue_date, invoice_type, vat_total,
         amount_total, previous_huella, generated_at, huella, xml
        from billing_records`.execute(trx);
      // Dropping the table drops its triggers; a DROP fires no trigger.
      await sql`drop table billing_records`.execute(trx);
      await sql`alter table billing_records_new rename to billing_records`.execute(trx);
      for (const event of ["update", "delete"]) {
        await sql`create trigger ${sql.id(`billing_records_no_${event}`)} before ${sql.raw(event)} on billing_records
          begin select raise(abort, 'billing_records rows are never changed or deleted'); end`.execute(trx);
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error("0021: foreign keys broken by the rebuild of billing_records");
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
