/**
 * Rectificativas (issue 13): a refund that was made gets a rectifying invoice,
 * R4 for a factura completa and R5 for a simplified one, with the negative
 * amounts of what was refunded (rectificación por diferencias), issued in the
 * transaction that records the refund as made, last (issuing takes the chain's
 * lock, app/invoices/chain.server.ts).
 */
import { paymentMethodNameIn } from "~/components/checkout/payment-method-texts.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Db } from "~/db/db.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { allocateRefund, rectifyingLines } from "~/domain/invoice-math.ts";
import { refundItemIds } from "~/domain/withdrawal-lines.ts";
import { issue, issueOrderInvoice, sellerFor, type InvoicingConfig, type IssuingSeller } from "./issue.server.ts";
import { invoiceBuyerOf, invoiceLineOf } from "./rows.ts";
import { seriesOfDocument } from "./series.ts";
import { refundReasonText } from "./texts.ts";

/**
 * Issues the rectificativa of a refund that was made (R4 for a factura
 * completa, R5 for a simplified one), in the caller's transaction (call it
 * last): negative lines for the part refunded of each original line. A refund
 * for whole lines (a duplicate purchase, a line without a seat) takes those
 * lines; any other amount is spread over what each line still has unrefunded,
 * in proportion. The order's own invoice is issued first if it is missing.
 * It goes to the series of the document it rectifies: a demo sale's refund
 * gets a demo document, never a rectificativa (series.ts).
 */
export async function issueRefundInvoice(
  trx: Db,
  refundId: string,
  config: InvoicingConfig,
  now = new Date(),
  /** The seller when the caller has already read it in this transaction. */
  resolved?: IssuingSeller,
): Promise<string | null> {
  const seller = resolved ?? (await sellerFor(trx, config));
  if (!seller) return null;
  const refund = await trx.selectFrom("refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
  if (!refund || refund.status !== "succeeded") return null;
  const done = await trx.selectFrom("invoices").select("id").where("refund_id", "=", refundId).executeTakeFirst();
  if (done) return null;
  await issueOrderInvoice(trx, refund.order_id, config, now, seller);
  const original = await trx
    .selectFrom("invoices")
    .selectAll()
    .where("order_id", "=", refund.order_id)
    .where("kind", "in", ["F1", "F2"])
    .executeTakeFirst();
  if (!original) return null;
  const allLines = await trx
    .selectFrom("invoice_lines")
    .innerJoin("invoices", "invoices.id", "invoice_lines.invoice_id")
    .select([
      "invoices.id as invoice_id",
      "invoice_lines.position",
      "invoice_lines.order_item_id",
      "invoice_lines.description",
      "invoice_lines.detail",
      "invoice_lines.quantity",
      "invoice_lines.vat_treatment",
      "invoice_lines.vat_rate_bp",
      "invoice_lines.base_cents",
      "invoice_lines.vat_cents",
      "invoice_lines.total_cents",
    ])
    .where("invoices.order_id", "=", refund.order_id)
    .orderBy("invoice_lines.position")
    .execute();
  const originalLines = allLines.filter((l) => l.invoice_id === original.id);
  // What each original line still has unrefunded (earlier rectificativas subtracted).
  const remaining = originalLines.map((line) => {
    const rectified = allLines
      .filter((l) => l.invoice_id !== original.id && l.order_item_id !== null && l.order_item_id === line.order_item_id)
      .reduce((sum, l) => sum + l.total_cents, 0);
    return Math.max(0, line.total_cents + rectified);
  });
  const itemIds = refundItemIds(refund.item_ids) ?? [];
  const candidates = originalLines
    .map((line, index) => ({ key: String(index), totalCents: remaining[index]!, itemId: line.order_item_id }))
    .filter((l) => l.totalCents > 0);
  const forItems = candidates.filter((l) => l.itemId !== null && itemIds.includes(l.itemId));
  const itemsSum = forItems.reduce((sum, l) => sum + l.totalCents, 0);
  const pool = forItems.length > 0 && itemsSum >= refund.amount_cents ? forItems : candidates;
  const poolSum = pool.reduce((sum, l) => sum + l.totalCents, 0);
  // Never more than what is left to rectify (a refund beyond it would be a bug upstream).
  const amount = Math.min(refund.amount_cents, poolSum);
  if (amount <= 0) return null;
  const parts = allocateRefund(pool, amount);
  const lines = rectifyingLines(
    originalLines.map(invoiceLineOf),
    parts.map((p) => ({ index: Number(p.key), totalCents: p.totalCents })),
  ).map((line, i) => ({ ...line, orderItemId: originalLines[Number(parts[i]!.key)]!.order_item_id }));
  const order = await trx
    .selectFrom("orders")
    .select(["email", "payment_method", "locale"])
    .where("id", "=", refund.order_id)
    .executeTakeFirstOrThrow();
  return issue(
    trx,
    {
      // Rectified within its original's series: a demo document's refund stays out of the real series and the chain.
      series: seriesOfDocument(original),
      kind: original.kind === "F1" ? "R4" : "R5",
      orderId: refund.order_id,
      refundId,
      rectified: { id: original.id, fullNumber: original.full_number, issueDate: original.issue_date },
      buyer: invoiceBuyerOf(original.buyer),
      buyerEmail: original.buyer_email ?? order.email,
      lines,
      operationDate: madridDate(new Date(refund.completed_at ?? now.toISOString())),
      paymentMethod: paymentMethodNameIn(serverTranslator(order.locale), order.payment_method),
      reason: refundReasonText(refund.reason),
      operation: null,
    },
    { ...seller, config, now },
  );
}

/** The rectificativas of an order's refunds that were made and have none yet, oldest first (caller's transaction, last). */
export async function issueOrderRectificativas(
  trx: Db,
  orderId: string,
  config: InvoicingConfig,
  now = new Date(),
  resolved?: IssuingSeller,
): Promise<string[]> {
  const refunds = await trx
    .selectFrom("refunds")
    .leftJoin("invoices", "invoices.refund_id", "refunds.id")
    .select("refunds.id")
    .where("refunds.order_id", "=", orderId)
    .where("refunds.status", "=", "succeeded")
    .where("invoices.id", "is", null)
    .orderBy("refunds.completed_at")
    .orderBy("refunds.id")
    .execute();
  const issued: string[] = [];
  if (refunds.length === 0) return issued;
  const seller = resolved ?? (await sellerFor(trx, config));
  if (!seller) return issued;
  for (const refund of refunds) {
    const id = await issueRefundInvoice(trx, refund.id, config, now, seller);
    if (id) issued.push(id);
  }
  return issued;
}
