/**
 * The outbox job "refund": asks the provider that took the money to give it
 * back, with the refund's id as idempotency key, then records the result.
 * A demo order is refunded by the demo gateway whatever the live provider is.
 */
import type { Db } from "~/db/db.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { completeRefund, failRefund, getRefund, type RefundRow } from "~/orders/refunds.server.ts";
import { createDemoProvider, demoSessionId } from "./demo.server.ts";
import { PaymentProviderError, RefundRefusedError, type PaymentProvider } from "./provider.server.ts";

export function refundJobHandler(deps: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  invoicing?: InvoicingConfig;
}): JobHandler {
  const demo = createDemoProvider();
  return async (payload) => {
    const refund = typeof payload.refundId === "string" ? await getRefund(deps.db, payload.refundId) : undefined;
    if (!refund || refund.status !== "pending") return;
    const order = await deps.db
      .selectFrom("orders")
      .select(["id", "provider", "provider_session_id"])
      .where("id", "=", refund.order_id)
      .executeTakeFirstOrThrow();
    const provider = order.provider === "demo" ? demo : deps.payments;
    if (provider.name !== order.provider) {
      throw new PaymentProviderError(`El pedido se pagó con ${order.provider}, que no está configurado`);
    }
    const sessionId = order.provider_session_id ?? demoSessionId(order.id);
    let providerRefundId: string;
    try {
      ({ providerRefundId } = await provider.refund({
        sessionId,
        orderId: order.id,
        refundId: refund.id,
        amountCents: refund.amount_cents,
        idempotencyKey: `refund-${refund.id}`,
        reason: reasonFor(refund),
      }));
    } catch (err) {
      if (!(err instanceof RefundRefusedError)) throw err; // network or outage: the job retries
      await failRefund(deps.db, refund.id);
      deps.logger.error(
        { err, orderId: order.id, refundId: refund.id },
        "payments: refund refused; to be handled by hand",
      );
      return;
    }
    await completeRefund(deps.db, refund.id, providerRefundId, new Date(), deps.invoicing);
    deps.logger.info(
      { orderId: order.id, refundId: refund.id, amountCents: refund.amount_cents },
      "payments: refund made",
    );
  };
}

function reasonFor(refund: Pick<RefundRow, "reason">): "duplicate" | "requested_by_customer" {
  return refund.reason === "duplicate-purchase" ? "duplicate" : "requested_by_customer";
}
