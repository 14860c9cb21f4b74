/** Colour family of a status badge (BRAND.md tokens --success/--warning/--danger/--neutral). */
export type StatusTone = "success" | "warning" | "danger" | "neutral";

export interface PurchaseStatusView {
  label: string;
  tone: StatusTone;
}

const views: Record<string, PurchaseStatusView> = {
  completed: { label: "Completado", tone: "success" },
  // Our orders table says "paid" where SPEC.md §4 says "completed": same badge.
  paid: { label: "Completado", tone: "success" },
  pending: { label: "Pendiente", tone: "warning" },
  failed: { label: "Fallido", tone: "danger" },
  refunded: { label: "Reembolsado", tone: "neutral" },
  // Not in SPEC.md §4: an abandoned checkout, no money taken — grey like a refund, distinct label.
  cancelled: { label: "Cancelado", tone: "neutral" },
};

/** SPEC.md §4 Purchase status; any unknown value shows as pending. */
export function purchaseStatusView(status: string | null | undefined): PurchaseStatusView {
  return (status && Object.hasOwn(views, status) ? views[status] : undefined) ?? views.pending;
}
