/**
 * Refunds the provider reports (Stripe's refund.created / refund.updated /
 * refund.failed and charge.refunded): one transaction per event that first
 * claims the event id in `payment_events` (a redelivery changes nothing), then
 * locks the order's row and applies each refund once, matched on the
 * provider's refund id or, for a refund the site asked for, on our id carried
 * in its metadata:
 * - ours, still pending, and the provider says succeeded → settled here (the
 *   refund job finds it done); failed → marked failed for a person to handle;
 * - unknown (made in the provider's dashboard) → a row with reason "provider",
 *   counted in `refunded_cents`, and the order becomes refunded when the whole
 *   total is back;
 * - anything already recorded → nothing.
 */
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { issueOrderRectificativas } from "~/invoices/rectify.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { claimEvent } from "./fulfilment.server.ts";
import {
  failRefund,
  findProviderRefund,
  lockOrderForRefund,
  recordProviderRefund,
  settleRefund,
} from "./refunds.server.ts";

export interface ReportedRefund {
  providerRefundId: string;
  amountCents: number;
  currency: string | null;
  state: "succeeded" | "pending" | "failed";
  /** Our refund's id (metadata of a refund the site asked for), else null. */
  refundId: string | null;
}

export interface RefundEventInput {
  eventId: string;
  type: string;
  orderId: string | null;
  refunds: ReportedRefund[];
  now?: Date;
}

/**
 * - refund-recorded: something changed (a refund settled, failed or added);
 * - refund-unchanged: every refund was already known;
 * - refund-failed-after-success: the provider reports as failed a refund we
 *   recorded as done (the money did not go back): logged for a person.
 */
export type RefundEventOutcome =
  "refund-recorded" | "refund-unchanged" | "refund-failed-after-success" | "duplicate-event" | "unknown-order";

type Applied = "changed" | "unchanged" | "failed-after-success";

async function applyOne(trx: Db, orderId: string, refund: ReportedRefund, now: Date): Promise<Applied> {
  const ours = await findProviderRefund(trx, orderId, refund);
  if (!ours) {
    // A failed dashboard refund gave nothing back; only EUR is what the order was paid in.
    if (refund.state === "failed" || refund.amountCents <= 0) return "unchanged";
    if (refund.currency && refund.currency.toLowerCase() !== "eur") return "unchanged";
    await recordProviderRefund(trx, {
      orderId,
      providerRefundId: refund.providerRefundId,
      amountCents: refund.amountCents,
      succeeded: refund.state === "succeeded",
      now,
    });
    return "changed";
  }
  if (ours.status === "pending" && refund.state === "succeeded") {
    return (await settleRefund(trx, ours.id, refund.providerRefundId, now)) ? "changed" : "unchanged";
  }
  if (ours.status === "pending" && refund.state === "failed") {
    await failRefund(trx, ours.id, now);
    return "changed";
  }
  if (ours.status === "succeeded" && refund.state === "failed") return "failed-after-success";
  return "unchanged";
}

export async function applyRefundEvent(
  db: Db,
  input: RefundEventInput,
  invoicing?: InvoicingConfig,
): Promise<{ outcome: RefundEventOutcome; orderId: string | null }> {
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const claimed = await claimEvent(
      trx,
      { eventId: input.eventId, type: input.type, orderId: input.orderId },
      now.toISOString(),
    );
    if (!claimed) return { outcome: "duplicate-event", orderId: input.orderId };
    const order = input.orderId ? await lockOrderForRefund(trx, input.orderId) : undefined;
    if (!order) return { outcome: "unknown-order", orderId: input.orderId };
    const results: Applied[] = [];
    for (const refund of input.refunds) results.push(await applyOne(trx, order.id, refund, now));
    // The rectificativas of the refunds settled, last (issuing takes the chain's lock).
    if (invoicing && results.includes("changed")) await issueOrderRectificativas(trx, order.id, invoicing, now);
    const outcome: RefundEventOutcome = results.includes("failed-after-success")
      ? "refund-failed-after-success"
      : results.includes("changed")
        ? "refund-recorded"
        : "refund-unchanged";
    return { outcome, orderId: order.id };
  });
}
