/** The buyer's email once a refund went through (outbox template "refund-notice"). */
import { invoiceAttachment, refundInvoiceId, type DocumentAttachment } from "~/invoices/queries.server.ts";
import { attachedDocumentSentence } from "~/invoices/texts.ts";
import { site } from "~/content/site.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import { refundItemIds } from "~/domain/withdrawal-lines.ts";
import { escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { shortOrderId } from "./confirmation-email.server.ts";
import { getOrderWithItems } from "./orders.server.ts";
import { getRefund, type RefundRow } from "./refunds.server.ts";

const reasonText: Record<string, string> = {
  "customer-request": "Como nos pediste, te devolvemos el importe indicado.",
  "edition-cancelled":
    "La convocatoria de tu curso se ha cancelado, así que te devolvemos el importe. Sentimos las molestias.",
  "duplicate-purchase":
    "Ya estabas inscrita en este curso con un pedido anterior, así que no te hemos cobrado una segunda plaza: te devolvemos el importe.",
  "appointment-cancelled": "Tu cita se ha cancelado a tiempo, así que te devolvemos la señal que pagaste al reservarla.",
  "appointment-unavailable":
    "Tu pago llegó cuando la hora que elegiste ya no estaba libre, así que no hemos podido reservarla: te devolvemos la señal.",
  withdrawal: "Has desistido del contrato, así que te devolvemos el importe.",
  "no-seat":
    "Tu pago llegó cuando ya no quedaba plaza en la convocatoria que elegiste, así que no te hemos inscrito: te devolvemos el importe.",
};

export function buildRefundEmail(input: {
  refund: Pick<RefundRow, "amount_cents" | "reason" | "completed_at">;
  order: { id: string; email: string | null; total_cents: number; refunded_cents: number; payment_method: string };
  titles: string[];
  /** The refund's rectificativa (a demo sale's: its demo document) as a PDF (issue 13), when it was issued with it. */
  invoice?: DocumentAttachment | null;
}): MailMessage {
  const { refund, order, titles } = input;
  const ref = shortOrderId(order.id);
  const amount = formatEuros(refund.amount_cents);
  const when = refund.completed_at ? formatLongDate(refund.completed_at.slice(0, 10)) : "";
  const reason = reasonText[refund.reason] ?? "Te devolvemos el importe indicado.";
  const full = order.refunded_cents >= order.total_cents;
  const lines = [
    reason,
    `Importe reembolsado: ${amount}${full ? " (el pedido completo)" : ""}, con el mismo método de pago que usaste${when ? `, el ${when}` : ""}.`,
    "Según tu banco o entidad de pago, puede tardar entre 5 y 10 días hábiles en aparecer en tu cuenta.",
    input.invoice ? attachedDocumentSentence(input.invoice) : "",
  ];
  const bodyHtml = `<p>Hola:</p>
<p>${escapeHtml(lines[0])}</p>
<p>Pedido <strong>${escapeHtml(ref)}</strong>${titles.length ? `: ${escapeHtml(titles.join(", "))}` : ""}.</p>
<p>${escapeHtml(lines[1])}</p>
<p style="color:#6B5A62;font-size:14px">${escapeHtml(lines[2])}</p>
${lines[3] ? `<p>${escapeHtml(lines[3])}</p>` : ""}
<p>Si tienes cualquier duda, llámanos al ${escapeHtml(site.phone.display)} o escríbenos a ${escapeHtml(site.email)}.</p>`;
  const bodyText = ["Hola:", "", lines[0], "", `Pedido ${ref}${titles.length ? `: ${titles.join(", ")}` : ""}.`, "", lines[1], lines[2], ...(lines[3] ? ["", lines[3]] : [])].join("\n");
  const { html, text } = renderEmail({ title: "Te hemos hecho un reembolso", preheader: `Reembolso de ${amount} del pedido ${ref}.`, bodyHtml, bodyText });
  return {
    to: order.email ?? "",
    subject: `Reembolso de tu pedido ${ref} · ${site.name}`,
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
