import { Form, Link } from "react-router";
import { AeatModeBanner } from "~/components/staff/aeat-status.tsx";
import { BarChart } from "~/components/staff/charts/bar-chart.tsx";
import { ChartFigure } from "~/components/staff/charts/chart-figure.tsx";
import { DataTable } from "~/components/staff/charts/data-table.tsx";
import { FilterInput, FilterSelect } from "~/components/staff/filter-fields.tsx";
import { InvoicesTable } from "~/components/staff/invoices-table.tsx";
import { FilterNotes, Pager } from "~/components/staff/pager.tsx";
import { yearMarks } from "~/domain/chart-labels.ts";
import { niceAxis, shortMonthLabel } from "~/domain/dashboard.ts";
import { longerThanAYear, PERIOD_PARAM, periodNoun } from "~/domain/invoice-period.ts";
import { formatEuros, formatMonthYear, formatPriceShort } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.facturas";
import { loadInvoiceList } from "./gestion.facturas.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Facturas · Gestión",
    description: "Facturas emitidas por periodo, con sus totales y la exportación para la gestoría.",
    path: "/gestion/facturas",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInvoiceList(request, context);
}

type Data = Route.ComponentProps["loaderData"];

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
const invoicesText = (n: number) => count(n, "factura");

function PeriodForms({ period, choices }: Pick<Data, "period" | "choices">) {
  const listed = [...choices.quarters, ...choices.months, ...choices.years].some((c) => c.key === period.key);
  const group = (label: string, items: { key: string; label: string }[]) => (
    <optgroup label={label}>
      {items.map((c) => (
        <option key={c.key} value={c.key}>
          {c.label}
        </option>
      ))}
    </optgroup>
  );
  return (
    <div className="staff-toolbar">
      <Form method="get" className="staff-filters" role="search" aria-label="Elegir el periodo">
        <FilterSelect
          id="f-periodo"
          label="Periodo"
          wide
          name={PERIOD_PARAM}
          defaultValue={period.key}
          options={listed ? [] : [{ value: period.key, label: period.label }]}
        >
          {group("Trimestres", choices.quarters)}
          {group("Meses", choices.months)}
          {group("Años", choices.years)}
        </FilterSelect>
        <div className="staff-filters__actions">
          <button type="submit" className="staff-button">
            Ver
          </button>
        </div>
      </Form>
      <Form method="get" className="staff-filters" aria-label="Elegir otras fechas">
        {[
          ["desde", "Desde", period.from],
          ["hasta", "Hasta", period.to],
        ].map(([name, label, value]) => (
          <FilterInput
            key={name}
            id={`f-${name}`}
            label={label}
            name={name}
            type="date"
            required
            defaultValue={period.kind === "range" ? value : ""}
          />
        ))}
        <div className="staff-filters__actions">
          <button type="submit" className="staff-button staff-button--secondary">
            Ver estas fechas
          </button>
        </div>
      </Form>
    </div>
  );
}

