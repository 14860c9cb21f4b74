/**
 * "No quedaban plazas": a payment arrived for a seat that could no longer be
 * given (the hold had expired and someone else took the last seat, or the
 * edition was cancelled). Queued by fulfilment in the transaction that records
 * the payment and asks for the refund (reason "no-seat"); the refund-notice
 * email follows once the provider confirms it.
 */
import { site } from "~/content/site.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { shortOrderId } from "./confirmation-email.server.ts";
import { getOrderWithItems, type OrderItemRow } from "./orders.server.ts";

export const SEAT_UNAVAILABLE = "seat-unavailable";
export const seatUnavailableKey = (orderId: string) => `${SEAT_UNAVAILABLE}:${orderId}`;

function lineText(item: Pick<OrderItemRow, "title" | "edition_starts_on">): string {
  return item.edition_starts_on
    ? `«${item.title}», convocatoria del ${formatLongDate(item.edition_starts_on)}`
    : `«${item.title}»`;
}

export function buildSeatUnavailableEmail(input: {
  order: { id: string; email: string | null };
  /** The paid lines that got no seat. */
  items: Pick<OrderItemRow, "title" | "edition_starts_on" | "price_cents">[];
  publicUrl: string;
}): MailMessage {
  const { order, items, publicUrl } = input;
  const ref = shortOrderId(order.id);
  const amount = formatEuros(items.reduce((sum, i) => sum + i.price_cents, 0));
  const lines = items.map(lineText);
  const intro =
    "Hemos recibido tu pago, pero cuando llegó ya no quedaba plaza: la reserva de tu plaza había caducado y otra persona ocupó la última, o la convocatoria se ha cancelado.";
  const refund = `No te hemos inscrito y te devolvemos ${amount} con el mismo método de pago. Te escribiremos cuando el reembolso esté hecho.`;
  const next = "Si quieres, elige otra fecha en nuestra web o escríbenos y te ayudamos a encontrar una plaza.";
  const bodyHtml = `<p>Hola:</p>
<p>${escapeHtml(intro)}</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>
<p>${escapeHtml(refund)}</p>
<p style="margin:0">Pedido: <strong>${escapeHtml(ref)}</strong></p>
<p>${escapeHtml(next)}</p>
${emailButton(`${publicUrl}/formaciones`, "Ver convocatorias")}
<p>Si tienes cualquier duda, llámanos al ${escapeHtml(site.phone.display)} o escríbenos a ${escapeHtml(site.email)}.</p>`;
  const bodyText = [
    "Hola:",
    "",
    intro,
    "",
    ...lines.map((l) => `- ${l}`),
    "",
    refund,
    `Pedido: ${ref}`,
    "",
    next,
    `Convocatorias: ${publicUrl}/formaciones`,
    `Dudas: ${site.phone.display} · ${site.email}`,
  ].join("\n");
  const { html, text } = renderEmail({
    title: "No quedaban plazas",
    preheader: `Te devolvemos ${amount} del pedido ${ref}.`,
    bodyHtml,
    bodyText,
  });
  return { to: order.email ?? "", subject: `No quedaban plazas: te devolvemos tu pago (pedido ${ref}) · ${site.name}`, html, text };
}

export const seatUnavailableTemplate: EmailTemplate = {
  async render(ctx, payload) {
    const data = typeof payload.orderId === "string" ? await getOrderWithItems(ctx.db, payload.orderId) : null;
    const items = data?.items.filter((i) => i.no_seat_at !== null) ?? [];
    if (!data?.order.email || items.length === 0) return null;
    return buildSeatUnavailableEmail({ order: data.order, items, publicUrl: ctx.publicUrl });
  },
};
