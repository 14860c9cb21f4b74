// Writes a scale plan (scale-plan.ts) in bulk: multi-row inserts of about a
// thousand rows, many per transaction. The invoices and rectificativas are
// issued in the plan's order with what app/invoices/issue.server.ts would
// write: consecutive numbers per series and year, and a billing record per
// invoice chained by huella, with its XML, so `npm run facturas:verificar`
// passes. Imports "~/…": the caller registers the app alias first.
import { sql, type Insertable } from "kysely";
import type { Db } from "~/db/db.server.ts";
import type { Database } from "~/db/schema.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { invoiceLines, invoiceTotals, rectifyingLines, vatBreakdown } from "~/domain/invoice-math.ts";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import type { InvoiceKind, SellerIdentity, VatTreatment } from "~/invoices/document.ts";
import { billingRecordRow } from "~/invoices/chain.server.ts";
import { seriesName } from "~/invoices/series.ts";
import { DEFAULT_SOFTWARE, producerOf } from "~/invoices/software.ts";
import { refundReasonText } from "~/invoices/texts.ts";
import { registroAltaXml } from "~/invoices/verifactu-xml.ts";
import { aeatAmount, aeatDate, altaHashInput, huella, madridTimestamp, verificationUrl } from "~/invoices/verifactu.ts";
import type { InvoiceEvent, ScalePlan } from "./scale-plan.ts";

type Table = keyof Database;

/** The seller the seeded invoices state (also saved as the salon's seller data). */
export const SCALE_SELLER: SellerIdentity = {
  legalName: "Alejandra Prueba Escala",
  tradeName: "Alejandra Nails",
  nif: "12345678Z",
  address: "Carrer Major 48",
  postalCode: "08750",
  city: "Molins de Rei",
  province: "Barcelona",
  registry: null,
  email: "hola@alejandranails.example",
  phone: "+34 600 000 000",
};
const PREFIX = "AN";
const OPERATION: Record<string, string> = {
  deposit: "Señal a cuenta de servicios de manicura y estética en el salón",
  courses: "Formación en técnicas de manicura",
};

/** Inserts rows in batches (≤ 1000 rows and ≤ 30,000 parameters each), `perTx` batches per transaction. */
export async function insertAll<T extends Table>(
  db: Db,
  table: T,
  rows: Iterable<Insertable<Database[T]>>,
  opts: { batch?: number; perTx?: number } = {},
): Promise<number> {
  let batch: Insertable<Database[T]>[] = [];
  let pending: Insertable<Database[T]>[][] = [];
  let size = opts.batch ?? 0;
  let count = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const chunks = pending;
    pending = [];
    await db.transaction().execute(async (trx) => {
      for (const chunk of chunks) {
        // The rows' own type: Kysely's insert overloads cannot follow a generic table.
        await trx
          .insertInto(table)
          .values(chunk as never)
          .execute();
      }
    });
  };
  for (const row of rows) {
    if (!size) size = Math.max(1, Math.min(1000, Math.floor(30_000 / Object.keys(row).length)));
    batch.push(row);
    count++;
    if (batch.length >= size) {
      pending.push(batch);
      batch = [];
      if (pending.length >= (opts.perTx ?? 20)) await flush();
    }
  }
  if (batch.length) pending.push(batch);
  await flush();
  return count;
}

interface IssuedRef {
  id: string;
  fullNumber: string;
  issueDate: string;
  kind: InvoiceKind;
  lines: ReturnType<typeof invoiceLines>;
  buyer: string | null;
}

