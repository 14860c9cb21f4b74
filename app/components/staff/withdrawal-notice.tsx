/**
 * The order page's withdrawal box: when the buyer withdrew, and what the staff
 * must do. After an early start the proportional amount is proposed, with the
 * refund screen (prefilled with it and the reason "withdrawal") to confirm it.
 */
import { Link } from "react-router";
import { formatEuros } from "~/domain/pricing.ts";
import { formatDateTime } from "./format.ts";

interface WithdrawalInfo {
  requested_at: string;
  status: string;
  proposed_cents: number | null;
}

export function WithdrawalNotice({ orderId, withdrawal }: { orderId: string; withdrawal: WithdrawalInfo | null }) {
  if (!withdrawal) return null;
  const when = formatDateTime(withdrawal.requested_at);
  return (
    <section aria-labelledby="desistimiento" className="staff-withdrawal">
      <h2 id="desistimiento">Desistimiento</h2>
      <p>La alumna desistió del contrato el {when}.</p>
      {withdrawal.status === "pending-staff" ? (
        <>
          <p>
            La formación ya había empezado a petición suya: no se ha reembolsado nada automáticamente. Importe
            propuesto (parte no impartida, precio × días que faltan ÷ días de la convocatoria):{" "}
            <strong>{formatEuros(withdrawal.proposed_cents ?? 0)}</strong>.
          </p>
          <p>
            <Link className="staff-button" to={`/gestion/pedidos/${encodeURIComponent(orderId)}/reembolsar`}>
              Revisar y reembolsar {formatEuros(withdrawal.proposed_cents ?? 0)}
            </Link>
          </p>
        </>
      ) : withdrawal.status === "confirmed" ? (
        <p>El reembolso del desistimiento ya se ha solicitado (ver «Reembolsos»).</p>
      ) : (
        <p>Se reembolsó el pedido completo automáticamente (ver «Reembolsos»).</p>
      )}
    </section>
  );
}
