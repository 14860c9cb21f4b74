/**
 * The chain's check (`npm run facturas:verificar`): walks the billing records in
 * order and reports the first broken link. A record is sound when
 * - its position follows the previous one (1, 2, 3… with no hole),
 * - its previous_huella is the previous record's huella ("" for the first),
 * - its huella is the SHA-256 of its own fields (altaHashInput), and
 * - those fields still say what its invoice says (issuer NIF, number, date,
 *   type, VAT and total), so an invoice altered after the fact shows too, and
 * - its document is an invoice, not a demo sale's document (app/invoices/series.ts);
 * - it is its invoice's first record, or a subsanación (subsanacion.server.ts) that names
 *   the invoice's previous record in corrects_position and says so in its XML;
 * the chain's head names the last record; and every invoice has its record.
 * Besides, each record's stored XML (what a sender hands to the AEAT) must still state its
 * columns (record-xml.ts): every record whose XML does not is listed in xmlMismatches.
 * Demo documents stand outside the chain: they are counted, never verified as
 * part of it. Reads in pages: any size.
 */
import type { Db } from "~/db/db.server.ts";
import { recordXmlMismatches } from "./record-xml.ts";
import { aeatAmount, aeatDate, altaHashInput, huella, type AltaHashFields } from "./verifactu.ts";

type ChainProblem =
  | "gap"
  | "previous-huella"
  | "huella"
  | "invoice-missing"
  | "invoice-differs"
  | "demo-in-chain"
  | "subsanacion"
  | "head"
  | "unrecorded";

interface ChainReport {
  /** Records checked. */
  records: number;
  /** Demo sales' documents: outside the chain by design, not checked against it. */
  demoDocuments: number;
  /**
   * The first broken link, or null when the whole chain holds. `position` is null for an
   * invoice that has no record at all ("unrecorded").
   */
  broken: { position: number | null; invoiceNumber: string | null; problem: ChainProblem; detail: string } | null;
  /** Every record checked whose stored XML no longer states its columns, with the XML's names of those fields. */
  xmlMismatches: { position: number; invoiceNumber: string; fields: string[] }[];
}

const PAGE = 500;

