/**
 * An order's status history, as far as the stored data tells it: the order
 * keeps the time of each step (created, hosted page completed, paid, confirmation
 * sent, last change) and each refund its own. There is no separate event log of
 * statuses, so a failure or cancellation is dated by the order's last change.
 * Pure: the staff order detail shows it, order-history.test.ts checks it.
 */
import { formatEuros } from "~/domain/pricing.ts";

export interface OrderHistoryInput {
  order: {
    status: string;
    createdAt: string;
    updatedAt: string;
    paidAt: string | null;
    checkoutCompletedAt: string | null;
    confirmationSentAt: string | null;
    withdrawalWaiverAt: string | null;
  };
  refunds: { amountCents: number; status: string; createdAt: string; completedAt: string | null }[];
}

export interface OrderHistoryEntry {
  /** ISO instant. */
  at: string;
  label: string;
}

/** The steps in time order (stable for equal times). */
export function orderHistory({ order, refunds }: OrderHistoryInput): OrderHistoryEntry[] {
  const entries: OrderHistoryEntry[] = [{ at: order.createdAt, label: "Pedido creado, pendiente de pago" }];
  if (order.withdrawalWaiverAt) {
    entries.push({ at: order.withdrawalWaiverAt, label: "Pidió empezar dentro del plazo de desistimiento" });
  }
  if (order.checkoutCompletedAt) {
    entries.push({
      at: order.checkoutCompletedAt,
      label: "Pago completado en la pasarela, a la espera de confirmación",
    });
  }
  if (order.paidAt) entries.push({ at: order.paidAt, label: "Pago confirmado" });
  if (order.confirmationSentAt)
    entries.push({ at: order.confirmationSentAt, label: "Confirmación enviada por correo" });
  if (order.status === "failed") entries.push({ at: order.updatedAt, label: "Pago fallido" });
  if (order.status === "cancelled")
    entries.push({ at: order.updatedAt, label: "Pedido cancelado: el pago no se completó" });
  for (const r of refunds) {
    const amount = formatEuros(r.amountCents);
    entries.push({ at: r.createdAt, label: `Reembolso de ${amount} solicitado` });
    if (r.completedAt && r.status === "succeeded")
      entries.push({ at: r.completedAt, label: `Reembolso de ${amount} hecho` });
    if (r.completedAt && r.status === "failed")
      entries.push({ at: r.completedAt, label: `Reembolso de ${amount} rechazado por la pasarela` });
  }
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.at < b.e.at ? -1 : a.e.at > b.e.at ? 1 : a.i - b.i))
    .map(({ e }) => e);
}
