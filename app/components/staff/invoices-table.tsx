/** The table of invoices on /gestion/facturas (and of the demo documents, apart). */
import { Link } from "react-router";
import type { AeatStatus } from "~/domain/aeat-status.ts";
import { formatEuros } from "~/domain/pricing.ts";
import type { StaffInvoiceRow } from "~/invoices/staff-queries.server.ts";
import { AeatStatusCell } from "./aeat-status.tsx";
import { formatShortDate, orderRef } from "./format.ts";

const KIND_SHORT: Record<string, string> = {
  F1: "Factura",
  F2: "Simplificada",
  R4: "Rectificativa",
  R5: "Rectificativa",
};
/** A demo sale's documents are no invoices (app/invoices/series.ts): a sale and its refund, never "Factura". */
const DEMO_KIND_SHORT: Record<string, string> = {
  F1: "Venta",
  F2: "Venta",
  R4: "Devolución",
  R5: "Devolución",
};
/**
 * The invoices (or, with `demo`, the demo documents) of /gestion/facturas. An
 * invoice row carries `aeat` (its record's sending, null: never sent); demo
 * documents have no record and no such column.
 */
export function InvoicesTable({
  rows,
  caption,
  demo = false,
  canSubsanar = false,
}: {
  rows: (StaffInvoiceRow & { aeat?: AeatStatus | null })[];
  caption: string;
  demo?: boolean;
  /** The owner sees "Subsanar y reenviar" on a rejected record. */
  canSubsanar?: boolean;
}) {
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Número</th>
            <th scope="col">Fecha</th>
            <th scope="col">Tipo</th>
            <th scope="col">Cliente</th>
            <th scope="col">NIF</th>
            <th scope="col" className="staff-table__num">
              Base
            </th>
            <th scope="col" className="staff-table__num">
              IVA
            </th>
            <th scope="col" className="staff-table__num">
              Total
            </th>
            <th scope="col">Pago</th>
            {demo ? null : <th scope="col">Envío a la AEAT</th>}
            <th scope="col">Documentos</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                <code>{r.fullNumber}</code>
              </th>
              <td>{formatShortDate(r.issueDate)}</td>
              <td>
                {(demo ? DEMO_KIND_SHORT : KIND_SHORT)[r.kind] ?? r.kind}
                {r.rectifiedNumber ? <span className="staff-table__small"> de {r.rectifiedNumber}</span> : null}
              </td>
              <td>
                <span className={r.buyerName ? "staff-table__strong" : undefined}>
                  {r.buyerName ?? "Consumidor final"}
                </span>
                {r.buyerEmail ? (
                  <>
                    <br />
                    <span className="staff-table__small">{r.buyerEmail}</span>
                  </>
                ) : null}
              </td>
              <td>{r.buyerTaxId ?? "—"}</td>
              <td className="staff-table__num">{formatEuros(r.baseCents)}</td>
              <td className="staff-table__num">{formatEuros(r.vatCents)}</td>
              <td className="staff-table__num">{formatEuros(r.totalCents)}</td>
              <td>{r.paymentMethod ?? "—"}</td>
              {demo ? null : (
                <AeatStatusCell
                  status={r.aeat ?? null}
                  subsanarHref={canSubsanar ? `/gestion/facturas/${r.id}/subsanar` : undefined}
                  invoiceNumber={r.fullNumber}
                />
              )}
              <td className="staff-table__actions">
                <a
                  href={`/gestion/facturas/${r.id}/pdf`}
                  download
                  aria-label={`PDF ${demo ? "del documento de demostración" : "de la factura"} ${r.fullNumber}`}
                >
                  PDF
                </a>{" "}
                <Link to={`/gestion/pedidos/${r.orderId}`} aria-label={`Pedido ${orderRef(r.orderId)}`}>
                  Pedido
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