export async function verifyBillingChain(db: Db): Promise<ChainReport> {
  const demoRow = await db
    .selectFrom("invoices")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("demo", "=", 1)
    .executeTakeFirstOrThrow();
  const demoDocuments = Number(demoRow.n);
  let expectedPosition = 1;
  let previousHuella = "";
  let checked = 0;
  const xmlMismatches: ChainReport["xmlMismatches"] = [];
  // Each invoice's latest record so far: a later one must be its subsanación.
  const latestOfInvoice = new Map<string, number>();
  for (;;) {
    const rows = await db
      .selectFrom("billing_records")
      .leftJoin("invoices", "invoices.id", "billing_records.invoice_id")
      .select([
        "billing_records.position",
        "billing_records.issuer_nif",
        "billing_records.invoice_number",
        "billing_records.issue_date",
        "billing_records.invoice_type",
        "billing_records.vat_total",
        "billing_records.amount_total",
        "billing_records.previous_huella",
        "billing_records.generated_at",
        "billing_records.huella",
        "billing_records.xml",
        "billing_records.corrects_position",
        "invoices.id as invoice_id",
        "invoices.full_number",
        "invoices.kind",
        "invoices.issue_date as invoice_issue_date",
        "invoices.vat_cents",
        "invoices.total_cents",
        "invoices.seller",
        "invoices.demo",
      ])
      .where("billing_records.position", ">=", expectedPosition)
      .orderBy("billing_records.position")
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      const at = (problem: ChainProblem, detail: string): ChainReport => ({
        records: checked,
        demoDocuments,
        xmlMismatches,
        broken: { position: r.position, invoiceNumber: r.invoice_number, problem, detail },
      });
      if (r.position !== expectedPosition) {
        return at("gap", `falta el registro ${expectedPosition}: tras él viene el ${r.position}`);
      }
      if (r.previous_huella !== previousHuella) {
        return at("previous-huella", "la huella anterior que guarda no es la del registro anterior");
      }
      const fields: AltaHashFields = {
        issuerNif: r.issuer_nif,
        invoiceNumber: r.invoice_number,
        issueDate: r.issue_date,
        invoiceType: r.invoice_type as AltaHashFields["invoiceType"],
        vatTotal: r.vat_total,
        amountTotal: r.amount_total,
        previousHuella: r.previous_huella,
        generatedAt: r.generated_at,
      };
      const subsanacion = r.corrects_position !== null;
      const xmlFields = recordXmlMismatches(r.xml, { ...fields, huella: r.huella, subsanacion });
      if (xmlFields.length > 0) {
        xmlMismatches.push({ position: r.position, invoiceNumber: r.invoice_number, fields: xmlFields });
      }
      if (huella(altaHashInput(fields)) !== r.huella) {
        return at("huella", "sus datos ya no dan su huella: el registro se ha modificado");
      }
      if (!r.invoice_id) return at("invoice-missing", "la factura del registro no existe");
      if (r.demo === 1) {
        return at("demo-in-chain", "el registro es de un documento de demostración, que no es una factura");
      }
      const sellerNif = (JSON.parse(r.seller ?? "{}") as { nif?: string }).nif;
      const differs = [
        sellerNif !== r.issuer_nif && "NIF del emisor",
        r.full_number !== r.invoice_number && "número",
        aeatDate(r.invoice_issue_date ?? "") !== r.issue_date && "fecha de expedición",
        r.kind !== r.invoice_type && "tipo",
        aeatAmount(r.vat_cents ?? 0) !== r.vat_total && "cuota de IVA",
        aeatAmount(r.total_cents ?? 0) !== r.amount_total && "importe total",
      ].filter(Boolean);
      if (differs.length > 0) {
        return at("invoice-differs", `la factura ya no coincide con su registro: ${differs.join(", ")}`);
      }
      const earlier = latestOfInvoice.get(r.invoice_id);
      if (earlier === undefined && subsanacion) {
        return at("subsanacion", `dice subsanar el registro ${r.corrects_position}, que no es de su factura`);
      }
      if (earlier !== undefined && r.corrects_position !== earlier) {
        return at(
          "subsanacion",
          subsanacion
            ? `dice subsanar el registro ${r.corrects_position}, pero el último de su factura es el ${earlier}`
            : `la factura ya tenía el registro ${earlier} y este no es su subsanación`,
        );
      }
      latestOfInvoice.set(r.invoice_id, r.position);
      previousHuella = r.huella;
      expectedPosition += 1;
      checked += 1;
    }
    if (rows.length < PAGE) break;
  }
  const head = await db.selectFrom("billing_chain").selectAll().where("id", "=", 1).executeTakeFirst();
  if (head && (head.last_position !== checked || head.last_huella !== previousHuella)) {
    return {
      records: checked,
      demoDocuments,
      xmlMismatches,
      broken: {
        position: head.last_position,
        invoiceNumber: null,
        problem: "head",
        detail: `la cabeza de la cadena dice ${head.last_position} registros y hay ${checked}, o no termina en la última huella`,
      },
    };
  }
  // Every invoice was issued with its record, in one transaction: one without a record was made some other way.
  const unrecorded = await db
    .selectFrom("invoices")
    .leftJoin("billing_records", "billing_records.invoice_id", "invoices.id")
    .select("invoices.full_number")
    .where("invoices.demo", "=", 0)
    .where("billing_records.position", "is", null)
    .orderBy("invoices.issued_at")
    .orderBy("invoices.full_number")
    .executeTakeFirst();
  if (unrecorded) {
    return {
      records: checked,
      demoDocuments,
      xmlMismatches,
      broken: {
        position: null,
        invoiceNumber: unrecorded.full_number,
        problem: "unrecorded",
        detail: "la factura no tiene registro de facturación",
      },
    };
  }
  return { records: checked, demoDocuments, xmlMismatches, broken: null };
}
