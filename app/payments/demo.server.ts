/**
 * Offline gateway used when STRIPE_SECRET_KEY is unset, so `npm start` sells
 * without any account: the "payment page" is our own /pago-demo/:orderId
 * (clearly marked MODO DEMO), whose Pay button goes through the same
 * fulfilment as a Stripe webhook (see app/routes/pago-demo.tsx).
 */
import {
  WebhookSignatureError,
  type CheckoutOrder,
  type CheckoutSession,
  type PaymentProvider,
  type PaymentSessionStatus,
  type RefundRequest,
} from "./provider.server.ts";
import { localHref } from "~/i18n/paths.ts";

const PREFIX = "demo_";

export const demoSessionId = (orderId: string) => `${PREFIX}${orderId}`;

export function createDemoProvider(): PaymentProvider {
  return {
    name: "demo",
    async createCheckout(order: CheckoutOrder): Promise<CheckoutSession> {
      // In the order's language: /ca/pagament-demo/… for an order made in Catalan.
      const url = localHref(order.locale ?? "es", `/pago-demo/${encodeURIComponent(order.id)}`);
      return { sessionId: demoSessionId(order.id), url };
    },
    async retrieveSession(sessionId: string): Promise<PaymentSessionStatus> {
      // The demo page settles synchronously in our own database; there is no
      // remote state that could be ahead of it.
      return {
        sessionId,
        orderId: sessionId.startsWith(PREFIX) ? sessionId.slice(PREFIX.length) : null,
        state: "open",
        amountTotalCents: null,
        currency: null,
      };
    },
    parseWebhook(): never {
      throw new WebhookSignatureError("La pasarela de demostración no recibe webhooks");
    },
    async refund(request: RefundRequest) {
      // No money moved, so none moves back: the refund is recorded by the same
      // code path as a real one, under an id derived from the idempotency key.
      return { providerRefundId: `demo_re_${request.idempotencyKey}` };
    },
    // The demo gateway sends no refund events: nothing to look up.
    async refundsOfPayment() {
      return [];
    },
    async sessionIdForPayment() {
      return null;
    },
    async expireSession(): Promise<void> {},
  };
}
