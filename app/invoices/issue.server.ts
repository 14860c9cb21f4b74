/**
 * Issuing invoices (issue 13). An order's invoice is issued in the transaction
 * that marks it paid (app/orders/fulfilment.server.ts), a refund's
 * rectificativa in the transaction that records the refund as made
 * (app/orders/refunds.server.ts): both stand or fall with the sale or refund
 * they document. Orders paid while the seller data was incomplete wait; saving
 * the data queues `issuePendingInvoices` (an outbox job) for them.
 *
 * Every issue must run LAST in its transaction: it takes the chain's head, a
 * lock every issuer wants (app/invoices/chain.server.ts).
 *
 * A demo sale (the demo gateway, no money taken) gets a demo document instead
 * of an invoice: its own series, no billing record, no QR (series.ts decides).
 */
import { paymentMethodNameIn } from "~/components/checkout/payment-method-texts.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Db } from "~/db/db.server.ts";
import { billingDetailsOf } from "~/domain/billing-details.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { invoiceLines, invoiceTotals, vatBreakdown } from "~/domain/invoice-math.ts";
import type { SellerData } from "~/domain/seller.ts";
import { newId } from "~/lib/ids.server.ts";
import { orderKind } from "~/orders/kinds/index.server.ts";
import {
  isRectificativa,
  type InvoiceBuyer,
  type InvoiceKind,
  type InvoiceLine,
  type SellerIdentity,
} from "./document.ts";
import { appendBillingRecord, lockChainHead, nextInvoiceNumber } from "./chain.server.ts";
import { readSeller, sellerIdentity } from "./seller.server.ts";
import { queueRecordForAeat } from "./aeat/outbox.server.ts";
import { DEFAULT_SOFTWARE, producerOf, type SoftwareIdentity } from "./software.ts";
import { seriesName, seriesOfOrder, type DocumentSeries } from "./series.ts";
import { aeatAmount, aeatDate, madridTimestamp, verificationUrl, type VerifactuMode } from "./verifactu.ts";

/** What issuing needs from the configuration. */
export interface InvoicingConfig {
  seller: Partial<SellerData>;
  verifactuMode: VerifactuMode;
  /** SistemaInformatico of the records (software.ts); DEFAULT_SOFTWARE when left out. */
  software?: SoftwareIdentity;
}

/** The invoicing part of a config, or undefined when it has none (tests that build their own deps). */
export function invoicingOf(config: Partial<InvoicingConfig>): InvoicingConfig | undefined {
  return config.verifactuMode
    ? { seller: config.seller ?? {}, verifactuMode: config.verifactuMode, software: config.software }
    : undefined;
}

export interface Draft {
  /** The real series (an invoice, in the record chain) or the demo one (series.ts). */
  series: DocumentSeries;
  kind: InvoiceKind;
  orderId: string;
  refundId: string | null;
  rectified: { id: string; fullNumber: string; issueDate: string } | null;
  buyer: InvoiceBuyer | null;
  buyerEmail: string | null;
  lines: (InvoiceLine & { orderItemId: string | null })[];
  operationDate: string;
  paymentMethod: string | null;
  reason: string | null;
  /** The operation an invoice (not a rectificativa, which states its reason) describes in its billing record. */
  operation: string | null;
}

