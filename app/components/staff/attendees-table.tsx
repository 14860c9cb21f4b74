import { Link } from "react-router";
import type { AttendeeRow } from "~/orders/staff-attendees.server.ts";
import { StatusBadge } from "~/components/status-badge.tsx";
import { consentText, endReasonLabel, formatDateTime, formatShortDate, orderRef, personName } from "./format.ts";

/** An attendee as the loaders send it (a type-only import, erased from the browser bundle). */
export type AttendeeView = AttendeeRow;

/** The students of an edition; `ended` adds when and why each stopped counting. */
export function AttendeesTable({
  caption,
  attendees,
  ended = false,
}: {
  caption: string;
  attendees: AttendeeView[];
  ended?: boolean;
}) {
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Email</th>
            <th scope="col">Teléfono</th>
            <th scope="col">Pedido</th>
            <th scope="col">Pago</th>
            <th scope="col">Inscripción</th>
            <th scope="col">Acepta publicidad</th>
            {ended ? <th scope="col">Baja</th> : null}
          </tr>
        </thead>
        <tbody>
          {attendees.map((a) => (
            <tr key={a.enrollmentId}>
              <th scope="row">{personName(a) || "—"}</th>
              <td>
                <a href={`mailto:${a.email}`}>{a.email}</a>
              </td>
              <td>{a.phone || "—"}</td>
              <td>
                <Link to={`/gestion/pedidos/${a.orderId}`} aria-label={`Pedido ${orderRef(a.orderId)}`}>
                  <code>{orderRef(a.orderId)}</code>
                </Link>
              </td>
              <td>
                <StatusBadge
                  status={a.orderStatus}
                  amounts={{ refundedCents: a.orderRefundedCents, totalCents: a.orderTotalCents }}
                />
              </td>
              <td>{formatShortDate(a.enrolledAt)}</td>
              <td>{consentText(a.newsletter, a.newsletterConsentAt)}</td>
              {ended ? (
                <td>
                  {endReasonLabel(a.endReason)} · {formatDateTime(a.endedAt)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
