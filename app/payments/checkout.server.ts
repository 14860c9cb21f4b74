/**
 * The payment flow as routes use it: open a checkout for the signed-in buyer,
 * apply provider events, and confirm from the success page. Routes stay thin;
 * the benchmark and integration tests call these functions directly.
 */
import type { Db } from "~/db/db.server.ts";
import type { BillingDetails } from "~/domain/billing-details.ts";
import type { PaymentMethodKey } from "~/domain/payment-methods.ts";
import type { Locale } from "~/i18n/locales.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { invoicingOf, type InvoicingConfig } from "~/invoices/issue.server.ts";
import type { Mailer } from "~/mail/mailer.server.ts";
import {
  expireOrder,
  failOrder,
  fulfilOrder,
  markOrderProcessing,
  type FulfilOutcome,
  type TransitionOutcome,
} from "~/orders/fulfilment.server.ts";
import { attachSession, cancelPendingOrder, createOrder, getOrderWithItems, type OrderWithItems } from "~/orders/orders.server.ts";
import type { RefundEventOutcome } from "~/orders/provider-refunds.server.ts";
import type { PaymentEvent, PaymentProvider } from "./provider.server.ts";
import { processRefundEvent } from "./refund-events.server.ts";

export interface PaymentDeps {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  payments: PaymentProvider;
  /** With the seller data and VERI*FACTU mode (the app's Config has them), a paid order's invoice is issued with its payment. */
  config: { publicUrl: string } & Partial<InvoicingConfig>;
  /** The outbox worker: told to run right after a commit that queued jobs. */
  jobs?: { kick(): void };
}

export interface StartCheckoutInput {
  user: { id: string; email: string };
  courseIds: readonly string[];
  /** The edition chosen per course id (checked by createOrder; the next bookable one when absent). */
  editionIds?: Readonly<Record<string, string | undefined>>;
  method: PaymentMethodKey;
  withdrawalWaiver: boolean;
  /** Details for a factura completa: required by createOrder above 400 €, saved on the order and the account. */
  billing?: BillingDetails | null;
  /** The order's language (createOrder: the buyer's account language when not given). */
  locale?: Locale;
}

export interface StartedCheckout {
  orderId: string;
  sessionId: string;
  url: string;
  reused: boolean;
}

/**
 * One order for every course, then the provider's page for it. A double click
 * reuses the same order, and the provider call is idempotent per order, so
 * both clicks land on the same payment page.
 */
export async function startCheckout(deps: PaymentDeps, input: StartCheckoutInput): Promise<StartedCheckout> {
  const { order, items, reused } = await createOrder(deps.db, { ...input, provider: deps.payments.name });
  try {
    const session = await deps.payments.createCheckout({
      id: order.id,
      createdAt: order.created_at,
      email: order.email ?? input.user.email,
      method: input.method,
      currency: "eur",
      totalCents: order.total_cents,
      lines: items.map((i) => ({ courseId: i.course_id, title: i.title, priceCents: i.price_cents })),
      // The buyer comes back to the success or cancel page in the order's language.
      locale: order.locale,
    });
    await attachSession(deps.db, order.id, session.sessionId);
    return { orderId: order.id, sessionId: session.sessionId, url: session.url, reused };
  } catch (err) {
    // Nothing can be paid for this order: release it so the next click starts afresh.
    if (!reused) await cancelPendingOrder(deps.db, order.id).catch(() => undefined);
    throw err;
  }
}

export type EventOutcome = FulfilOutcome | TransitionOutcome | RefundEventOutcome | "ignored";

/** Applies one provider event (webhook, demo page or session check); its jobs run after commit. */
export async function processPaymentEvent(deps: PaymentDeps, event: PaymentEvent): Promise<EventOutcome> {
  if (event.kind === "ignored") return "ignored";
  if (event.kind === "refund") {
    // A refund made in the provider's dashboard, or news of one the site asked for.
    const { outcome, orderId } = await processRefundEvent({ ...deps, invoicing: invoicingOf(deps.config) }, event);
    const log = { eventId: event.eventId, type: event.type, orderId, outcome };
    if (outcome === "unknown-order" || outcome === "refund-failed-after-success") {
      deps.logger.error(log, "payments: refund event to be handled by hand");
    } else deps.logger.info(log, "payments: refund event applied");
    if (outcome === "refund-recorded") deps.jobs?.kick();
    return outcome;
  }
  const input = {
    eventId: event.eventId,
    type: event.type,
    orderId: event.orderId,
    sessionId: event.sessionId,
    amountTotalCents: event.amountTotalCents,
    currency: event.currency,
  };
  let outcome: EventOutcome;
  let orderId: string | null;
  switch (event.kind) {
    case "paid":
      ({ outcome, orderId } = await fulfilOrder(deps.db, input, invoicingOf(deps.config)));
      break;
    case "processing":
      ({ outcome, orderId } = await markOrderProcessing(deps.db, input));
      break;
    case "failed":
      ({ outcome, orderId } = await failOrder(deps.db, input));
      break;
    case "expired":
      ({ outcome, orderId } = await expireOrder(deps.db, input));
      break;
  }
  const log = { eventId: event.eventId, type: event.type, orderId, outcome };
  if (outcome === "amount-mismatch" || outcome === "unknown-order") {
    deps.logger.error(log, "payments: event does not match any order we can fulfil");
  } else {
    deps.logger.info(log, "payments: event applied");
  }
  // The confirmation email (and any refund) was queued in the same transaction.
  if (outcome === "paid") deps.jobs?.kick();
  return outcome;
}

/**
 * The success page arrived before the webhook (or the webhook was lost): ask
 * the provider and apply the same idempotent fulfilment. Returns the fresh order.
 */
export async function confirmFromSession(deps: PaymentDeps, data: OrderWithItems): Promise<OrderWithItems> {
  const { order } = data;
  if (order.status === "paid" || !order.provider_session_id) return data;
  if (order.provider !== deps.payments.name) return data;
  try {
    const status = await deps.payments.retrieveSession(order.provider_session_id);
    if (status.state === "paid" || status.state === "processing") {
      await processPaymentEvent(deps, {
        kind: status.state,
        eventId: `retrieve:${status.sessionId}:${status.state}`,
        type: `session.retrieved.${status.state}`,
        sessionId: status.sessionId,
        orderId: status.orderId ?? order.id,
        amountTotalCents: status.amountTotalCents,
        currency: status.currency,
      });
    }
  } catch (err) {
    deps.logger.warn({ err, orderId: order.id }, "payments: could not retrieve the session; the webhook will confirm");
  }
  return (await getOrderWithItems(deps.db, order.id)) ?? data;
}

/** The buyer cancelled: the order stops being reusable and the provider's page is closed if possible. */
export async function cancelCheckout(deps: PaymentDeps, data: OrderWithItems): Promise<void> {
  const cancelled = await cancelPendingOrder(deps.db, data.order.id);
  if (cancelled && data.order.provider_session_id && data.order.provider === deps.payments.name) {
    await deps.payments.expireSession(data.order.provider_session_id).catch((err: unknown) => {
      deps.logger.warn({ err, orderId: data.order.id }, "payments: could not expire the session");
    });
  }
}
