/**
 * The salon's notices of orders (outbox templates "salon-sale",
 * "salon-withdrawal", "salon-refund"; enqueued by notifications.server.ts),
 * rendered from the current order when the worker runs and sent to the
 * notices' address (notice-layout.server.ts). Each says which order, who
 * bought, which courses, the amount, and links to the order in the back
 * office. The appointments' notices are in appointment-notice-emails.server.ts.
 */
import { findUserById } from "~/auth/accounts.server.ts";
import type { Db } from "~/db/db.server.ts";
import { madridDate } from "~/domain/dashboard.ts";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import { refundItemIds } from "~/domain/withdrawal-lines.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { shortOrderId } from "~/orders/confirmation-email.server.ts";
import { getOrderWithItems, type OrderWithItems } from "~/orders/orders.server.ts";
import { getRefund, type RefundRow } from "~/orders/refunds.server.ts";
import { aeatNoticeTemplates } from "./aeat-notice-emails.server.ts";
import { appointmentNoticeTemplates } from "./appointment-notice-emails.server.ts";
import { buildNotice, noticeAddress } from "./notice-layout.server.ts";
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

const orderLink = (publicUrl: string, orderId: string) => ({
  url: `${publicUrl}/gestion/pedidos/${orderId}`,
  label: "Ver el pedido en gestión",
  textLabel: "Ver el pedido",
});

function saleTemplate(to: string | undefined): EmailTemplate {
  return {
    async render(ctx, payload) {
      const data = typeof payload.orderId === "string" ? await getOrderWithItems(ctx.db, payload.orderId) : null;
      const address = await noticeAddress(ctx.db, to);
      if (!address || !data || !data.order.paid_at) return null;
      const ref = shortOrderId(data.order.id);
      return buildNotice(
        {
          title: "Nueva venta de un curso",
          subject: `Venta de curso: pedido ${ref} · ${formatEuros(data.order.total_cents)}`,
          intro: `Se ha pagado el pedido ${ref} el ${formatLongDate(madridDate(data.order.paid_at))}.`,
          facts: orderFacts(data, await buyerOf(ctx.db, data.order)),
        },
        address,
        orderLink(ctx.publicUrl, data.order.id),
      );
    },
  };
}

/** The courses a refund is for, when it names them (a withdrawal from some courses of an order, a seat missing). */
function refundLinesFact(
  kind: "withdrawal" | "refund",
  refund: RefundRow,
  items: OrderWithItems["items"],
): [string, string][] {
  const ids = refundItemIds(refund.item_ids);
  const lines = ids ? items.filter((i) => ids.includes(i.id)) : [];
  if (lines.length === 0) return [];
  return [[kind === "withdrawal" ? "Desiste de" : "Cursos reembolsados", courseLines(lines)]];
}

function refundTemplate(to: string | undefined, kind: "withdrawal" | "refund"): EmailTemplate {
  return {
    async render(ctx, payload) {
      const refund: RefundRow | undefined =
        typeof payload.refundId === "string" ? await getRefund(ctx.db, payload.refundId) : undefined;
      const data = refund ? await getOrderWithItems(ctx.db, refund.order_id) : null;
      const address = await noticeAddress(ctx.db, to);
      if (!address || !refund || !data) return null;
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
            ...refundLinesFact(kind, refund, data.items),
            ["Importe a devolver", amount],
            ["Motivo", REFUND_REASONS[refund.reason] ?? refund.reason],
            ["Estado del reembolso", REFUND_STATUS[refund.status] ?? refund.status],
          ],
        },
        address,
        orderLink(ctx.publicUrl, data.order.id),
      );
    },
  };
}

/**
 * Every salon notice, addressed to the owner's address from Gestión › Avisos,
 * else `to` (config.salonNotifyEmail). Without either (job dependencies built
 * without it, as in older tests) they send nothing.
 */
export function salonNotificationTemplates(to: string | undefined): Record<string, EmailTemplate> {
  return {
    [SALON_SALE]: saleTemplate(to),
    [SALON_WITHDRAWAL]: refundTemplate(to, "withdrawal"),
    [SALON_REFUND]: refundTemplate(to, "refund"),
    ...appointmentNoticeTemplates(to),
    ...aeatNoticeTemplates(to),
  };
}