function Summary({ totals, months, label }: Pick<Data, "totals" | "months"> & { label: string }) {
  const best = months.reduce((top, m) => Math.max(top, m.totalCents), 0);
  const years = yearMarks(months.map((m) => m.month));
  return (
    <section aria-labelledby="resumen">
      <h2 id="resumen">Resumen</h2>
      <dl className="panel-kpis">
        {[
          [
            "Facturas",
            String(totals.invoices),
            totals.rectificativas ? `Incluye ${count(totals.rectificativas, "rectificativa")}` : "",
          ],
          ["Base imponible", formatEuros(totals.baseCents), ""],
          ["IVA", formatEuros(totals.vatCents), ""],
          ["Total", formatEuros(totals.totalCents), "IVA incluido"],
        ].map(([term, value, detail]) => (
          <div className="panel-kpi" key={term}>
            <dt>{term}</dt>
            <dd>
              <span className="panel-kpi__value">{value}</span>
              {detail ? <span className="panel-kpi__detail">{detail}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="panel-rule">
        Por fecha de expedición (hora de Madrid). Las rectificativas llevan importes negativos y restan.
      </p>
      {totals.byRate.length > 0 ? (
        <div className="table-scroll">
          <DataTable
            caption={`Desglose por tipo de IVA (${label})`}
            columns={["Tipo", "Base imponible", "Cuota de IVA"]}
            rows={totals.byRate.map((r) => ({
              key: `${r.vatTreatment}-${r.vatRateBp}`,
              cells: [
                r.vatTreatment === "exempt" ? "Exento (art. 20.Uno.9º LIVA)" : `${r.vatRateBp / 100} %`,
                formatEuros(r.baseCents),
                formatEuros(r.vatCents),
              ],
            }))}
          />
        </div>
      ) : null}
      {months.length > 0 && totals.invoices > 0 ? (
        <ChartFigure
          id="facturado-mes"
          caption="Total facturado por mes"
          note="IVA incluido, rectificativas restadas."
          table={{
            caption: `Total facturado por mes (${label})`,
            columns: ["Mes", "Facturas", "Base", "IVA", "Total"],
            rows: months.map((m) => ({
              key: m.month,
              cells: [
                formatMonthYear(`${m.month}-01`),
                m.invoices,
                formatEuros(m.baseCents),
                formatEuros(m.vatCents),
                formatEuros(m.totalCents),
              ],
            })),
          }}
        >
          <BarChart
            label={`Total facturado por mes: ${months.map((m) => `${formatMonthYear(`${m.month}-01`)}, ${formatEuros(m.totalCents)}`).join("; ")}.`}
            axis={niceAxis(best, { minStep: 100 })}
            formatTick={formatPriceShort}
            bars={months.map((m, i) => ({
              key: m.month,
              label: shortMonthLabel(m.month),
              sublabel: years[i],
              value: m.totalCents,
              title: `${formatMonthYear(`${m.month}-01`)}: ${formatEuros(m.totalCents)} (${invoicesText(m.invoices)})`,
            }))}
          />
        </ChartFigure>
      ) : null}
    </section>
  );
}

/** Demo sales' documents, apart: no invoices, in no total and no export. */
function DemoDocuments({ demo }: Pick<Data, "demo">) {
  const shown = demo.rows.length;
  return (
    <section aria-labelledby="documentos-demo">
      <h2 id="documentos-demo">Documentos de demostración sin validez fiscal</h2>
      <p className="panel-rule">
        Ventas hechas con la pasarela de demostración, sin cobro: no son facturas. No cuentan en los totales ni en las
        exportaciones, no tienen registro de facturación y no se envían a la AEAT.
        {demo.total > shown ? ` Se muestran los ${shown} más recientes de ${demo.total}.` : ""}
      </p>
      <InvoicesTable
        rows={demo.rows}
        demo
        caption="Documentos de demostración del periodo (sin validez fiscal), del más reciente al más antiguo"
      />
    </section>
  );
}

export default function StaffInvoices({ loaderData: d }: Route.ComponentProps) {
  const search = `?${PERIOD_PARAM}=${encodeURIComponent(d.period.key)}`;
  const noun = periodNoun(d.period.kind);
  const zipAllowed = !longerThanAYear(d.period);
  return (
    <section className="staff-section">
      <div className="staff-heading">
        <h1>Facturas</h1>
        <p className="staff-toolbar">
          <a className="staff-button staff-button--secondary" href={`/gestion/facturas/exportar.csv${search}`} download>
            Descargar CSV {noun}
          </a>
          {zipAllowed ? (
            <a
              className="staff-button staff-button--secondary"
              href={`/gestion/facturas/exportar.zip${search}`}
              download
            >
              Descargar PDF (ZIP)
            </a>
          ) : (
            <span className="staff-hint">El ZIP de PDF abarca como mucho un año.</span>
          )}
        </p>
      </div>
      {d.sellerMissing.length > 0 ? (
        <div className="form-alert form-alert--error" role="alert">
          <p>
            <strong>No se están emitiendo facturas:</strong> faltan datos fiscales de la empresa. Los pedidos cobrados
            mientras tanto se facturarán en cuanto la propietaria los complete en{" "}
            <Link to="/gestion/datos-fiscales">Datos fiscales</Link>. Falta:
          </p>
          <ul className="staff-notes">
            {d.sellerMissing.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <AeatModeBanner mode={d.verifactuMode} />
      <FilterNotes id="facturas-avisos" notes={d.notes} />
      <PeriodForms period={d.period} choices={d.choices} />
      <p className="staff-count" role="status">
        {invoicesText(d.total)}: {d.period.label}
      </p>
      <Summary totals={d.totals} months={d.months} label={d.period.label} />
      {d.rows.length === 0 ? (
        <p>No hay facturas emitidas en este periodo.</p>
      ) : (
        <>
          <InvoicesTable
            rows={d.rows}
            canSubsanar={d.canSubsanar}
            caption={`Facturas del periodo, de la más reciente a la más antigua (página ${d.page} de ${d.pageCount})`}
          />
          <Pager page={d.page} pageCount={d.pageCount} href={(p) => `/gestion/facturas${search}&pagina=${p}`} />
        </>
      )}
      {d.demo.total > 0 ? <DemoDocuments demo={d.demo} /> : null}
    </section>
  );
}
