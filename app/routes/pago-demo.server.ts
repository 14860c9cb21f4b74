import { data, redirect, type RouterContextProvider } from "react-router";
import { requireUser } from "~/auth/session.server.ts";
import type { Config } from "~/config.server.ts";
import { clientIpContext, getServices } from "~/context.server.ts";
import { paymentMethodNameIn } from "~/components/checkout/payment-method-texts.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest, type Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";
import type { OrderKindId } from "~/orders/kinds/order-kind.ts";
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

/** The success page in the order's language (/ca/compra-completada for an order made in Catalan). */
export function successPath(
  sessionId: string,
  firstCourseId: string | null | undefined,
  locale: Locale = "es",
): string {
  return `${localHref(locale, "/success")}?session_id=${encodeURIComponent(sessionId)}&course_id=${encodeURIComponent(firstCourseId ?? "")}`;
}

/** The demo page's words about each kind of sale (the kind's `paymentPage` holds the Spanish ones). */
const PAYMENT_PAGE_KEYS = {
  courses: {
    linesCaption: "checkout.demo.courses.linesCaption",
    lineHeader: "checkout.demo.courses.lineHeader",
    paidLink: "checkout.demo.courses.paidLink",
    expired: "checkout.demo.courses.expired",
    restart: "checkout.demo.courses.restart",
    expiredError: "checkout.demo.courses.expiredError",
  },
  deposit: {
    linesCaption: "checkout.demo.deposit.linesCaption",
    lineHeader: "checkout.demo.deposit.lineHeader",
    paidLink: "checkout.demo.deposit.paidLink",
    expired: "checkout.demo.deposit.expired",
    restart: "checkout.demo.deposit.restart",
    expiredError: "checkout.demo.deposit.expiredError",
  },
  // Never shown: a counter sale is paid at the counter, and ownDemoOrder answers 404 for it (provider "counter").
  counter: {
    linesCaption: "checkout.demo.courses.linesCaption",
    lineHeader: "checkout.demo.courses.lineHeader",
    paidLink: "checkout.demo.courses.paidLink",
    expired: "checkout.demo.courses.expired",
    restart: "checkout.demo.courses.restart",
    expiredError: "checkout.demo.courses.expiredError",
  },
} as const satisfies Record<OrderKindId, Record<string, MessageKey>>;

/** The demo page's words about this kind of sale, in the page's language. */
function paymentPageTexts(t: Translate, kindId: string, restartTo: string) {
  const keys = PAYMENT_PAGE_KEYS[kindId as OrderKindId] ?? PAYMENT_PAGE_KEYS.courses;
  return {
    linesCaption: t(keys.linesCaption),
    lineHeader: t(keys.lineHeader),
    paidLink: t(keys.paidLink),
    expired: t(keys.expired),
    restart: { to: localHref(t.locale, restartTo), label: t(keys.restart) },
    expiredError: t(keys.expiredError),
  };
}

/** Like a Stripe Checkout Session, the demo page lives one hour from the order's creation (its seat hold too). */
export function demoSessionExpired(order: Pick<OrderRow, "created_at">, now = Date.now()): boolean {
  return now >= Date.parse(order.created_at) + SEAT_HOLD_MS;
}

export async function loadDemoPayment(request: Request, context: Ctx, orderId: string) {
  const { services, kind, order, items } = await ownDemoOrder(request, context, orderId);
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  return {
    orderId: order.id,
    status: order.status,
    totalCents: order.total_cents,
    methodName: paymentMethodNameIn(t, order.payment_method),
    lines: items.map((i) => ({ id: i.id, title: i.title, priceCents: i.price_cents })),
    // The way back follows the order's language (the checkout page it was made on).
    successUrl: successPath(order.provider_session_id ?? demoSessionId(order.id), items[0]?.course_id, order.locale),
    enabled: demoPaymentsAllowed(services.config, context.get(clientIpContext)),
    expired: order.status !== "paid" && demoSessionExpired(order),
    texts: paymentPageTexts(t, order.kind, kind.paymentPage.restart.to),
    messages: messagesFor(locale, ["checkout"]),
  };
}

export async function demoPaymentAction(request: Request, context: Ctx, orderId: string) {
  const { services, kind, order, items } = await ownDemoOrder(request, context, orderId);
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const intent = String((await request.formData()).get("intent") ?? "");
  const sessionId = order.provider_session_id ?? demoSessionId(order.id);
  if (intent === "cancel") {
    await cancelCheckout(services, { order, items });
    // Back where the kind says (a deposit's hold ended with it: its appointment's page says so).
    return redirect(localHref(order.locale, kind.afterCancel(order)));
  }
  if (intent !== "pay") return data({ error: t("checkout.demo.error.invalid") }, { status: 400 });
  if (!demoPaymentsAllowed(services.config, context.get(clientIpContext))) {
    return data({ error: t("checkout.demo.error.unavailable") }, { status: 403 });
  }
  if (order.status === "refunded") return data({ error: t("checkout.demo.error.notPayable") }, { status: 409 });
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
    return data({ error: paymentPageTexts(t, order.kind, kind.paymentPage.restart.to).expiredError }, { status: 409 });
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
  return redirect(successPath(sessionId, items[0]?.course_id, order.locale));
}
