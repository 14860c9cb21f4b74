/**
 * The payment boundary: each integration sits behind one small interface of our own.
 * Routes and the database only ever see these types; Stripe objects stay inside
 * stripe.server.ts and the offline gateway implements the same interface.
 */
import type { PaymentMethodKey } from "~/domain/payment-methods.ts";
import type { Locale } from "~/i18n/locales.ts";

/** What a provider needs to open a hosted payment page for one order. */
export interface CheckoutOrder {
  id: string;
  /** ISO timestamp; deterministic session parameters make retries idempotent. */
  createdAt: string;
  email: string;
  method: PaymentMethodKey;
  currency: "eur";
  totalCents: number;
  /** `courseId`: the course a line sells (null on a line that sells something else, e.g. a deposit). */
  lines: { courseId: string | null; title: string; priceCents: number }[];
  /** Where "back" on the provider's page leads (a same-site path); the shop's /cancel when absent. */
  cancelPath?: string;
  /** The order's language: the pages the buyer comes back to are in it (Spanish when absent). */
  locale?: Locale;
}

export interface CheckoutSession {
  sessionId: string;
  /** Absolute (Stripe) or same-site path (demo) to send the buyer to. */
  url: string;
}

/**
 * - paid: the money is ours (card, or an async method that settled).
 * - processing: the buyer completed the page but the method settles later.
 * - open: the page has not been completed (yet).
 * - expired: the page timed out or was cancelled; nothing was charged.
 * - failed: an asynchronous payment was declined after completion.
 */
export type PaymentSessionState = "paid" | "processing" | "open" | "expired" | "failed";

export interface PaymentSessionStatus {
  sessionId: string;
  orderId: string | null;
  state: PaymentSessionState;
  amountTotalCents: number | null;
  currency: string | null;
}

/** A provider notification mapped to what fulfilment understands. */
export type PaymentEvent =
  | {
      kind: "paid" | "processing" | "failed" | "expired";
      /** Provider event id: stored with a unique constraint (idempotency). */
      eventId: string;
      type: string;
      sessionId: string;
      orderId: string | null;
      amountTotalCents: number | null;
      currency: string | null;
    }
  | {
      /** Money given back from a payment (in the provider's dashboard, or a refund the site asked for). */
      kind: "refund";
      eventId: string;
      type: string;
      /** The provider's payment the refunds come from (Stripe PaymentIntent); null when unknown. */
      paymentId: string | null;
      /** The refunds the event reports; null: ask the provider for every refund of `paymentId`. */
      refunds: ProviderRefund[] | null;
    }
  | { kind: "ignored"; eventId: string; type: string };

/** One refund as the provider reports it. */
export interface ProviderRefund {
  providerRefundId: string;
  amountCents: number;
  currency: string | null;
  /** "pending": the provider accepted it and the money is on its way (some methods settle later). */
  state: "succeeded" | "pending" | "failed";
  /** Our `refunds.id` and order id when the site asked for it (metadata); null for a dashboard refund. */
  refundId: string | null;
  orderId: string | null;
}

/** Money to give back for an order paid through a provider's session. */
export interface RefundRequest {
  sessionId: string;
  /** Ours, sent along as metadata so the provider's refund events name the refund they belong to. */
  orderId: string;
  refundId: string;
  amountCents: number;
  /** Stable per refund: a retry after a crash or timeout refunds once. */
  idempotencyKey: string;
  reason: "duplicate" | "requested_by_customer";
}

export interface PaymentProvider {
  /** "stripe" or "demo"; stored on each order and logged at start. */
  readonly name: "stripe" | "demo";
  createCheckout(order: CheckoutOrder): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<PaymentSessionStatus>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not match. */
  parseWebhook(rawBody: string, signature: string | null): PaymentEvent;
  /** Gives money back; resolves with the provider's refund id once it accepted the refund. */
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>;
  /** Every refund of a payment (a refund event that does not list them). */
  refundsOfPayment(paymentId: string): Promise<ProviderRefund[]>;
  /** The session that took a payment, to find the order of a dashboard refund; null when none. */
  sessionIdForPayment(paymentId: string): Promise<string | null>;
  /** Best effort: stops an open session from being paid (buyer cancelled). */
  expireSession(sessionId: string): Promise<void>;
}

export class WebhookSignatureError extends Error {}

/** The provider could not open a payment page (network, configuration, refusal). */
export class PaymentProviderError extends Error {}

/** The provider refused a refund in a way a retry cannot change (unknown payment, already refunded, failed). */
export class RefundRefusedError extends PaymentProviderError {}
