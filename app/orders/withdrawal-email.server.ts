/**
 * "Hemos recibido tu desistimiento": the acknowledgement on a durable medium of
 * a withdrawal made at /perfil/compras/:orderId/desistir, with its date and
 * time (Madrid), the courses it covers and what happens next. Queued in the
 * transaction that records the withdrawal (withdrawals.server.ts), one per
 * withdrawal (an order may have several, one per course).
 */
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { site } from "~/content/site.ts";
import { formatEuros } from "~/domain/pricing.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { shortOrderId } from "./confirmation-email.server.ts";
import { getOrderWithItems } from "./orders.server.ts";
import { listWithdrawals, type WithdrawalRow } from "./withdrawal-lines.server.ts";

/** What the buyer is told happens next (also on the confirmation screen); `refundCents`: what is refunded now. */
export function withdrawalNextStep(
  w: Pick<WithdrawalRow, "status">,
  refundCents: number,
  locale: Locale = "es",
): string {
  const t = serverTranslator(locale);
  if (w.status === "refunded") return t("email.withdrawal.nextRefunded", { amount: formatEuros(refundCents) });
  return t("email.withdrawal.nextPartial");
}

export function buildWithdrawalAckEmail(input: {
  order: {
    id: string;
    email: string | null;
    /** The order's language (0027): the email is written in it. */ locale: Locale;
  };
  /** The courses withdrawn from. */
  titles: string[];
  withdrawal: Pick<WithdrawalRow, "requested_at" | "status">;
  refundCents: number;
}): MailMessage {
  const { order, titles, withdrawal } = input;
  const locale = order.locale;
  const t = serverTranslator(locale);
  const ref = shortOrderId(order.id);
  const when = madridDateTimeText(new Date(withdrawal.requested_at), locale);
  const intro = t("email.withdrawal.intro", { ref, when });
  const next = withdrawalNextStep(withdrawal, input.refundCents, locale);
  const greeting = t("email.common.greeting");
  const coursesLabel = t("email.withdrawal.courses", { n: titles.length });
  const bodyHtml = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="margin:0">${escapeHtml(coursesLabel)}</p>
<ul>${titles.map((title) => `<li>${escapeHtml(title)}</li>`).join("")}</ul>
<p>${escapeHtml(next)}</p>
<p>${escapeHtml(t("email.refund.questions", { phone: site.phone.display, email: site.email }))}</p>`;
  const bodyText = [
    greeting,
    "",
    intro,
    "",
    coursesLabel,
    ...titles.map((title) => `- ${title}`),
    "",
    next,
    "",
    t("email.orderConfirmation.questionsText", { phone: site.phone.display, email: site.email }),
  ].join("\n");
  const { html, text } = renderEmail({
    title: t("email.withdrawal.title"),
    preheader: t("email.withdrawal.preheader", { ref, when }),
    bodyHtml,
    bodyText,
    locale,
  });
  return { to: order.email ?? "", subject: t("email.withdrawal.subject", { ref, salon: site.name }), html, text };
}

export const withdrawalAckTemplate: EmailTemplate = {
  async render(ctx, payload) {
    if (typeof payload.orderId !== "string") return null;
    const [data, withdrawals] = await Promise.all([
      getOrderWithItems(ctx.db, payload.orderId),
      listWithdrawals(ctx.db, payload.orderId),
    ]);
    // The withdrawal named; a job queued before withdrawals by course names none: the order's only one.
    const found =
      typeof payload.withdrawalId === "string"
        ? withdrawals.find((w) => w.withdrawal.id === payload.withdrawalId)
        : withdrawals[0];
    if (!data?.order.email || !found) return null;
    const lines = data.items.filter((i) => found.itemIds.includes(i.id));
    return buildWithdrawalAckEmail({
      order: data.order,
      titles: (lines.length > 0 ? lines : data.items).map((i) => i.title),
      withdrawal: found.withdrawal,
      refundCents: found.refundCents ?? 0,
    });
  },
};
