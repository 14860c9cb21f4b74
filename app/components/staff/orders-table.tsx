import { Link } from "react-router";
import type { StaffOrderRow } from "~/orders/staff-queries.server.ts";
import { DemoBadge, StatusBadge } from "~/components/status-badge.tsx";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatDateTime, orderRef } from "./format.ts";

/** A row as the loader sends it (a type-only import, erased from the browser bundle). */
type OrdersTableRow = StaffOrderRow;

/** The staff order list: one row per order, newest first. */
export function OrdersTable({ rows, caption }: { rows: OrdersTableRow[]; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Pedido</th>
            <th scope="col">Comprador</th>
            <th scope="col">Cursos</th>
            <th scope="col" className="staff-table__num">
              Total
            </th>
            <th scope="col">Método</th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr key={o.id}>
              <td>{formatDateTime(o.createdAt)}</td>
              <th scope="row">
                <Link to={`/gestion/pedidos/${o.id}`} aria-label={`Pedido ${orderRef(o.id)}`}>
                  <code>{orderRef(o.id)}</code>
                </Link>
              </th>
              <td>
                {o.buyerName ? <span className="staff-table__strong">{o.buyerName}</span> : null}
                {o.buyerName ? <br /> : null}
                {o.buyerEmail || "—"}
              </td>
              <td>{o.courses.join(", ") || "—"}</td>
              <td className="staff-table__num">{formatEuros(o.totalCents)}</td>
              <td>{paymentMethodName(o.paymentMethod)}</td>
              <td>
                <StatusBadge status={o.status} amounts={{ refundedCents: o.refundedCents, totalCents: o.totalCents }} />
                <DemoBadge demo={o.demo} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
