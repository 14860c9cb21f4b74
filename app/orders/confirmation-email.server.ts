/**
 * The purchase confirmation, in the order's language (issue 34): every line with its amount and the
 * edition dates, the 14-day withdrawal information with the model form, and one
 * .ics attachment per edition. Delivered through the outbox: the job is
 * written with the payment, so neither a crash nor a redelivered webhook can
 * lose it or send it twice.
 */
import { withdrawalFormText } from "~/content/withdrawal-form.ts";
import { site } from "~/content/site.ts";
import { shortOrderId } from "~/domain/order-reference.ts";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import { formatEuros, formatLongDate, formatMonthYear } from "~/domain/pricing.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { invoiceAttachment, orderInvoiceId, type DocumentAttachment } from "~/invoices/queries.server.ts";
import { attachedDocumentSentence } from "~/invoices/document-texts.server.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { Db } from "~/db/db.server.ts";
import { EMAIL_JOB_PREFIX, enqueueEmail, type EmailTemplate } from "~/mail/email-jobs.server.ts";
import type { MailAttachment, MailMessage } from "~/mail/mailer.server.ts";
import { buildCalendar, icsFileName } from "./ics.ts";
import { orderCalendarEvents } from "./order-calendar.ts";
import { courseLines } from "./order-lines.ts";
import { getOrderWithItems, type OrderItemRow, type OrderRow } from "./orders.server.ts";

export { shortOrderId };

/** A line that sells a course place. */
type CourseItemRow = OrderItemRow & { course_id: string };

/** "Empieza en febrero de 2027 (del 9 de febrero de 2027 al 11 de febrero de 2027)", or the undated fallback. */
export function editionText(
  item: Pick<OrderItemRow, "edition_starts_on" | "edition_ends_on">,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const t = serverTranslator(locale);
  if (!item.edition_starts_on) return t("email.orderConfirmation.editionUndated");
  const start = formatLongDate(item.edition_starts_on, locale);
  const range =
    item.edition_ends_on && item.edition_ends_on !== item.edition_starts_on
      ? t("email.orderConfirmation.editionRange", { start, end: formatLongDate(item.edition_ends_on, locale) })
      : t("email.orderConfirmation.editionDay", { start });
  const month = formatMonthYear(item.edition_starts_on, locale);
  return t("email.orderConfirmation.editionStarts", { month, range });
}

export function withdrawalText(order: Pick<OrderRow, "withdrawal_waiver_at">, locale: Locale = DEFAULT_LOCALE): string {
  const t = serverTranslator(locale);
  const right = t("email.orderConfirmation.withdrawalRight", { email: site.email });
  if (order.withdrawal_waiver_at) {
    const waiver = t("email.orderConfirmation.withdrawalWaiver", {
      date: formatLongDate(order.withdrawal_waiver_at, locale),
    });
    return `${right} ${waiver}`;
  }
  return right;
}

/** .ics files, one per booked edition. */
export function calendarAttachments(
  order: Pick<OrderRow, "id">,
  items: CourseItemRow[],
  publicUrl: string,
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): MailAttachment[] {
  return items
    .filter((i) => i.edition_starts_on)
    .map((i) => ({
      filename: icsFileName(`${i.title} ${i.edition_starts_on}`),
      contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      content: buildCalendar(orderCalendarEvents(order.id, [i], publicUrl, locale), now, `${site.name} · ${i.title}`),
    }));
}

