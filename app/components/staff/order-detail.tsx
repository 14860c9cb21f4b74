import type { StaffOrderDetail } from "~/orders/staff-order-detail.server.ts";
import { Link } from "react-router";
import { formatEuros } from "~/domain/pricing.ts";
import {
  emailKindLabel,
  formatDateTime,
  formatShortDate,
  jobStatusLabel,
  paymentEventLabel,
  refundReasonLabel,
  refundStatusLabel,
} from "./format.ts";

/** The sections of the staff order detail (the page composes them). */

export function OrderHistoryList({ history }: { history: { at: string; label: string }[] }) {
  return (
    <ol className="staff-timeline">
      {history.map((h) => (
        <li key={`${h.at}-${h.label}`}>
          <time dateTime={h.at}>{formatDateTime(h.at)}</time> · {h.label}
        </li>
      ))}
    </ol>
  );
}

/** The order's invoice and rectificativas (or demo documents), each with its PDF; a note while none is issued yet. */
export function OrderInvoicesList({
  invoices,
}: {
  invoices: { id: string; number: string; label: string; issueDate: string; totalCents: number }[];
}) {
  if (invoices.length === 0) {
    return <p>Este pedido no tiene facturas todavía.</p>;
  }
  return (
    <ul className="staff-notes">
      {invoices.map((inv) => (
        <li key={inv.id}>
          {inv.label} {inv.number}, del {formatShortDate(inv.issueDate)}, {formatEuros(inv.totalCents)} ·{" "}
          <a
            href={`/gestion/facturas/${inv.id}/pdf`}
            download
            aria-label={`PDF de ${inv.label.toLowerCase()} ${inv.number}`}
          >
            PDF
          </a>
        </li>
      ))}
    </ul>
  );
}

export function PaymentEventsTable({ events }: { events: { id: string; type: string; receivedAt: string }[] }) {
  if (events.length === 0) return <p>No se ha recibido ningún aviso de la pasarela de pago para este pedido.</p>;
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <caption>Avisos de la pasarela de pago</caption>
        <thead>
          <tr>
            <th scope="col">Recibido</th>
            <th scope="col">Aviso</th>
            <th scope="col">Tipo y referencia</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id}>
              <td>{formatDateTime(e.receivedAt)}</td>
              <th scope="row">{paymentEventLabel(e.type)}</th>
              <td>
                <code>{e.type}</code>
                <br />
                <code className="staff-table__small">{e.id}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OrderEmailsTable({ emails }: { emails: StaffOrderDetail["emails"] }) {
  if (emails.length === 0) return <p>No hay correos de este pedido.</p>;
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <caption>Correos de este pedido</caption>
        <thead>
          <tr>
            <th scope="col">En cola desde</th>
            <th scope="col">Correo</th>
            <th scope="col">Estado</th>
            <th scope="col" className="staff-table__num">
              Intentos
            </th>
            <th scope="col">Último error</th>
            <th scope="col">Enviado</th>
          </tr>
        </thead>
        <tbody>
          {emails.map((j) => (
            <tr key={j.id}>
              <td>{formatDateTime(j.createdAt)}</td>
              <th scope="row">{emailKindLabel(j.kind)}</th>
              <td>{jobStatusLabel(j.status)}</td>
              <td className="staff-table__num">{j.attempts}</td>
              <td className="staff-table__small">{j.lastError ?? "—"}</td>
              <td>{formatDateTime(j.doneAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RefundsTable({
  refunds,
}: {
  refunds: {
    id: string;
    amountCents: number;
    reason: string;
    status: string;
    createdAt: string;
    completedAt: string | null;
  }[];
}) {
  if (refunds.length === 0) return <p>Este pedido no tiene reembolsos.</p>;
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <caption>Reembolsos del pedido</caption>
        <thead>
          <tr>
            <th scope="col">Solicitado</th>
            <th scope="col" className="staff-table__num">
              Importe
            </th>
            <th scope="col">Motivo</th>
            <th scope="col">Estado</th>
            <th scope="col">Resuelto</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((r) => (
            <tr key={r.id}>
              <td>{formatDateTime(r.createdAt)}</td>
              <td className="staff-table__num">{formatEuros(r.amountCents)}</td>
              <th scope="row">{refundReasonLabel(r.reason)}</th>
              <td>{refundStatusLabel(r.status)}</td>
              <td>{formatDateTime(r.completedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Reembolsar…" under the refunds while something is left to give back (paid orders only). */
export function RefundAction({
  order,
  refunds,
}: {
  order: { id: string; status: string; totalCents: number; refundedCents: number; counterSaleId?: string | null };
  refunds: { amountCents: number; status: string }[];
}) {
  if (order.status !== "paid") return null;
  // Charged at the counter: given back there, with its rectificativa and the stock.
  if (order.counterSaleId) {
    return (
      <p className="staff-inline-form">
        <Link to={`/gestion/caja/venta/${order.counterSaleId}`} className="staff-button">
          Devolver en la caja…
        </Link>
        <span className="staff-hint">Esta venta se cobró en el salón: su devolución se hace desde la caja.</span>
      </p>
    );
  }
  const pending = refunds.filter((r) => r.status === "pending").reduce((sum, r) => sum + r.amountCents, 0);
  const left = order.totalCents - order.refundedCents - pending;
  if (left <= 0) {
    return <p className="staff-hint">Lo que queda de este pedido ya tiene un reembolso en curso.</p>;
  }
  return (
    <p className="staff-inline-form">
      <Link to={`/gestion/pedidos/${order.id}/reembolsar`} className="staff-button">
        Reembolsar…
      </Link>
      <span className="staff-hint">Queda por reembolsar {formatEuros(left)}: todo o una parte, con confirmación.</span>
    </p>
  );
}
