/**
 * The salon's notices (outbox templates "salon-sale", "salon-withdrawal",
 * "salon-refund"; enqueued by notifications.server.ts), rendered from the
 * current order when the worker runs and sent to SALON_NOTIFY_EMAIL. Each says
 * which order, who bought, which courses, the amount, and links to the order in
 * the back office.
 */
import { findUserById } from "~/auth/accounts.server.ts";
import type { Db } from "~/db/db.server.ts";
import { madridDate } from "~/domain/dashboard.ts";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { shortOrderId } from "~/orders/confirmation-email.server.ts";
import { getOrderWithItems, type OrderWithItems } from "~/orders/orders.server.ts";
import { getRefund, type RefundRow } from "~/orders/refunds.server.ts";
import { SALON_REFUND, SALON_SALE, SALON_WITHDRAWAL } from "./notifications.server.ts";

const REFUND_REASONS: Record<string, string> = {
  "duplicate-purchase": "compra duplicada (ya tenía el curso)",
  "customer-request": "a petición de la alumna (reembolso hecho por el equipo)",
  "edition-cancelled": "convocatoria cancelada (reembolso hecho por el equipo)",
  staff: "reembolso hecho por el equipo",
  withdrawal: "desistimiento de la compradora",
  provider: "reembolso desde el proveedor de pago",
};

const REFUND_STATUS: Record<string, string> = {
  pending: "en curso",
  succeeded: "hecho",
  failed: "fallido: hay que revisarlo",
};

interface Notice {
  title: string;
  subject: string;
  /** Label/value lines, in order. */
  facts: [string, string][];
  intro: string;
}

async function buyerOf(db: Db, order: OrderWithItems["order"]): Promise<string> {
  const user = order.user_id ? await findUserById(db, order.user_id) : undefined;
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.display_name : "";
  const email = order.email ?? user?.email ?? "";
  return [name, email ? `<${email}>` : ""].filter(Boolean).join(" ") || "Sin datos (cuenta eliminada)";
}

function courseLines(items: OrderWithItems["items"]): string {
  return items
    .map((i) => {
      const edition = i.edition_starts_on ? ` (convocatoria del ${formatLongDate(i.edition_starts_on)})` : "";
      return `${i.title}${edition}: ${formatEuros(i.price_cents)}`;
    })
    .join("; ");
}

function buildNotice(notice: Notice, to: string, orderUrl: string): MailMessage {
  const rowsHtml = notice.facts
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const bodyHtml = `<p>${escapeHtml(notice.intro)}</p>
<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:16px 0">${rowsHtml}</table>
${emailButton(orderUrl, "Ver el pedido en gestión")}
<p style="color:#6B5A62;font-size:14px">Puedes activar o desactivar estos avisos en Gestión › Avisos.</p>`;
  const bodyText = [
    notice.intro,
    "",
    ...notice.facts.map(([label, value]) => `${label}: ${value}`),
    "",
    `Ver el pedido: ${orderUrl}`,
    "Estos avisos se activan o desactivan en Gestión › Avisos.",
  ].join("\n");
  const { html, text } = renderEmail({ title: notice.title, preheader: notice.subject, bodyHtml, bodyText });
  return { to, subject: notice.subject, html, text };
}

function orderFacts(data: OrderWithItems, buyer: string): [string, string][] {
  const { order, items } = data;
  return [
    ["Pedido", `${shortOrderId(order.id)} (${order.id})`],
    ["Compradora", buyer],
    ["Cursos", courseLines(items) || "—"],
    ["Importe del pedido", formatEuros(order.total_cents)],
    [
      "Método de pago",
      `${paymentMethodName(order.payment_method)}${order.provider === "demo" ? " (MODO DEMO: sin cobro)" : ""}`,
    ],
  ];
}

function saleTemplate(to: string | undefined): EmailTemplate {
  return {
    async render(ctx, payload) {
      const data = typeof payload.orderId === "string" ? await getOrderWithItems(ctx.db, payload.orderId) : null;
      if (!to || !data || !data.order.paid_at) return null;
      const ref = shortOrderId(data.order.id);
      return buildNotice(
        {
          title: "Nueva venta de un curso",
          subject: `Venta de curso: pedido ${ref} · ${formatEuros(data.order.total_cents)}`,
          intro: `Se ha pagado el pedido ${ref} el ${formatLongDate(madridDate(data.order.paid_at))}.`,
          facts: orderFacts(data, await buyerOf(ctx.db, data.order)),
        },
        to,
        `${ctx.publicUrl}/gestion/pedidos/${data.order.id}`,
      );
    },
  };
}

function refundTemplate(to: string | undefined, kind: "withdrawal" | "refund"): EmailTemplate {
  return {
    async render(ctx, payload) {
      const refund: RefundRow | undefined =
        typeof payload.refundId === "string" ? await getRefund(ctx.db, payload.refundId) : undefined;
      const data = refund ? await getOrderWithItems(ctx.db, refund.order_id) : null;
      if (!to || !refund || !data) return null;
      const ref = shortOrderId(data.order.id);
      const amount = formatEuros(refund.amount_cents);
      const label = kind === "withdrawal" ? "Desistimiento" : "Reembolso";
      return buildNotice(
        {
          title: kind === "withdrawal" ? "Una compradora ha desistido" : "Reembolso de un pedido",
          subject: `${label}: pedido ${ref} · ${amount}`,
          intro: `${label} de ${amount} del pedido ${ref}, solicitado el ${formatLongDate(madridDate(refund.created_at))}.`,
          facts: [
            ...orderFacts(data, await buyerOf(ctx.db, data.order)),
            ["Importe a devolver", amount],
            ["Motivo", REFUND_REASONS[refund.reason] ?? refund.reason],
            ["Estado del reembolso", REFUND_STATUS[refund.status] ?? refund.status],
          ],
        },
        to,
        `${ctx.publicUrl}/gestion/pedidos/${data.order.id}`,
      );
    },
  };
}

/**
 * The three templates, addressed to `to` (config.salonNotifyEmail). Without an
 * address (job dependencies built without it, as in older tests) they send nothing.
 */
export function salonNotificationTemplates(to: string | undefined): Record<string, EmailTemplate> {
  return {
    [SALON_SALE]: saleTemplate(to),
    [SALON_WITHDRAWAL]: refundTemplate(to, "withdrawal"),
    [SALON_REFUND]: refundTemplate(to, "refund"),
  };
}