export async function issue(
  trx: Db,
  draft: Draft,
  ctx: { seller: SellerIdentity; seriesPrefix: string; config: InvoicingConfig; now: Date },
): Promise<string> {
  const demo = draft.series === "demo";
  // A demo document takes neither the chain's head nor a real series' counter: only its own series' counter.
  const head = demo ? null : await lockChainHead(trx);
  const issueDate = madridDate(ctx.now);
  const series = seriesName({
    series: draft.series,
    prefix: ctx.seriesPrefix,
    kind: draft.kind,
    year: issueDate.slice(0, 4),
  });
  const number = await nextInvoiceNumber(trx, series);
  const fullNumber = `${series}-${String(number).padStart(6, "0")}`;
  const totals = invoiceTotals(draft.lines);
  const mode = ctx.config.verifactuMode;
  const id = newId();
  await trx
    .insertInto("invoices")
    .values({
      id,
      series,
      number,
      full_number: fullNumber,
      kind: draft.kind,
      order_id: draft.orderId,
      refund_id: draft.refundId,
      rectified_invoice_id: draft.rectified?.id ?? null,
      issued_at: ctx.now.toISOString(),
      issue_date: issueDate,
      operation_date: draft.operationDate === issueDate ? null : draft.operationDate,
      seller: JSON.stringify(ctx.seller),
      buyer: draft.buyer ? JSON.stringify(draft.buyer) : null,
      buyer_email: draft.buyerEmail,
      base_cents: totals.baseCents,
      vat_cents: totals.vatCents,
      total_cents: totals.totalCents,
      currency: "eur",
      payment_method: draft.paymentMethod,
      reason: draft.reason,
      // Nothing to check at the AEAT for a demo document: no QR.
      qr_url: demo
        ? ""
        : verificationUrl({
            mode,
            nif: ctx.seller.nif,
            invoiceNumber: fullNumber,
            issueDate,
            totalCents: totals.totalCents,
          }),
      verifactu: demo || mode === "off" ? 0 : 1,
      demo: demo ? 1 : 0,
    })
    .execute();
  await trx
    .insertInto("invoice_lines")
    .values(
      draft.lines.map((line, position) => ({
        id: newId(),
        invoice_id: id,
        position,
        order_item_id: line.orderItemId,
        description: line.description,
        detail: line.detail,
        quantity: line.quantity,
        vat_treatment: line.vatTreatment,
        vat_rate_bp: line.vatRateBp,
        base_cents: line.baseCents,
        vat_cents: line.vatCents,
        total_cents: line.totalCents,
      })),
    )
    .execute();
  // A demo document is not an invoice: no registro de facturación, nothing chained, nothing for the AEAT.
  if (!head) return id;
  await appendBillingRecord(trx, head, {
    invoiceId: id,
    fields: {
      issuerNif: ctx.seller.nif,
      invoiceNumber: fullNumber,
      issueDate: aeatDate(issueDate),
      invoiceType: draft.kind,
      vatTotal: aeatAmount(totals.vatCents),
      amountTotal: aeatAmount(totals.totalCents),
      generatedAt: madridTimestamp(ctx.now),
    },
    xml: {
      issuerName: ctx.seller.legalName,
      // The configured producer of the software (VERIFACTU_PRODUCER_*); unset, the seller (warned at start in VERI*FACTU modes).
      producer: producerOf(ctx.config.software ?? DEFAULT_SOFTWARE, ctx.seller),
      system: ctx.config.software ?? DEFAULT_SOFTWARE,
      operationDate: draft.operationDate === issueDate ? null : aeatDate(draft.operationDate),
      buyer: draft.buyer ? { name: draft.buyer.name, nif: draft.buyer.taxId } : null,
      description: isRectificativa(draft.kind)
        ? `Rectificación: ${draft.reason ?? "devolución"}`
        : (draft.operation ?? ""),
      breakdown: vatBreakdown(draft.lines),
      rectified: draft.rectified
        ? {
            issuerNif: ctx.seller.nif,
            invoiceNumber: draft.rectified.fullNumber,
            issueDate: aeatDate(draft.rectified.issueDate),
          }
        : null,
    },
  });
  // VERI*FACTU on: the record waits for the sender (app/invoices/aeat/), queued in this transaction.
  if (mode !== "off") await queueRecordForAeat(trx, head.position);
  return id;
}

/** The seller an issue states, read once per transaction (with its lock); null while the data is incomplete. */
export type IssuingSeller = { seller: SellerIdentity; seriesPrefix: string };

export async function sellerFor(trx: Db, config: InvoicingConfig): Promise<IssuingSeller | null> {
  const state = await readSeller(trx, config.seller, { lock: true });
  const seller = sellerIdentity(state);
  return seller ? { seller, seriesPrefix: state.data.seriesPrefix } : null;
}

/**
 * Issues the invoice of a paid order, in the caller's transaction (call it
 * last). A factura completa (F1) when the buyer gave billing details, else a
 * factura simplificada (F2). A demo order gets the same document in the demo
 * series instead (series.ts). Returns the invoice id, or null when the order
 * already has one, is not paid, or the seller data is incomplete (it waits).
 */
export async function issueOrderInvoice(
  trx: Db,
  orderId: string,
  config: InvoicingConfig,
  now = new Date(),
  /** The seller when the caller has already read it in this transaction. */
  resolved?: IssuingSeller,
): Promise<string | null> {
  const seller = resolved ?? (await sellerFor(trx, config));
  if (!seller) return null;
  const existing = await trx
    .selectFrom("invoices")
    .select("id")
    .where("order_id", "=", orderId)
    .where("kind", "in", ["F1", "F2"])
    .executeTakeFirst();
  if (existing) return null;
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order?.paid_at) return null;
  // The kind of sale says what its lines are on the invoice, their VAT and the operation.
  const kind = orderKind(order.kind);
  const source = await kind.invoiceLines(trx, orderId);
  const lines = invoiceLines(source).map((line, i) => ({ ...line, orderItemId: source[i]!.orderItemId }));
  const details = billingDetailsOf(order);
  const buyer = details?.name && details.taxId ? details : null;
  return issue(
    trx,
    {
      // The demo gateway took no money: a demo document, never an invoice.
      series: seriesOfOrder(order),
      kind: buyer ? "F1" : "F2",
      orderId,
      refundId: null,
      rectified: null,
      buyer,
      buyerEmail: order.email,
      lines,
      operationDate: madridDate(new Date(order.paid_at)),
      // Named in the order's language, as its PDF is written (the buyer's).
      paymentMethod: paymentMethodNameIn(serverTranslator(order.locale), order.payment_method),
      reason: null,
      operation: kind.invoiceOperation,
    },
    { ...seller, config, now },
  );
}
