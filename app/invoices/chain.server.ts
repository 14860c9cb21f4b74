/**
 * Numbers and records: the two things every issued invoice takes in order.
 *
 * Lock order (the same for every issuer, so no two wait on each other): the
 * chain's head row first (`billing_chain`, one row), then the series counter.
 * An issuer holds both until its transaction ends, so on PostgreSQL issuers on
 * any number of instances queue one after another; on SQLite the write lock
 * does the same. A transaction that rolls back gives back its number and its
 * chain position: numbers have no gap and no duplicate.
 */
import type { Db } from "~/db/db.server.ts";
import { registroAltaXml, type RegistroAltaInput } from "./verifactu-xml.ts";
import { altaHashInput, huella, type AltaHashFields } from "./verifactu.ts";

interface ChainHead {
  /** The position the new record takes (1 for the first). */
  position: number;
  /** The previous record's huella ("" for the first). */
  previousHuella: string;
  /** The previous record's identity, for the XML's Encadenamiento. */
  previous: { issuerNif: string; invoiceNumber: string; issueDate: string } | null;
}

/** Takes the chain's head (locking it until the transaction ends). Call it first. */
export async function lockChainHead(trx: Db): Promise<ChainHead> {
  const head = await trx
    .updateTable("billing_chain")
    .set((eb) => ({ last_position: eb("last_position", "+", 1) }))
    .where("id", "=", 1)
    .returning(["last_position", "last_huella"])
    .executeTakeFirstOrThrow();
  const previous =
    head.last_position > 1
      ? await trx
          .selectFrom("billing_records")
          .select(["issuer_nif", "invoice_number", "issue_date"])
          .where("position", "=", head.last_position - 1)
          .executeTakeFirstOrThrow()
      : null;
  return {
    position: head.last_position,
    previousHuella: head.last_huella,
    previous: previous
      ? { issuerNif: previous.issuer_nif, invoiceNumber: previous.invoice_number, issueDate: previous.issue_date }
      : null,
  };
}

/** The next number of `series` (1 for a new series), under the counter row's lock. */
export async function nextInvoiceNumber(trx: Db, series: string): Promise<number> {
  await trx
    .insertInto("invoice_counters")
    .values({ series, last_number: 0 })
    .onConflict((oc) => oc.column("series").doNothing())
    .execute();
  const row = await trx
    .updateTable("invoice_counters")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("series", "=", series)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** The `billing_records` row of an alta: its hashed fields, huella and XML (the chain and the bulk seed write the same). */
export function billingRecordRow(input: {
  position: number;
  invoiceId: string;
  fields: AltaHashFields;
  huella: string;
  xml: string;
  correctsPosition?: number | null;
}) {
  const { fields } = input;
  return {
    position: input.position,
    invoice_id: input.invoiceId,
    record_type: "alta" as const,
    issuer_nif: fields.issuerNif,
    invoice_number: fields.invoiceNumber,
    issue_date: fields.issueDate,
    invoice_type: fields.invoiceType,
    vat_total: fields.vatTotal,
    amount_total: fields.amountTotal,
    previous_huella: fields.previousHuella,
    generated_at: fields.generatedAt,
    huella: input.huella,
    xml: input.xml,
    corrects_position: input.correctsPosition ?? null,
  };
}

/**
 * Writes the invoice's billing record at the head's position, with its huella
 * over the AEAT's fields chained to the previous one, and its XML; moves the
 * head. `xml` gets every field but the chaining, which is added here.
 */
export async function appendBillingRecord(
  trx: Db,
  head: ChainHead,
  input: {
    invoiceId: string;
    fields: Omit<AltaHashFields, "previousHuella">;
    xml: Omit<RegistroAltaInput, "hash" | "previous">;
    /** A subsanación: the rejected record it corrects (its XML then says Subsanacion and RechazoPrevio "S"). */
    correctsPosition?: number;
  },
): Promise<string> {
  const fields: AltaHashFields = { ...input.fields, previousHuella: head.previousHuella };
  const digest = huella(altaHashInput(fields));
  const correcting = input.correctsPosition !== undefined;
  const xml = registroAltaXml({ ...input.xml, subsanacion: correcting, hash: fields, previous: head.previous });
  await trx
    .insertInto("billing_records")
    .values(
      billingRecordRow({
        position: head.position,
        invoiceId: input.invoiceId,
        fields,
        huella: digest,
        xml,
        correctsPosition: input.correctsPosition,
      }),
    )
    .execute();
  await trx.updateTable("billing_chain").set({ last_huella: digest }).where("id", "=", 1).execute();
  return digest;
}
