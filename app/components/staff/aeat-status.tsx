/**
 * The sending of billing records to the AEAT on /gestion/facturas: the
 * banner with VERIFACTU_MODE, and each invoice's state with the AEAT's
 * message (app/domain/aeat-status.ts).
 */
import { aeatMessage, aeatModeNotice, aeatStatusLabel, type AeatStatus } from "~/domain/aeat-status.ts";

const BADGE: Record<string, string> = {
  neutral: "status-badge status-badge--neutral",
  ok: "status-badge status-badge--success",
  warning: "status-badge status-badge--warning",
  error: "status-badge status-badge--danger",
};

export function AeatModeBanner({ mode }: { mode: string }) {
  const notice = aeatModeNotice(mode);
  return (
    <div className={notice.tone === "warning" ? "staff-notice" : "form-alert form-alert--info"} role="status">
      <p>
        <strong>VERI*FACTU:</strong> {notice.text}
      </p>
    </div>
  );
}

/** The cell of the column "Envío a la AEAT": the state, and for an error or a rejection the AEAT's code and message. */
export function AeatStatusCell({ status }: { status: AeatStatus | null }) {
  const { label, tone } = aeatStatusLabel(status);
  const message = aeatMessage(status);
  return (
    <td>
      <span className={BADGE[tone]}>{label}</span>
      {message ? (
        <details>
          <summary className="staff-table__small">Mensaje de la AEAT</summary>
          <span className="staff-table__small">{message}</span>
          {status?.state === "rejected" ? (
            <span className="staff-table__small">
              {" "}
              La factura no consta registrada. Se corrige con un nuevo registro de la misma factura marcado como
              subsanación; esta versión no lo hace todavía: corrige la causa y llévala a la gestoría.
            </span>
          ) : null}
        </details>
      ) : null}
    </td>
  );
}

const recordsText = (n: number) => `${n} ${n === 1 ? "registro" : "registros"} de facturación`;

/** The panel's warning: records waiting more than an hour for the AEAT, or rejected by it. Nothing otherwise. */
export function AeatPanelWarning({
  alerts,
}: {
  alerts: { stalePending: number; rejected: number; rejectedNumbers: string[] };
}) {
  if (alerts.stalePending === 0 && alerts.rejected === 0) return null;
  const more = alerts.rejected - alerts.rejectedNumbers.length;
  return (
    <div className="form-alert form-alert--error" role="alert" id="aviso-aeat">
      <p>
        <strong>Envío a la AEAT (VERI*FACTU):</strong>
      </p>
      <ul className="staff-notes">
        {alerts.stalePending > 0 ? (
          <li>
            {alerts.stalePending === 1
              ? `${recordsText(1)} lleva más de una hora pendiente de envío.`
              : `${recordsText(alerts.stalePending)} llevan más de una hora pendientes de envío.`}{" "}
            Se reintenta solo; si sigue así, revisa la conexión y el certificado con quien mantiene la web.
          </li>
        ) : null}
        {alerts.rejected > 0 ? (
          <li>
            {`La AEAT ha rechazado ${recordsText(alerts.rejected)} (${alerts.rejectedNumbers.join(", ")}${more > 0 ? ` y ${more} más` : ""}).`}{" "}
            Hay que corregirlos con una subsanación, que esta versión aún no hace: llévalos a la gestoría.
          </li>
        ) : null}
      </ul>
      <p>
        El estado de cada factura y el mensaje de la AEAT están en <a href="/gestion/facturas">Facturas</a>.
      </p>
    </div>
  );
}
