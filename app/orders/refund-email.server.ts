/** The buyer's email once a refund went through (outbox template "refund-notice"). */
import type { Locale } from "~/i18n/locales.ts";
import { invoiceAttachment, refundInvoiceId, type DocumentAttachment } from "~/invoices/queries.server.ts";
import { attachedDocumentSentence } from "~/invoices/document-texts.server.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { site } from "~/content/site.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import { refundItemIds } from "~/domain/withdrawal-lines.ts";
import { escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { shortOrderId } from "./confirmation-email.server.ts";
import { getOrderWithItems } from "./orders.server.ts";
import { getRefund, type RefundRow } from "./refunds.server.ts";

const REASON_KEYS = {
  "customer-request": "email.refund.reason.customerRequest",
  "edition-cancelled": "email.refund.reason.editionCancelled",
  "duplicate-purchase": "email.refund.reason.duplicatePurchase",
  "appointment-cancelled": "email.refund.reason.appointmentCancelled",
  "appointment-unavailable": "email.refund.reason.appointmentUnavailable",
  withdrawal: "email.refund.reason.withdrawal",
  "no-seat": "email.refund.reason.noSeat",
} as const satisfies Record<string, MessageKey>;

const reasonKey = (reason: string): MessageKey =>
  reason in REASON_KEYS ? REASON_KEYS[reason as keyof typeof REASON_KEYS] : "email.refund.reason.other";

export function buildRefundEmail(input: {
  refund: Pick<RefundRow, "amount_cents" | "reason" | "completed_at">;
  order: {
    id: string;
    email: string | null;
    total_cents: number;
    refunded_cents: number;
    payment_method: string;
    /** The order's language (0027): the email is written in it. */
    locale: Locale;
  };
  titles: string[];
  /** The refund's rectificativa (a demo sale's: its demo document) as a PDF (issue 13), when it was issued with it. */
  invoice?: DocumentAttachment | null;
}): MailMessage {
  const { refund, order, titles } = input;
  const locale = order.locale;
  const t = serverTranslator(locale);
  const ref = shortOrderId(order.id);
  const amount = formatEuros(refund.amount_cents);
  const when = refund.completed_at ? formatLongDate(refund.completed_at.slice(0, 10), locale) : "";
  const full = order.refunded_cents >= order.total_cents;
  const amountLine = t("email.refund.amount", {
    amount,
    full: full ? "yes" : "no",
    when: when ? t("email.refund.on", { date: when }) : "",
  });
  const lines = [
    t(reasonKey(refund.reason)),
    amountLine,
    t("email.refund.bankDelay"),
    input.invoice ? attachedDocumentSentence(t, input.invoice) : "",
  ];
  const greeting = t("email.common.greeting");
  const orderWord = t("email.refund.order");
  const bodyHtml = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lines[0]!)}</p>
<p>${escapeHtml(orderWord)} <strong>${escapeHtml(ref)}</strong>${titles.length ? `: ${escapeHtml(titles.join(", "))}` : ""}.</p>
<p>${escapeHtml(lines[1]!)}</p>
<p style="color:#6B5A62;font-size:14px">${escapeHtml(lines[2]!)}</p>
${lines[3] ? `<p>${escapeHtml(lines[3])}</p>` : ""}
<p>${escapeHtml(t("email.refund.questions", { phone: site.phone.display, email: site.email }))}</p>`;
  const bodyText = [
    greeting,
    "",
    lines[0]!,
    "",
    `${orderWord} ${ref}${titles.length ? `: ${titles.join(", ")}` : ""}.`,
    "",
    lines[1]!,
    lines[2]!,
    ...(lines[3] ? ["", lines[3]] : []),
  ].join("\n");
  const { html, text } = renderEmail({
    title: t("email.refund.title"),
    preheader: t("email.refund.preheader", { amount, ref }),
    bodyHtml,
    bodyText,
    locale,
  });
  return {
    to: order.email ?? "",
    subject: t("email.refund.subject", { ref, salon: site.name }),
    html,
    text,
    ...(input.invoice ? { attachments: [input.invoice.attachment] } : {}),
  };
}

export const refundNoticeTemplate: EmailTemplate = {
  async render(ctx, payload) {
    const refund = typeof payload.refundId === "string" ? await getRefund(ctx.db, payload.refundId) : undefined;
    if (!refund || refund.status !== "succeeded") return null;
    const data = await getOrderWithItems(ctx.db, refund.order_id);
    if (!data?.order.email) return null;
    // The rectificativa issued with the refund (issue 13), as a PDF.
    const invoiceId = await refundInvoiceId(ctx.db, refund.id);
    // The courses it is for when it names them (a withdrawal from one course, a seat missing), else the order's.
    const ids = refundItemIds(refund.item_ids);
    const named = ids ? data.items.filter((i) => ids.includes(i.id)) : [];
    return buildRefundEmail({
      refund,
      order: data.order,
      titles: (named.length > 0 ? named : data.items).map((i) => i.title),
      invoice: invoiceId ? await invoiceAttachment(ctx.db, invoiceId) : null,
    });
  },
};
