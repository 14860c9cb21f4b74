/**
 * "Hemos recibido tu desistimiento": the acknowledgement on a durable medium of
 * a withdrawal made at /perfil/compras/:orderId/desistir, with its date and
 * time (Madrid), the courses it covers and what happens next. Queued in the
 * transaction that records the withdrawal (withdrawals.server.ts), one per
 * withdrawal (an order may have several, one per course).
 */
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
export function withdrawalNextStep(w: Pick<WithdrawalRow, "status">, refundCents: number): string {
  if (w.status === "refunded") {
    return `Te devolvemos ${formatEuros(refundCents)} con el mismo método de pago, en un máximo de 14 días. Te escribiremos cuando el reembolso esté hecho.`;
  }
  return "Como la formación ya había empezado a petición tuya, te devolveremos la parte que no se ha impartido (art. 108.3 del TRLGDCU). El salón revisará el importe y te escribirá con el reembolso en un máximo de 14 días.";
}

export function buildWithdrawalAckEmail(input: {
  order: { id: string; email: string | null };
  /** The courses withdrawn from. */
  titles: string[];
  withdrawal: Pick<WithdrawalRow, "requested_at" | "status">;
  refundCents: number;
}): MailMessage {
  const { order, titles, withdrawal } = input;
  const ref = shortOrderId(order.id);
  const when = madridDateTimeText(new Date(withdrawal.requested_at));
  const intro = `Hemos recibido tu desistimiento del pedido ${ref} el ${when} (hora de Madrid).`;
  const next = withdrawalNextStep(withdrawal, input.refundCents);
  const bodyHtml = `<p>Hola:</p>
<p>${escapeHtml(intro)}</p>
<p style="margin:0">${titles.length === 1 ? "Curso del que desistes:" : "Cursos de los que desistes:"}</p>
<ul>${titles.map((t) => `<li>${escapeHtml(t)}</li>`).join("")}</ul>
<p>${escapeHtml(next)}</p>
<p>Si tienes cualquier duda, llámanos al ${escapeHtml(site.phone.display)} o escríbenos a ${escapeHtml(site.email)}.</p>`;
  const bodyText = [
    "Hola:",
    "",
    intro,
    "",
    titles.length === 1 ? "Curso del que desistes:" : "Cursos de los que desistes:",
    ...titles.map((t) => `- ${t}`),
    "",
    next,
    "",
    `Dudas: ${site.phone.display} · ${site.email}`,
  ].join("\n");
  const { html, text } = renderEmail({
    title: "Hemos recibido tu desistimiento",
    preheader: `Desistimiento del pedido ${ref}, ${when}.`,
    bodyHtml,
    bodyText,
  });
  return { to: order.email ?? "", subject: `Desistimiento recibido (pedido ${ref}) · ${site.name}`, html, text };
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
