/** Colour family of a status badge (the brand's --success/--warning/--danger/--neutral tokens). */
type StatusTone = "success" | "warning" | "danger" | "neutral";

interface PurchaseStatusView {
  label: string;
  tone: StatusTone;
}

const partialRefund: PurchaseStatusView = { label: "Reembolso parcial", tone: "neutral" };

const views: Record<string, PurchaseStatusView> = {
  completed: { label: "Completado", tone: "success" },
  // The orders table says "paid"; older data and the API say "completed": same badge.
  paid: { label: "Completado", tone: "success" },
  pending: { label: "Pendiente", tone: "warning" },
  failed: { label: "Fallido", tone: "danger" },
  refunded: { label: "Reembolsado", tone: "neutral" },
  // Not a stored status: the staff's order filter names the partially refunded paid orders so.
  "partially-refunded": partialRefund,
  // An abandoned checkout, no money taken: grey like a refund, distinct label.
  cancelled: { label: "Cancelado", tone: "neutral" },
};

/**
 * The badge of an order; any unknown value shows as pending. A paid order of
 * which part was given back reads "Reembolso parcial".
 */
export function purchaseStatusView(
  status: string | null | undefined,
  amounts?: { refundedCents: number; totalCents: number },
): PurchaseStatusView {
  if (status === "paid" && amounts && amounts.refundedCents > 0 && amounts.refundedCents < amounts.totalCents) {
    return partialRefund;
  }
  return (status && Object.hasOwn(views, status) ? views[status] : undefined) ?? views.pending;
}
