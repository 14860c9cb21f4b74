import { data, redirect, type RouterContextProvider } from "react-router";
import { getOptionalUser, requireUser } from "~/auth/session.server.ts";
import { getServices } from "~/context.server.ts";
import { isPaymentMethodKey } from "~/domain/payment-methods.ts";
import { courseLines } from "~/orders/order-lines.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { latestOrderSince } from "~/orders/queries.server.ts";
import { billingDetailsOf } from "~/domain/billing-details.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { checkoutErrorText } from "~/orders/checkout-error.ts";
import { requestCheckout } from "~/payments/checkout-request.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** How far back an unpaid order still counts as "the one you just left". */
const RECENT_MS = 24 * 60 * 60 * 1000;

/** The signed-in buyer's latest unpaid order, so "Intentar de nuevo" can reopen it (the cart was emptied). */
export async function loadCancel(request: Request, context: Ctx) {
  const user = await getOptionalUser(request, context);
  if (!user) return { retry: null };
  const { db } = getServices(context);
  const since = new Date(Date.now() - RECENT_MS).toISOString();
  const latest = await latestOrderSince(db, user.id, since);
  if (!latest || (latest.status !== "pending" && latest.status !== "cancelled")) return { retry: null };
  const found = await getOrderWithItems(db, latest.id);
  if (!found) return { retry: null };
  return {
    retry: { orderId: found.order.id, titles: found.items.map((i) => i.title), totalCents: found.order.total_cents },
  };
}

/** Opens a fresh payment page for the same courses and method. */
export async function cancelAction(request: Request, context: Ctx, url?: URL) {
  const user = await requireUser(request, context, url);
  const services = getServices(context);
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  const orderId = String((await request.formData()).get("orderId") ?? "");
  const found = orderId ? await getOrderWithItems(services.db, orderId) : null;
  if (!found || found.order.user_id !== user.id) return redirect(localHref(locale, "/formaciones"));
  const lines = courseLines(found.items);
  // The third door of the one checkout path (app/payments/checkout-request.server.ts): same limit, same outcomes.
  const attempt = await requestCheckout(services, {
    user,
    courseIds: lines.map((i) => i.course_id),
    // The same editions (each checked again; a full one is refused with its own message).
    editionIds: Object.fromEntries(lines.flatMap((i) => (i.edition_id ? [[i.course_id, i.edition_id]] : []))),
    method: isPaymentMethodKey(found.order.payment_method) ? found.order.payment_method : "card",
    withdrawalWaiver: !!found.order.withdrawal_waiver_at,
    // The same billing details (a factura completa stays one).
    billing: billingDetailsOf(found.order),
    // This page's language (/ca/pagament-cancellat in Catalan): the order's emails and return pages follow it.
    locale,
  });
  switch (attempt.kind) {
    case "started":
      return redirect(attempt.started.url);
    case "refused":
      return data(
        { error: checkoutErrorText(t, attempt.error.code, attempt.error.params) },
        { status: attempt.error.status },
      );
    case "rate-limited":
      return data(
        { error: t("checkout.error.rateLimited") },
        { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
      );
    case "failed":
      return data({ error: t("checkout.error.failed") }, { status: 502 });
  }
}
