import { data, redirect, type RouterContextProvider } from "react-router";
import { requireUser } from "~/auth/session.server.ts";
import type { Config } from "~/config.server.ts";
import { clientIpContext, getServices } from "~/context.server.ts";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import { orderKind } from "~/orders/kinds/index.server.ts";
import { getOrderWithItems, type OrderRow } from "~/orders/orders.server.ts";
import { SEAT_HOLD_MS } from "~/orders/seat-holds.server.ts";
import { cancelCheckout, processPaymentEvent } from "~/payments/checkout.server.ts";
import { demoSessionId } from "~/payments/demo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/**
 * The demo gateway hands out courses without money, so it fails closed: it pays
 * only on a local site (PUBLIC_URL on localhost, which is also the default)
 * for a visitor on this same machine, or where DEMO_PAYMENTS=1 says so on
 * purpose. A public PUBLIC_URL without Stripe and without that opt-in does not
 * even start (config.server.ts). NODE_ENV plays no part.
 */
export function demoPaymentsAllowed(config: Pick<Config, "demoPayments" | "isLocalOrigin">, clientIp: string): boolean {
  if (config.demoPayments) return true;
  return config.isLocalOrigin && isLoopbackAddress(clientIp);
}

export function isLoopbackAddress(ip: string): boolean {
  return ip === "::1" || /^127\./.test(ip) || /^::ffff:127\./.test(ip);
}

/**
 * Only the buyer's own demo order, and only while the demo gateway is the live
 * one. A course order asks its buyer to sign in; an appointment's deposit may
 * be a guest's, so its random order id in the address is what opens it (as a
 * Stripe Checkout address does).
 */
async function ownDemoOrder(request: Request, context: Ctx, orderId: string) {
  const services = getServices(context);
  const found = services.payments.name === "demo" ? await getOrderWithItems(services.db, orderId) : null;
  const kind = found ? orderKind(found.order.kind) : null;
  if (!kind?.guestPayment) {
    const user = await requireUser(request, context);
    if (found?.order.user_id !== user.id) throw data(null, { status: 404 });
  }
  if (!found || !kind || found.order.provider !== "demo") throw data(null, { status: 404 });
  return { services, kind, ...found };
}

export function successPath(sessionId: string, firstCourseId: string | null | undefined): string {
  return `/success?session_id=${encodeURIComponent(sessionId)}&course_id=${encodeURIComponent(firstCourseId ?? "")}`;
}

/** Like a Stripe Checkout Session, the demo page lives one hour from the order's creation (its seat hold too). */
export function demoSessionExpired(order: Pick<OrderRow, "created_at">, now = Date.now()): boolean {
  return now >= Date.parse(order.created_at) + SEAT_HOLD_MS;
}

export async function loadDemoPayment(request: Request, context: Ctx, orderId: string) {
  const { services, kind, order, items } = await ownDemoOrder(request, context, orderId);
  return {
    orderId: order.id,
    status: order.status,
    totalCents: order.total_cents,
    methodName: paymentMethodName(order.payment_method),
    lines: items.map((i) => ({ id: i.id, title: i.title, priceCents: i.price_cents })),
    successUrl: successPath(order.provider_session_id ?? demoSessionId(order.id), items[0]?.course_id),
    enabled: demoPaymentsAllowed(services.config, context.get(clientIpContext)),
    expired: order.status !== "paid" && demoSessionExpired(order),
    texts: kind.paymentPage,
  };
}

export async function demoPaymentAction(request: Request, context: Ctx, orderId: string) {
  const { services, kind, order, items } = await ownDemoOrder(request, context, orderId);
  const intent = String((await request.formData()).get("intent") ?? "");
  const sessionId = order.provider_session_id ?? demoSessionId(order.id);
  if (intent === "cancel") {
    await cancelCheckout(services, { order, items });
    // Back where the kind says (a deposit's hold ended with it: its appointment's page says so).
    return redirect(kind.afterCancel(order));
  }
  if (intent !== "pay") return data({ error: "Acción no válida" }, { status: 400 });
  if (!demoPaymentsAllowed(services.config, context.get(clientIpContext))) {
    return data({ error: "La pasarela de demostración no está disponible en este sitio" }, { status: 403 });
  }
  if (order.status === "refunded") return data({ error: "Este pedido ya no se puede pagar" }, { status: 409 });
  if (order.status !== "paid" && demoSessionExpired(order)) {
    // What Stripe sends when a session ends unpaid: the order is cancelled and its seats go back.
    await processPaymentEvent(services, {
      kind: "expired",
      eventId: `demo:${order.id}:expired`,
      type: "demo.session_expired",
      sessionId,
      orderId: order.id,
      amountTotalCents: null,
      currency: null,
    });
    return data({ error: kind.paymentPage.expiredError }, { status: 409 });
  }
  // Exactly the path a Stripe webhook takes: same fulfilment, same email.
  await processPaymentEvent(services, {
    kind: "paid",
    eventId: `demo:${order.id}:paid`,
    type: "demo.payment_succeeded",
    sessionId,
    orderId: order.id,
    amountTotalCents: order.total_cents,
    currency: order.currency,
  });
  return redirect(successPath(sessionId, items[0]?.course_id));
}
