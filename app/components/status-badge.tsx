import { purchaseStatusView } from "~/domain/purchase-status.ts";

/** A purchase status as a coloured pill; the text label is always there (never colour alone). */
export function StatusBadge({ status, amounts }: { status: string; amounts?: { refundedCents: number; totalCents: number } }) {
  const { label, tone } = purchaseStatusView(status, amounts);
  return <span className={`status-badge status-badge--${tone}`}>{label}</span>;
}
