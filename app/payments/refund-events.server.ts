/**
 * A refund event from the provider, made ready for orders/provider-refunds:
 * the refunds it reports (charge.refunded may leave them out: then the
 * provider is asked for every refund of the payment) and the order they belong
 * to — named in the metadata of a refund the site asked for, known from a
 * refund already recorded, or, for a dashboard refund, found through the
 * session that took the payment. The provider is asked before the transaction;
 * if it cannot answer, the webhook answers 500 and the provider retries.
 */
import type { Db } from "~/db/db.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { getOrderBySession } from "~/orders/orders.server.ts";
import { applyRefundEvent, type RefundEventOutcome } from "~/orders/provider-refunds.server.ts";
import { orderOfProviderRefunds } from "~/orders/refunds.server.ts";
import type { PaymentEvent, PaymentProvider } from "./provider.server.ts";

export type RefundPaymentEvent = Extract<PaymentEvent, { kind: "refund" }>;

export async function processRefundEvent(
  deps: { db: Db; payments: PaymentProvider; invoicing?: InvoicingConfig },
  event: RefundPaymentEvent,
): Promise<{ outcome: RefundEventOutcome; orderId: string | null }> {
  const refunds = event.refunds ?? (event.paymentId ? await deps.payments.refundsOfPayment(event.paymentId) : []);
  let orderId =
    refunds.find((r) => r.orderId)?.orderId ??
    (await orderOfProviderRefunds(
      deps.db,
      refunds.map((r) => r.providerRefundId),
    ));
  if (!orderId && event.paymentId) {
    const sessionId = await deps.payments.sessionIdForPayment(event.paymentId);
    orderId = sessionId ? ((await getOrderBySession(deps.db, sessionId))?.order.id ?? null) : null;
  }
  return applyRefundEvent(deps.db, { eventId: event.eventId, type: event.type, orderId, refunds }, deps.invoicing);
}