export function buildConfirmationEmail(input: {
  order: OrderRow;
  /** The lines the buyer is enrolled in by this order. */
  items: CourseItemRow[];
  /** Lines of courses the buyer already had: not enrolled again, their amount is being refunded. */
  alreadyOwned?: CourseItemRow[];
  buyerName: string;
  publicUrl: string;
  now: Date;
  /** The order's invoice (a demo sale's: its demo document), attached as a PDF (issue 13), when it was issued with the payment. */
  invoice?: DocumentAttachment | null;
}): MailMessage {
  const { order, items, buyerName, publicUrl, now } = input;
  // The language the order was made in (orders.locale, issue 34).
  const locale = order.locale;
  const t = serverTranslator(locale);
  const invoiceNote = input.invoice ? attachedDocumentSentence(t, input.invoice) : null;
  const owned = input.alreadyOwned ?? [];
  const ownedNote = owned.length
    ? t("email.orderConfirmation.alreadyOwned", {
        titles: owned.map((i) => `«${i.title}»`).join(t("email.orderConfirmation.and")),
        amount: formatEuros(owned.reduce((sum, i) => sum + i.price_cents, 0)),
      })
    : null;
  const method =
    order.payment_method === "card" ? t("email.orderConfirmation.cardMethod") : paymentMethodName(order.payment_method);
  const ref = shortOrderId(order.id);
  const demo = order.provider === "demo";
  const demoNote = t("email.orderConfirmation.demoNote");
  const coursesUrl = `${publicUrl}${localHref(locale, "/mis-cursos")}`;
  const rowsHtml = items
    .map(
      (i) =>
        `<tr><td style="padding:8px 0;border-bottom:1px solid #EAD7CC"><strong>${escapeHtml(i.title)}</strong><br><span style="color:#6B5A62;font-size:14px">${escapeHtml(editionText(i, locale))}</span></td><td style="padding:8px 0;border-bottom:1px solid #EAD7CC;text-align:right;white-space:nowrap">${escapeHtml(formatEuros(i.price_cents))}</td></tr>`,
    )
    .join("");
  const greeting = buyerName ? t("email.common.greetingNamed", { name: buyerName }) : t("email.common.greeting");
  const thanks = t("email.orderConfirmation.thanks");
  const totalPaid = t("email.orderConfirmation.totalPaid");
  const orderLabel = t("email.orderConfirmation.order");
  const methodLabel = t("email.orderConfirmation.paymentMethod");
  const form = withdrawalFormText(locale);
  const bodyHtml = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(thanks)}</p>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="margin:16px 0">${rowsHtml}
