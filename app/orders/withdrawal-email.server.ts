/**
 * "Hemos recibido tu desistimiento": the acknowledgement on a durable medium of
 * a withdrawal made at /perfil/compras/:orderId/desistir, with its date and
 * time (Madrid) and what happens next. Queued in the transaction that records
 * the withdrawal (withdrawals.server.ts).
 */
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { site } from "~/content/site.ts";
import { formatEuros } from "~/domain/pricing.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { shortOrderId } from "./confirmation-email.server.ts";
import { getOrderWithItems } from "./orders.server.ts";
import { getWithdrawal, type WithdrawalRow } from "./withdrawals.server.ts";

/** What the buyer is told happens next (also on the confirmation screen). */
export function withdrawalNextStep(w: Pick<WithdrawalRow, "status" | "proposed_cents">, totalCents: number): string {
  if (w.status === "refunded") {
    return `Te devolvemos ${formatEuros(totalCents)} con el mismo método de pago, en un máximo de 14 días. Te escribiremos cuando el reembolso esté hecho.`;
  }
  return "Como la formación ya había empezado a petición tuya, te devolveremos la parte que no se ha impartido (art. 108.3 del TRLGDCU). El salón revisará el importe y te escribirá con el reembolso en un máximo de 14 días.";
}

export function buildWithdrawalAckEmail(input: {
  order: { id: string; email: string | null; total_cents: number };
  titles: string[];
  withdrawal: Pick<WithdrawalRow, "requested_at" | "status" | "proposed_cents">;
}): MailMessage {
  const { order, titles, withdrawal } = input;
  const ref = shortOrderId(order.id);
  const when = madridDateTimeText(new Date(withdrawal.requested_at));
  const intro = `Hemos recibido tu desistimiento del pedido ${ref} el ${when} (hora de Madrid).`;
  const next = withdrawalNextStep(withdrawal, order.total_cents);
  const bodyHtml = `<p>Hola:</p>
<p>${escapeHtml(intro)}</p>
<p style="margin:0">Cursos del pedido:</p>
<ul>${titles.map((t) => `<li>${escapeHtml(t)}</li>`).join("")}</ul>
<p>${escapeHtml(next)}</p>
<p>Si tienes cualquier duda, llámanos al ${escapeHtml(site.phone.display)} o escríbenos a ${escapeHtml(site.email)}.</p>`;
  const bodyText = [
    "Hola:",
    "",
    intro,
    "",
    "Cursos del pedido:",
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
    const [data, withdrawal] = await Promise.all([
      getOrderWithItems(ctx.db, payload.orderId),
      getWithdrawal(ctx.db, payload.orderId),
    ]);
    if (!data?.order.email || !withdrawal) return null;
    return buildWithdrawalAckEmail({
      order: data.order,
      titles: data.items.map((i) => i.title),
      withdrawal,
    });
  },
};
