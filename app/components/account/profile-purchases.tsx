import { Link } from "react-router";
import type { OrderView } from "~/orders/queries.server.ts";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import { DemoBadge, StatusBadge } from "../status-badge.tsx";

function invoiceLinkLabel(inv: { kind: string; demo: boolean }): string {
  const refund = inv.kind === "R4" || inv.kind === "R5";
  // A demo sale's document is no invoice (app/invoices/series.ts): never called one.
  if (inv.demo) return refund ? "Documento de demostración (devolución)" : "Documento de demostración";
  return refund ? "Rectificativa" : "Factura";
}

/** Per order: "open" shows «Desistir del contrato», "done" says it was requested. */
type WithdrawalState = "open" | "done" | "none";

/**
 * "Historial de compras" tab: every order of the buyer with its status badge. On a phone each
 * order becomes a card and every cell carries its column's name (`data-label`, as the legal
 * pages' tables do), so the amount and the invoices are never off to the right.
 */
export function ProfilePurchases({
  orders,
  withdrawal = {},
}: {
  orders: OrderView[];
  withdrawal?: Record<string, WithdrawalState>;
}) {
  if (orders.length === 0) {
    return (
      <div className="profile-empty">
        <p>Aún no has hecho ninguna compra.</p>
        <Link className="btn" to="/formaciones">
          Ver formaciones
        </Link>
      </div>
    );
  }
  return (
    <div className="table-scroll">
      <table className="purchases">
        <caption className="visually-hidden">Historial de compras</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Cursos</th>
            <th scope="col">Método de pago</th>
            <th scope="col" className="num">
              Importe
            </th>
            <th scope="col">Estado</th>
            <th scope="col">Facturas</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <td data-label="Fecha">{formatLongDate(o.createdAt)}</td>
              <td data-label="Cursos">{o.items.map((i) => i.title).join(", ") || "—"}</td>
              <td data-label="Método de pago">{paymentMethodName(o.paymentMethod)}</td>
              <td data-label="Importe" className="num">
                {formatEuros(o.totalCents)}
                {o.refundedCents > 0 && o.refundedCents < o.totalCents ? (
                  <>
                    <br />
                    <small>Reembolsado: {formatEuros(o.refundedCents)}</small>
                  </>
                ) : null}
              </td>
              <td data-label="Estado">
                <StatusBadge status={o.status} amounts={o} />
                <DemoBadge demo={o.demo} />
                {withdrawal[o.id] === "open" ? (
                  <>
                    <br />
                    <Link
                      className="btn"
                      to={`/perfil/compras/${o.id}/desistir`}
                      aria-label={`Desistir del contrato: ${o.items.map((i) => i.title).join(", ")}`}
                    >
                      Desistir del contrato
                    </Link>
                  </>
                ) : withdrawal[o.id] === "done" ? (
                  <>
                    <br />
                    <small>Desistimiento solicitado</small>
                  </>
                ) : null}
              </td>
              <td data-label="Facturas">
                {o.invoices.length === 0 ? (
                  "—"
                ) : (
                  <ul className="purchases__invoices">
                    {o.invoices.map((inv) => (
                      <li key={inv.id}>
                        <a href={`/perfil/compras/facturas/${inv.id}`} download>
                          {invoiceLinkLabel(inv)} {inv.number}
                          {inv.demo ? <small> (sin validez fiscal)</small> : null}
                          <span className="visually-hidden"> (PDF)</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
