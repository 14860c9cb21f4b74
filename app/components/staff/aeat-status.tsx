/**
 * The sending of billing records to the AEAT on /gestion/facturas: the
 * banner with VERIFACTU_MODE, and each invoice's state with the AEAT's
 * message (app/domain/aeat-status.ts).
 */
import { Link } from "react-router";
import { aeatMessage, aeatModeNotice, aeatStatusLabel, type AeatStatus } from "~/domain/aeat-status.ts";
import { SUBSANAR_LABEL } from "~/domain/subsanacion.ts";

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

/**
 * The cell of the column "Envío a la AEAT": the state, and for an error or a rejection the AEAT's code and
 * message. A rejected record offers the owner (`subsanarHref`) its subsanación; a subsanación names the
 * rejected record it corrects, now "Subsanado".
 */
export function AeatStatusCell({
  status,
  subsanarHref,
  invoiceNumber,
}: {
  status: AeatStatus | null;
  subsanarHref?: string;
  /** Names the invoice in the action's accessible name (one link per row). */
  invoiceNumber?: string;
}) {
  const { label, tone } = aeatStatusLabel(status);
  const message = aeatMessage(status);
  const corrected = status?.corrects;
  const rejected = status?.state === "rejected";
  return (
    <td>
      <span className={BADGE[tone]}>{label}</span>
      {message ? (
        <details>
          <summary className="staff-table__small">Mensaje de la AEAT</summary>
          <span className="staff-table__small">{message}</span>
          {rejected ? (
            <span className="staff-table__small">
              {" "}
              La factura no consta registrada. Se corrige con una subsanación: un registro nuevo de la misma factura,
              tras corregir la causa en su origen. Solo la propietaria puede hacerla.
            </span>
          ) : null}
        </details>
      ) : null}
      {rejected && subsanarHref ? (
        <>
          <br />
          <Link
            to={subsanarHref}
            className="staff-table__small"
            aria-label={invoiceNumber ? `${SUBSANAR_LABEL} la factura ${invoiceNumber}` : undefined}
          >
            {SUBSANAR_LABEL}
          </Link>
        </>
      ) : null}
      {corrected ? (
        <>
          <br />
          <span className="staff-table__small">
            {`Subsanación del registro ${corrected.position}, rechazado por la AEAT (${
              [corrected.code, corrected.description].filter(Boolean).join(": ") || "sin mensaje"
            }): Subsanado.`}
          </span>
        </>
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
            Hay que corregirlos con una subsanación: la propietaria, tras corregir la causa, pulsa «{SUBSANAR_LABEL}» en
            cada factura.
          </li>
        ) : null}
      </ul>
      <p>
        El estado de cada factura y el mensaje de la AEAT están en <a href="/gestion/facturas">Facturas</a>.
      </p>
    </div>
  );
}
