/**
 * The counter's figures (/gestion/caja/cifras): the totals, then by
 * professional (with commission), by day, by service, by product and by
 * payment method. Tables with captions; each chart a figure with its
 * accessible summary and its data table (ChartFigure). They take the loader's
 * plain figures (cents, dates) and write the Spanish here.
 */
import { BarChart } from "~/components/staff/charts/bar-chart.tsx";
import { ChartFigure } from "~/components/staff/charts/chart-figure.tsx";
import { DataTable } from "~/components/staff/charts/data-table.tsx";
import { HorizontalBarChart } from "~/components/staff/charts/horizontal-bar-chart.tsx";
import type { CounterFigures, ItemFigures } from "~/counter/figures.ts";
import type { FiguresPeriod } from "~/counter/figures-period.ts";
import { PAYMENT_METHOD_LABELS } from "~/counter/sale-form.ts";
import { niceAxis } from "~/domain/dashboard.ts";
import { formatEuros, formatPriceShort, formatWeekdayDate } from "~/domain/pricing.ts";

const WEEKDAY_SHORT = ["", "lun", "mar", "mié", "jue", "vie", "sáb", "dom"];

/** Under a day's bar: its number, and in a week its weekday above it ("lun" / "23"). */
function dayLabels(day: string, kind: FiguresPeriod["kind"]): { label: string; sublabel?: string } {
  const n = String(Number(day.slice(8)));
  if (kind !== "semana") return { label: n };
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
  return { label: WEEKDAY_SHORT[weekday] ?? "", sublabel: n };
}

export function FiguresTotals({ figures, showTips }: { figures: CounterFigures; showTips: boolean }) {
  const t = figures.totals;
  const items: [string, string, string][] = [
    ["Ventas", formatEuros(t.netCents), "IVA incluido, devoluciones restadas"],
    ["Base imponible", formatEuros(t.baseCents), "Sin IVA"],
    ["Comisiones", formatEuros(t.commissionCents), "Sobre la base sin IVA"],
  ];
  if (showTips) items.push(["Propinas", formatEuros(t.tipCents), "Aparte de lo facturado"]);
  return (
    <dl className="panel-kpis">
      {items.map(([term, value, detail]) => (
        <div className="panel-kpi" key={term}>
          <dt>{term}</dt>
          <dd>
            <span className="panel-kpi__value">{value}</span>
            <span className="panel-kpi__detail">{detail}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ProfessionalFigures({ figures, label }: { figures: CounterFigures; label: string }) {
  const rows = figures.professionals;
  const t = figures.totals;
  return (
    <>
      <div className="table-scroll">
        <DataTable
          caption={`Ventas y comisiones por profesional (${label})`}
          columns={["Profesional", "Unidades", "Ventas con IVA", "Base sin IVA", "Comisión", "Propinas"]}
          rows={[
            ...rows.map((p) => ({
              key: p.key,
              cells: [
                p.name,
                p.units,
                formatEuros(p.netCents),
                formatEuros(p.baseCents),
                formatEuros(p.commissionCents),
                formatEuros(p.tipCents),
              ],
            })),
            ...(rows.length > 1
              ? [
                  {
                    key: "total",
                    cells: [
                      "Total",
                      t.units,
                      formatEuros(t.netCents),
                      formatEuros(t.baseCents),
                      formatEuros(t.commissionCents),
                      formatEuros(t.tipCents),
                    ],
                  },
                ]
              : []),
          ]}
        />
      </div>
      {rows.length > 1 ? (
        <ChartFigure
          id="cifras-profesional"
          caption="Ventas por profesional"
          note="IVA incluido, devoluciones restadas."
          table={{
            caption: `Ventas por profesional (${label})`,
            columns: ["Profesional", "Ventas con IVA", "Comisión"],
            rows: rows.map((p) => ({
              key: p.key,
              cells: [p.name, formatEuros(p.netCents), formatEuros(p.commissionCents)],
            })),
          }}
        >
          <HorizontalBarChart
            label={`Ventas por profesional: ${rows.map((p) => `${p.name}, ${formatEuros(p.netCents)}`).join("; ")}.`}
            bars={rows.map((p) => ({
              key: p.key,
              label: p.name,
              value: p.netCents,
              valueText: formatEuros(p.netCents),
            }))}
          />
        </ChartFigure>
      ) : null}
    </>
  );
}

export function DayFigures({ figures, period }: { figures: CounterFigures; period: FiguresPeriod }) {
  const days = figures.days;
  const best = days.reduce((top, d) => Math.max(top, d.netCents), 0);
  return (
    <ChartFigure
      id="cifras-dia"
      caption="Ventas por día"
      note="IVA incluido; una devolución resta el día en que se hace."
      table={{
        caption: `Ventas por día (${period.label})`,
        columns: ["Día", "Ventas con IVA"],
        rows: days.map((d) => ({ key: d.day, cells: [formatWeekdayDate(d.day), formatEuros(d.netCents)] })),
      }}
    >
      <BarChart
        label={`Ventas por día, ${period.label}: ${formatEuros(figures.totals.netCents)} en total.`}
        axis={niceAxis(best, { minStep: 100 })}
        formatTick={formatPriceShort}
        bars={days.map((d) => ({
          key: d.day,
          ...dayLabels(d.day, period.kind),
          value: d.netCents,
          title: `${formatWeekdayDate(d.day)}: ${formatEuros(d.netCents)}`,
        }))}
      />
    </ChartFigure>
  );
}

export function ItemTable({ caption, noun, rows }: { caption: string; noun: string; rows: ItemFigures[] }) {
  return (
    <div className="table-scroll">
      <DataTable
        caption={caption}
        columns={[noun, "Unidades", "Ventas con IVA", "Base sin IVA"]}
        rows={rows.map((r) => ({
          key: r.key,
          cells: [r.name, r.units, formatEuros(r.netCents), formatEuros(r.baseCents)],
        }))}
      />
    </div>
  );
}

export function MethodFigures({ figures, label }: { figures: CounterFigures; label: string }) {
  const rows = figures.methods.map((m) => ({ ...m, name: PAYMENT_METHOD_LABELS[m.method] }));
  const table = {
    caption: `Cobros por método de pago (${label})`,
    columns: ["Método", "Cobrado", "Devuelto", "Neto"],
    rows: rows.map((m) => ({
      key: m.method,
      cells: [m.name, formatEuros(m.chargedCents), formatEuros(m.returnedCents), formatEuros(m.netCents)],
    })),
  };
  return (
    <>
      <div className="table-scroll">
        <DataTable {...table} />
      </div>
      {rows.length > 1 ? (
        <ChartFigure
          id="cifras-metodo"
          caption="Cobros netos por método de pago"
          note="Lo cobrado en caja (propinas incluidas) menos lo devuelto."
          table={table}
        >
          <HorizontalBarChart
            label={`Cobros netos por método de pago: ${rows.map((m) => `${m.name}, ${formatEuros(m.netCents)}`).join("; ")}.`}
            bars={rows.map((m) => ({
              key: m.method,
              label: m.name,
              value: m.netCents,
              valueText: formatEuros(m.netCents),
            }))}
          />
        </ChartFigure>
      ) : null}
    </>
  );
}