/** Issues every event's invoice in order, chaining the records after what the database already holds. */
export async function issueAll(
  db: Db,
  events: InvoiceEvent[],
  newId: () => string,
  vat: Map<string, VatTreatment>,
): Promise<{ invoices: number; rectificativas: number; records: number }> {
  const head = await db.selectFrom("billing_chain").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
  if (head.last_position !== 0) throw new Error("the record chain is not empty: seed a fresh database");
  let position = 0;
  let previousHuella = "";
  let previous: { issuerNif: string; invoiceNumber: string; issueDate: string } | null = null;
  const counters = new Map<string, number>();
  const byOrder = new Map<string, IssuedRef>();
  const out = { invoices: 0, rectificativas: 0, records: 0 };
  const producer = producerOf(DEFAULT_SOFTWARE, SCALE_SELLER);
  const sellerJson = JSON.stringify(SCALE_SELLER);

  function* rows() {
    for (const e of events) {
      const now = new Date(e.at);
      const issueDate = madridDate(now);
      const original = e.kind === "refund" ? byOrder.get(e.order.id) : undefined;
      if (e.kind === "refund" && !original) continue;
      const saleLines = invoiceLines(
        e.items.map((i) => ({
          description: i.title,
          detail: i.edition_starts_on ? `Convocatoria del ${i.edition_starts_on}` : null,
          totalCents: i.price_cents,
          vatTreatment: i.course_id ? (vat.get(i.course_id) ?? "standard") : "standard",
        })),
      );
      const lines = original
        ? rectifyingLines(
            original.lines,
            original.lines.map((l, index) => ({ index, totalCents: l.totalCents })),
          )
        : saleLines;
      const buyer = original
        ? original.buyer
        : e.order.billing_name && e.order.billing_tax_id
          ? JSON.stringify({
              name: e.order.billing_name,
              taxId: e.order.billing_tax_id,
              address: e.order.billing_address ?? "",
              postalCode: e.order.billing_postal_code ?? "",
              city: e.order.billing_city ?? "",
            })
          : null;
      const kind: InvoiceKind = original ? (original.kind === "F1" ? "R4" : "R5") : buyer ? "F1" : "F2";
      const series = seriesName({ series: "real", prefix: PREFIX, kind, year: issueDate.slice(0, 4) });
      const number = (counters.get(series) ?? 0) + 1;
      counters.set(series, number);
      const fullNumber = `${series}-${String(number).padStart(6, "0")}`;
      const totals = invoiceTotals(lines);
      const id = newId();
      const operationDate = madridDate(new Date(original ? e.refund!.completed_at! : e.order.paid_at!));
      const invoice: Insertable<Database["invoices"]> = {
        id,
        series,
        number,
        full_number: fullNumber,
        kind,
        order_id: e.order.id,
        refund_id: e.refund?.id ?? null,
        rectified_invoice_id: original?.id ?? null,
        issued_at: now.toISOString(),
        issue_date: issueDate,
        operation_date: operationDate === issueDate ? null : operationDate,
        seller: sellerJson,
        buyer,
        buyer_email: e.order.email,
        base_cents: totals.baseCents,
        vat_cents: totals.vatCents,
        total_cents: totals.totalCents,
        currency: "eur",
        payment_method: paymentMethodName(e.order.payment_method),
        reason: original ? refundReasonText(e.refund!.reason) : null,
        qr_url: verificationUrl({
          mode: "off",
          nif: SCALE_SELLER.nif,
          invoiceNumber: fullNumber,
          issueDate,
          totalCents: totals.totalCents,
        }),
        verifactu: 0,
        demo: 0,
      };
      const lineRows = lines.map((line, i) => ({
        id: newId(),
        invoice_id: id,
        position: i,
        order_item_id: e.items[i]?.id ?? null,
        description: line.description,
        detail: line.detail,
        quantity: line.quantity,
        vat_treatment: line.vatTreatment,
        vat_rate_bp: line.vatRateBp,
        base_cents: line.baseCents,
        vat_cents: line.vatCents,
        total_cents: line.totalCents,
      }));
      position += 1;
      const fields = {
        issuerNif: SCALE_SELLER.nif,
        invoiceNumber: fullNumber,
        issueDate: aeatDate(issueDate),
        invoiceType: kind,
        vatTotal: aeatAmount(totals.vatCents),
        amountTotal: aeatAmount(totals.totalCents),
        previousHuella,
        generatedAt: madridTimestamp(now),
      };
      const digest = huella(altaHashInput(fields));
      const parsedBuyer = buyer ? (JSON.parse(buyer) as { name: string; taxId: string }) : null;
      const xml = registroAltaXml({
        hash: fields,
        issuerName: SCALE_SELLER.legalName,
        producer,
        system: DEFAULT_SOFTWARE,
        operationDate: invoice.operation_date ? aeatDate(invoice.operation_date) : null,
        buyer: parsedBuyer ? { name: parsedBuyer.name, nif: parsedBuyer.taxId } : null,
        description: original
          ? `Rectificación: ${invoice.reason ?? "devolución"}`
          : (OPERATION[e.order.kind ?? "courses"] ?? ""),
        breakdown: vatBreakdown(lines),
        rectified: original
          ? { issuerNif: SCALE_SELLER.nif, invoiceNumber: original.fullNumber, issueDate: aeatDate(original.issueDate) }
          : null,
        previous,
      });
      const record: Insertable<Database["billing_records"]> = billingRecordRow({
        position,
        invoiceId: id,
        fields,
        huella: digest,
        xml,
      });
      previousHuella = digest;
      previous = { issuerNif: fields.issuerNif, invoiceNumber: fullNumber, issueDate: fields.issueDate };
      if (!original) byOrder.set(e.order.id, { id, fullNumber, issueDate, kind, lines: saleLines, buyer });
      if (original) out.rectificativas++;
      else out.invoices++;
      yield { invoice, lines: lineRows, record };
    }
  }

  // Invoices, their lines and records go in together, a thousand invoices per transaction.
  let chunk: {
    invoice: Insertable<Database["invoices"]>;
    lines: Insertable<Database["invoice_lines"]>[];
    record: Insertable<Database["billing_records"]>;
  }[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const c = chunk;
    chunk = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < c.length; i += 500) {
        const part = c.slice(i, i + 500);
        await trx
          .insertInto("invoices")
          .values(part.map((x) => x.invoice))
          .execute();
        await trx
          .insertInto("invoice_lines")
          .values(part.flatMap((x) => x.lines))
          .execute();
        await trx
          .insertInto("billing_records")
          .values(part.map((x) => x.record))
          .execute();
      }
    });
  };
  for (const r of rows()) {
    chunk.push(r);
    if (chunk.length >= 1000) await flush();
  }
  await flush();
  out.records = position;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("billing_chain")
      .set({ last_position: position, last_huella: previousHuella })
      .where("id", "=", 1)
      .execute();
    for (const [series, last] of counters) {
      await trx.insertInto("invoice_counters").values({ series, last_number: last }).execute();
    }
  });
  return out;
}

/** Whether the database already holds what a salon would not want overwritten. */
export async function holdsRealData(db: Db): Promise<string | null> {
  for (const table of ["orders", "appointments", "invoices"] as const) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return `${table}: ${row.n}`;
  }
  return null;
}

export type { ScalePlan };
