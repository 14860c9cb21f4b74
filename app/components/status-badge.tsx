import { purchaseStatusView } from "~/domain/purchase-status.ts";
import { useT } from "~/i18n/react.tsx";
import { purchaseStatusLabel, purchaseStatusName } from "./orders/order-text.ts";

// The words come from the "orders" namespace: the success page, the cart and the
// account area send it in the page's language, Gestión's layout in Spanish.

/** A purchase status as a coloured pill; the text label is always there (never colour alone). */
export function StatusBadge({
  status,
  amounts,
}: {
  status: string;
  amounts?: { refundedCents: number; totalCents: number };
}) {
  const t = useT();
  const name = purchaseStatusName(status, amounts);
  const { tone } = purchaseStatusView(name);
  return <span className={`status-badge status-badge--${tone}`}>{purchaseStatusLabel(t, name)}</span>;
}

/** An order paid through the demo gateway: no money was taken (shown wherever the order is). */
export function DemoBadge({ demo }: { demo: boolean }) {
  const t = useT();
  if (!demo) return null;
  return (
    <>
      {" "}
      <span className="status-badge status-badge--warning">{t("orders.demoBadge")}</span>
    </>
  );
}
