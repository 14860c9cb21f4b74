/**
 * "No quedaban plazas": a payment arrived for a seat that could no longer be
 * given (the hold had expired and someone else took the last seat, or the
 * edition was cancelled). Queued by fulfilment in the transaction that records
 * the payment and asks for the refund (reason "no-seat"); the refund-notice
 * email follows once the provider confirms it.
 */
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { site } from "~/content/site.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { shortOrderId } from "./confirmation-email.server.ts";
import { getOrderWithItems, type OrderItemRow } from "./orders.server.ts";

export const SEAT_UNAVAILABLE = "seat-unavailable";
export const seatUnavailableKey = (orderId: string) => `${SEAT_UNAVAILABLE}:${orderId}`;

function lineText(item: Pick<OrderItemRow, "title" | "edition_starts_on">, locale: Locale): string {
  const t = serverTranslator(locale);
  return item.edition_starts_on
    ? t("email.seat.lineDated", { title: item.title, date: formatLongDate(item.edition_starts_on, locale) })
    : t("email.seat.line", { title: item.title });
}

export function buildSeatUnavailableEmail(input: {
  order: {
    id: string;
    email: string | null;
    /** The order's language (0027): the email is written in it. */ locale: Locale;
  };
  /** The paid lines that got no seat. */
  items: Pick<OrderItemRow, "title" | "edition_starts_on" | "price_cents">[];
  publicUrl: string;
}): MailMessage {
  const { order, items, publicUrl } = input;
  const locale = order.locale;
  const t = serverTranslator(locale);
  const ref = shortOrderId(order.id);
  const amount = formatEuros(items.reduce((sum, i) => sum + i.price_cents, 0));
  const lines = items.map((i) => lineText(i, locale));
  const intro = t("email.seat.intro");
  const refund = t("email.seat.refund", { amount });
  const next = t("email.seat.next");
  const greeting = t("email.common.greeting");
  const orderLabel = t("email.orderConfirmation.order");
  const coursesUrl = `${publicUrl}${localHref(locale, "/formaciones")}`;
  const bodyHtml = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>
<p>${escapeHtml(refund)}</p>
<p style="margin:0">${escapeHtml(orderLabel)}: <strong>${escapeHtml(ref)}</strong></p>
<p>${escapeHtml(next)}</p>
${emailButton(coursesUrl, t("email.seat.button"))}
<p>${escapeHtml(t("email.refund.questions", { phone: site.phone.display, email: site.email }))}</p>`;
  const bodyText = [
    greeting,
    "",
    intro,
    "",
    ...lines.map((l) => `- ${l}`),
    "",
    refund,
    `${orderLabel}: ${ref}`,
    "",
    next,
    t("email.seat.editionsText", { url: coursesUrl }),
    t("email.orderConfirmation.questionsText", { phone: site.phone.display, email: site.email }),
  ].join("\n");
  const { html, text } = renderEmail({
    title: t("email.seat.title"),
    preheader: t("email.seat.preheader", { amount, ref }),
    bodyHtml,
    bodyText,
    locale,
  });
  return { to: order.email ?? "", subject: t("email.seat.subject", { ref, salon: site.name }), html, text };
}

export const seatUnavailableTemplate: EmailTemplate = {
  async render(ctx, payload) {
    const data = typeof payload.orderId === "string" ? await getOrderWithItems(ctx.db, payload.orderId) : null;
    const items = data?.items.filter((i) => i.no_seat_at !== null) ?? [];
    if (!data?.order.email || items.length === 0) return null;
    return buildSeatUnavailableEmail({ order: data.order, items, publicUrl: ctx.publicUrl });
  },
};
