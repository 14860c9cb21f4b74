/**
 * Stripe Checkout (hosted page) for every payment method the site offers. Card data never
 * touches our pages (PCI SAQ A). Stripe shapes are mapped to our own types here
 * and nowhere else.
 */
import Stripe from "stripe";
import { localHref } from "~/i18n/paths.ts";
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutOrder,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentSessionState,
  type PaymentSessionStatus,
  type ProviderRefund,
  type RefundRequest,
  RefundRefusedError,
} from "./provider.server.ts";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE: tests point the SDK at a local mock of the Stripe API. */
  apiBase?: string;
  /** Absolute origin for the success and cancel URLs. */
  publicUrl: string;
}

/** Sessions live one hour from the order's creation (Stripe's minimum is 30 minutes). */
export const SESSION_LIFETIME_SECONDS = 60 * 60;

export function createStripeClient(opts: Pick<StripeProviderOptions, "secretKey" | "apiBase">): Stripe {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  return new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

function sessionState(session: Stripe.Checkout.Session): PaymentSessionState {
  if (session.status === "expired") return "expired";
  if (session.status === "complete") {
    return session.payment_status === "unpaid" ? "processing" : "paid";
  }
  return "open";
}

function orderIdOf(session: Stripe.Checkout.Session): string | null {
  return session.client_reference_id ?? session.metadata?.order_id ?? null;
}

const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  typeof ref === "string" ? ref : (ref?.id ?? null);

function providerRefund(refund: Stripe.Refund): ProviderRefund {
  const failed = refund.status === "failed" || refund.status === "canceled";
  return {
    providerRefundId: refund.id,
    amountCents: refund.amount,
    currency: refund.currency,
    state: refund.status === "succeeded" ? "succeeded" : failed ? "failed" : "pending",
    refundId: refund.metadata?.refund_id ?? null,
    orderId: refund.metadata?.order_id ?? null,
  };
}

/** refund.created/updated/failed name one refund; charge.refunded lists them (when Stripe embeds the whole list). */
function refundEvent(event: Stripe.Event): PaymentEvent | null {
  if (event.type === "refund.created" || event.type === "refund.updated" || event.type === "refund.failed") {
    const refund = event.data.object;
    const paymentId = idOf(refund.payment_intent);
    return { kind: "refund", eventId: event.id, type: event.type, paymentId, refunds: [providerRefund(refund)] };
  }
  if (event.type === "charge.refunded") {
    const charge = event.data.object;
    // Recent API versions leave the list out: then every refund of the payment is asked for.
    const refunds = charge.refunds && !charge.refunds.has_more ? charge.refunds.data.map(providerRefund) : null;
    return { kind: "refund", eventId: event.id, type: event.type, paymentId: idOf(charge.payment_intent), refunds };
  }
  return null;
}

export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(opts);

  return {
    name: "stripe",

    async createCheckout(order: CheckoutOrder): Promise<CheckoutSession> {
      const firstCourse = order.lines[0]?.courseId ?? "";
      const locale = order.locale ?? "es";
      // Every parameter derives from the stored order, so a retry with the same
      // idempotency key replays the same session instead of opening a second one.
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: "payment",
        locale: "es",
        allowed_payment_method_types: [order.method],
        line_items: order.lines.map((line) => ({
          quantity: 1,
          price_data: {
            currency: order.currency,
            unit_amount: line.priceCents,
            product_data: { name: line.title, ...(line.courseId ? { metadata: { course_id: line.courseId } } : {}) },
          },
        })),
        client_reference_id: order.id,
        metadata: { order_id: order.id },
        customer_email: order.email,
        // Back to the pages in the order's language (/ca/compra-completada for an order made in Catalan).
        success_url: `${opts.publicUrl}${localHref(locale, "/success")}?session_id={CHECKOUT_SESSION_ID}&course_id=${encodeURIComponent(firstCourse)}`,
        cancel_url: `${opts.publicUrl}${localHref(locale, order.cancelPath ?? "/cancel")}`,
        expires_at: Math.floor(Date.parse(order.createdAt) / 1000) + SESSION_LIFETIME_SECONDS,
      };
      try {
        const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${order.id}` });
        if (!session.url) throw new PaymentProviderError("Stripe no devolvió la URL de pago");
        return { sessionId: session.id, url: session.url };
      } catch (err) {
        if (err instanceof PaymentProviderError) throw err;
        throw new PaymentProviderError(`Stripe rechazó la sesión de pago: ${(err as Error).message}`, { cause: err });
      }
    },

    async retrieveSession(sessionId: string): Promise<PaymentSessionStatus> {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return {
        sessionId: session.id,
        orderId: orderIdOf(session),
        state: sessionState(session),
        amountTotalCents: session.amount_total,
        currency: session.currency,
      };
    },

    parseWebhook(rawBody: string, signature: string | null): PaymentEvent {
      if (!signature) throw new WebhookSignatureError("Falta la cabecera Stripe-Signature");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError("La firma del webhook no es válida", { cause: err });
      }
      const refund = refundEvent(event);
      if (refund) return refund;
      const kinds: Record<string, "paid" | "failed" | "expired" | "processing" | undefined> = {
        "checkout.session.async_payment_succeeded": "paid",
        "checkout.session.async_payment_failed": "failed",
        "checkout.session.expired": "expired",
      };
      let kind = kinds[event.type];
      if (event.type === "checkout.session.completed") {
        const s = event.data.object as Stripe.Checkout.Session;
        kind = s.payment_status === "unpaid" ? "processing" : "paid";
      }
      if (!kind) return { kind: "ignored", eventId: event.id, type: event.type };
      const session = event.data.object as Stripe.Checkout.Session;
      return {
        kind,
        eventId: event.id,
        type: event.type,
        sessionId: session.id,
        orderId: orderIdOf(session),
        amountTotalCents: session.amount_total,
        currency: session.currency,
      };
    },

    async refund(request: RefundRequest) {
      // Bounded waits, so both calls end well inside the outbox job's lease.
      const opts = { timeout: 10_000, maxNetworkRetries: 1 };
      try {
        const session = await stripe.checkout.sessions.retrieve(request.sessionId, {}, opts);
        const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
        if (!intent) throw new RefundRefusedError(`La sesión ${request.sessionId} no tiene ningún pago que reembolsar`);
        const refund = await stripe.refunds.create(
          {
            payment_intent: intent,
            amount: request.amountCents,
            reason: request.reason,
            // Its webhook events then name our refund, even before this call's answer is stored.
            metadata: { order_id: request.orderId, refund_id: request.refundId },
          },
          { ...opts, idempotencyKey: request.idempotencyKey },
        );
        // "pending" (some methods settle refunds later) counts as accepted.
        if (refund.status === "failed" || refund.status === "canceled") {
          throw new RefundRefusedError(`Stripe no pudo hacer el reembolso (${refund.status})`);
        }
        return { providerRefundId: refund.id };
      } catch (err) {
        // A 4xx from Stripe (no such payment, already refunded, amount too large) will not change on retry.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new RefundRefusedError(`Stripe rechazó el reembolso: ${err.message}`, { cause: err });
        }
        throw err;
      }
    },

    async refundsOfPayment(paymentId: string): Promise<ProviderRefund[]> {
      const list = await stripe.refunds.list({ payment_intent: paymentId, limit: 100 });
      return list.data.map(providerRefund);
    },

    async sessionIdForPayment(paymentId: string): Promise<string | null> {
      const list = await stripe.checkout.sessions.list({ payment_intent: paymentId, limit: 1 });
      return list.data[0]?.id ?? null;
    },

    async expireSession(sessionId: string): Promise<void> {
      await stripe.checkout.sessions.expire(sessionId);
    },
  };
}