<tr><td style="padding:12px 0"><strong>${escapeHtml(totalPaid)}</strong></td><td style="padding:12px 0;text-align:right"><strong>${escapeHtml(formatEuros(order.total_cents))}</strong></td></tr></table>
<p style="margin:0">${escapeHtml(orderLabel)}: <strong>${escapeHtml(ref)}</strong> · ${escapeHtml(methodLabel)}: ${escapeHtml(method)}</p>
${demo ? `<p style="margin:8px 0 0;color:#8A5A00"><strong>${escapeHtml(demoNote)}</strong></p>` : ""}
${ownedNote ? `<p>${escapeHtml(ownedNote)}</p>` : ""}
${invoiceNote ? `<p>${escapeHtml(invoiceNote)}</p>` : ""}
<p>${escapeHtml(t("email.orderConfirmation.calendarHtml"))}</p>
<p style="color:#6B5A62;font-size:14px">${escapeHtml(withdrawalText(order, locale))}</p>
${emailButton(coursesUrl, t("email.orderConfirmation.button"))}
<p>${escapeHtml(t("email.orderConfirmation.questionsHtml", { phone: site.phone.display }))}</p>
<div style="color:#6B5A62;font-size:13px;border-top:1px solid #EAD7CC;margin-top:16px;padding-top:8px">${form
    .split("\n")
    .map((line) => `<p style="margin:4px 0">${escapeHtml(line)}</p>`)
    .join("")}</div>`;
  const bodyText = [
    greeting,
    "",
    thanks,
    "",
    ...items.flatMap((i) => [`- ${i.title}: ${formatEuros(i.price_cents)}`, `  ${editionText(i, locale)}`]),
    "",
    `${totalPaid}: ${formatEuros(order.total_cents)}`,
    `${orderLabel}: ${ref} · ${methodLabel}: ${method}`,
    ...(demo ? [demoNote] : []),
    ...(ownedNote ? ["", ownedNote] : []),
    "",
    ...(invoiceNote ? [invoiceNote] : []),
    t("email.orderConfirmation.calendarText"),
    "",
    withdrawalText(order, locale),
    "",
    t("email.orderConfirmation.coursesText", { url: coursesUrl }),
    t("email.orderConfirmation.questionsText", { phone: site.phone.display, email: site.email }),
    "",
    form,
  ].join("\n");
  const { html, text } = renderEmail({
    title: t("email.orderConfirmation.title"),
    preheader: t("email.orderConfirmation.preheader", { ref, amount: formatEuros(order.total_cents) }),
    bodyHtml,
    bodyText,
    locale,
  });
  return {
    to: order.email ?? "",
    subject: t("email.orderConfirmation.subject", { ref, salon: site.name }),
    html,
    text,
    attachments: [
      ...(input.invoice ? [input.invoice.attachment] : []),
      ...calendarAttachments(order, items, publicUrl, now, locale),
    ],
  };
}

/**
 * The confirmation as an outbox email template: enqueued in the transaction
 * that marks the order paid (fulfilment.server.ts), rendered from the order when
 * the worker runs, and stamped on orders.confirmation_sent_at once delivered.
 */
export const orderConfirmationTemplate: EmailTemplate = {
  async render(ctx, payload) {
    const orderId = typeof payload.orderId === "string" ? payload.orderId : "";
    const data = await getOrderWithItems(ctx.db, orderId);
    if (!data?.order.email || data.order.status === "pending") return null;
    const user = data.order.user_id
      ? await ctx.db
          .selectFrom("users")
          .select(["first_name", "display_name"])
          .where("id", "=", data.order.user_id)
          .executeTakeFirst()
      : undefined;
    const buyerName = user?.first_name || user?.display_name || "";
    // Lines the buyer already had got no enrolment (fulfilment refunds them): listed apart.
    const enrolled = data.order.user_id
      ? new Set(
          (await ctx.db.selectFrom("enrollments").select("course_id").where("order_id", "=", orderId).execute()).map(
            (e) => e.course_id,
          ),
        )
      : null;
    const lines = courseLines(data.items);
    const items = enrolled ? lines.filter((i) => enrolled.has(i.course_id)) : lines;
    // Lines paid without a seat left have their own email (seat-email.server.ts).
    const alreadyOwned = lines.filter((i) => !items.includes(i) && i.no_seat_at === null);
    const invoiceId = await orderInvoiceId(ctx.db, orderId);
    return buildConfirmationEmail({
      invoice: invoiceId ? await invoiceAttachment(ctx.db, invoiceId) : null,
      order: data.order,
      items,
      alreadyOwned,
      buyerName,
      publicUrl: ctx.publicUrl,
      now: ctx.now,
    });
  },
  async afterSend(ctx, payload) {
    if (typeof payload.orderId !== "string") return;
    await ctx.db
      .updateTable("orders")
      .set({ confirmation_sent_at: ctx.now.toISOString() })
      .where("id", "=", payload.orderId)
      .where("confirmation_sent_at", "is", null)
      .execute();
  },
};

export const ORDER_CONFIRMATION = "order-confirmation";
export const orderConfirmationKey = (orderId: string) => `${ORDER_CONFIRMATION}:${orderId}`;

/** The dedupe key of the n-th resend asked for by the staff: fresh for each one. */
export const confirmationResendKey = (orderId: string, n: number) => `${orderConfirmationKey(orderId)}:reenvio:${n}`;

/**
 * Queues the confirmation of a paid order again (staff "Reenviar confirmación"),
 * in the caller's transaction. "busy" when a confirmation of this order is still
 * waiting to go out, or another resend won the same number at the same moment
 * (the unique dedupe key decides): a double click stores one job.
 */
export async function enqueueConfirmationResend(
  trx: Db,
  orderId: string,
  now = new Date(),
): Promise<{ outcome: "queued"; dedupeKey: string } | { outcome: "busy" }> {
  const key = orderConfirmationKey(orderId);
  const previous = (
    await trx
      .selectFrom("jobs")
      .select(["dedupe_key", "status"])
      .where("kind", "=", `${EMAIL_JOB_PREFIX}${ORDER_CONFIRMATION}`)
      .where("dedupe_key", "like", `${key}%`)
      .execute()
  ).filter((j) => j.dedupe_key === key || j.dedupe_key?.startsWith(`${key}:reenvio:`));
  if (previous.some((j) => j.status === "pending")) return { outcome: "busy" };
  const dedupeKey = confirmationResendKey(orderId, previous.filter((j) => j.dedupe_key !== key).length + 1);
  const queued = await enqueueEmail(trx, ORDER_CONFIRMATION, { orderId }, { dedupeKey, now });
  return queued ? { outcome: "queued", dedupeKey } : { outcome: "busy" };
}
