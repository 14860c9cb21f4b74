import { purchaseStatusView } from "~/domain/purchase-status.ts";

/** A purchase status as a coloured pill; the text label is always there (never colour alone). */
export function StatusBadge({ status }: { status: string }) {
  const { label, tone } = purchaseStatusView(status);
  return <span className={`status-badge status-badge--${tone}`}>{label}</span>;
}
