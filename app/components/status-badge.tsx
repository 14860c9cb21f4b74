import { purchaseStatusView } from "~/domain/purchase-status.ts";

/** A purchase status as a coloured pill; the text label is always there (never colour alone). */
export function StatusBadge({
  status,
  amounts,
}: {
  status: string;
  amounts?: { refundedCents: number; totalCents: number };
}) {
  const { label, tone } = purchaseStatusView(status, amounts);
  return <span className={`status-badge status-badge--${tone}`}>{label}</span>;
}

/** An order paid through the demo gateway: no money was taken (shown wherever the order is). */
export function DemoBadge({ demo }: { demo: boolean }) {
  if (!demo) return null;
  return (
    <>
      {" "}
      <span className="status-badge status-badge--warning">Demo · sin cobro</span>
    </>
  );
}
