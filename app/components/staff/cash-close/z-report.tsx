import { useHydrated } from "~/components/auth/use-form-errors.ts";
import type { ZReport } from "~/counter/z-report.server.ts";
import { formatEuros } from "~/domain/pricing.ts";

export const METHOD_LABELS = { cash: "Efectivo", card: "Tarjeta", bizum: "Bizum" } as const;

const rateText = (bp: number) => (bp === 0 ? "0 % (exento)" : `${bp / 100} %`);

/** "Sobran 2,00 €", "Faltan 0,50 €", "Cuadra": the close's difference in words, never by colour alone. */
export function differenceText(cents: number): string {
  if (cents === 0) return "Cuadra: sin diferencia";
  return `${cents > 0 ? "Sobran" : "Faltan"} ${formatEuros(Math.abs(cents))}`;
}

export function differenceClass(cents: number): string {
  return `cash-diff cash-diff--${cents === 0 ? "even" : cents > 0 ? "over" : "short"}`;
}

function VatTable({ caption, rows }: { caption: string; rows: ZReport["byVat"] }) {
  const sum = (pick: (r: ZReport["byVat"][number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return (
    <div className="table-scroll">
      <table className="staff-cat__table cash-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Tipo de IVA</th>
            <th scope="col" className="cash-num">
              Base imponible
            </th>
            <th scope="col" className="cash-num">
              Cuota de IVA
            </th>
            <th scope="col" className="cash-num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.rateBp}>
              <th scope="row">{rateText(r.rateBp)}</th>
              <td className="cash-num">{formatEuros(r.baseCents)}</td>
              <td className="cash-num">{formatEuros(r.vatCents)}</td>
              <td className="cash-num">{formatEuros(r.totalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="cash-num">{formatEuros(sum((r) => r.baseCents))}</td>
            <td className="cash-num">{formatEuros(sum((r) => r.vatCents))}</td>
            <td className="cash-num">{formatEuros(sum((r) => r.totalCents))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="staff-cat__button staff-cat__button--secondary no-print"
      onClick={() => window.print()}
    >
      Imprimir el informe Z
    </button>
  );
}

/** The Z report of a closed day: sales, payment methods, VAT, returns, professionals. */
export function ZReportView({ report, dayText }: { report: ZReport; dayText: string }) {
  return (
    <section className="cash-zreport" aria-labelledby="informe-z">
      <div className="staff-cat__heading">
        <h2 id="informe-z">Informe Z · {dayText}</h2>
        <PrintButton />
      </div>
      <dl className="staff-facts">
        <dt>Ventas</dt>
        <dd>{report.salesCount}</dd>
        <dt>Total facturado</dt>
        <dd>{formatEuros(report.salesTotalCents)}</dd>
        <dt>Propinas</dt>
        <dd>{formatEuros(report.tipsCents)}</dd>
        <dt>Total cobrado</dt>
        <dd>{formatEuros(report.takenCents)}</dd>
        <dt>Devoluciones</dt>
        <dd>
          {report.returns.count} · {formatEuros(report.returns.totalCents)}
        </dd>
      </dl>
      {report.salesWithoutInvoice > 0 ? (
        <p className="staff-notice">
          {report.salesWithoutInvoice === 1
            ? "Una venta del día aún no tiene factura"
            : `${report.salesWithoutInvoice} ventas del día aún no tienen factura`}{" "}
          (faltan los datos fiscales): no cuenta en el desglose por IVA.
        </p>
      ) : null}

      <div className="table-scroll">
        <table className="staff-cat__table cash-table">
          <caption>Por forma de pago (propinas incluidas)</caption>
          <thead>
            <tr>
              <th scope="col">Forma de pago</th>
              <th scope="col" className="cash-num">
                Cobrado
              </th>
              <th scope="col" className="cash-num">
                Devuelto
              </th>
              <th scope="col" className="cash-num">
                Neto
              </th>
            </tr>
          </thead>
          <tbody>
            {report.byMethod.map((m) => (
              <tr key={m.method}>
                <th scope="row">{METHOD_LABELS[m.method]}</th>
                <td className="cash-num">{formatEuros(m.takenCents)}</td>
                <td className="cash-num">{formatEuros(m.returnedCents)}</td>
                <td className="cash-num">{formatEuros(m.netCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <VatTable caption="Ventas por tipo de IVA (facturas del día)" rows={report.byVat} />
      {report.refundsByVat.length > 0 ? (
        <VatTable caption="Devoluciones por tipo de IVA (facturas rectificativas)" rows={report.refundsByVat} />
      ) : null}

      <div className="table-scroll">
        <table className="staff-cat__table cash-table">
          <caption>Por profesional (importe neto de las líneas vendidas)</caption>
          <thead>
            <tr>
              <th scope="col">Profesional</th>
              <th scope="col" className="cash-num">
                Líneas
              </th>
              <th scope="col" className="cash-num">
                Importe
              </th>
            </tr>
          </thead>
          <tbody>
            {report.perProfessional.length === 0 ? (
              <tr>
                <td colSpan={3}>No hubo ventas.</td>
              </tr>
            ) : (
              report.perProfessional.map((p) => (
                <tr key={p.professionalId ?? "none"}>
                  <th scope="row">{p.name}</th>
                  <td className="cash-num">{p.lines}</td>
                  <td className="cash-num">{formatEuros(p.netCents)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
