import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The VERI*FACTU sender (app/invoices/aeat/): what became of each billing
 * record at the AEAT, apart from the immutable records.
 *
 * - `billing_record_status` (new): one row per record queued for the AEAT
 *   (written with the record while VERIFACTU_MODE is verifactu or
 *   verifactu-test). state: pending | accepted | accepted-with-errors |
 *   rejected; the AEAT's code, description and CSV; when it was last sent and
 *   answered; how many times it went out. A record without a row was written
 *   while the mode was off (or before this migration): "not sent", and it is
 *   never sent later by itself.
 * - `verifactu_sender` (new, one row): the earliest time the next request may
 *   go (the TiempoEsperaEnvio of the last answer) and the lease that lets only
 *   one instance send at a time.
 * - `billing_submissions` (0011) logs each request: its first record's
 *   position, status and the AEAT's raw answer.
 */
export const verifactuSender: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("billing_record_status")
      .addColumn("position", "integer", (c) => c.primaryKey().references("billing_records.position"))
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("code", "text")
      .addColumn("description", "text")
      .addColumn("csv", "text")
      .addColumn("submission_id", "text")
      .addColumn("sent_at", "text")
      .addColumn("answered_at", "text")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex("billing_record_status_state_idx")
      .on("billing_record_status")
      .columns(["state", "position"])
      .execute();
    await db.schema
      .createTable("verifactu_sender")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("not_before", "text", (c) => c.notNull())
      .addColumn("locked_until", "text")
      .addColumn("locked_by", "text")
      .execute();
    await (db as Kysely<{ verifactu_sender: { id: number; not_before: string } }>)
      .insertInto("verifactu_sender")
      .values({ id: 1, not_before: new Date(0).toISOString() })
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("verifactu_sender").ifExists().execute();
    await db.schema.dropTable("billing_record_status").ifExists().execute();
  },
};
