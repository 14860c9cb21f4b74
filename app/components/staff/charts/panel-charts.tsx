/**
 * The panel's three charts (/gestion), each a figure with its accessible
 * summary and its data table. They take the loader's plain figures (cents,
 * counts, ISO dates) and do the Spanish formatting here.
 */
import { yearMarks } from "~/domain/chart-labels.ts";
import { niceAxis, shortDateLabel, shortMonthLabel, type MonthTotal } from "~/domain/dashboard.ts";
import { formatEuros, formatLongDate, formatMonthYear, formatPriceShort } from "~/domain/pricing.ts";
import { BarChart } from "./bar-chart.tsx";
import { ChartFigure } from "./chart-figure.tsx";
import { HorizontalBarChart } from "./horizontal-bar-chart.tsx";
import { SeatsChart } from "./seats-chart.tsx";

const monthName = (month: string) => formatMonthYear(`${month}-01`);
const ordersText = (n: number) => `${n} ${n === 1 ? "pedido" : "pedidos"}`;

export function RevenueByMonthChart({ months }: { months: MonthTotal[] }) {
  const total = months.reduce((sum, m) => sum + m.cents, 0);
  const best = months.reduce<MonthTotal | null>((top, m) => (m.cents > (top?.cents ?? 0) ? m : top), null);
  const first = months[0];
  const last = months.at(-1);
  const years = yearMarks(months.map((m) => m.month));
  const summary =
    first && last
      ? `Ingresos por mes, de ${monthName(first.month)} a ${monthName(last.month)}: ${formatEuros(total)} en total; ` +
        (best ? `el mes más alto fue ${monthName(best.month)}, con ${formatEuros(best.cents)}.` : "ningún ingreso.")
      : "Sin datos.";
  return (
    <ChartFigure
      id="ingresos-mes"
      caption="Ingresos por mes"
      note="Últimos 12 meses, hora de Madrid."
      table={{
        caption: "Ingresos por mes (últimos 12 meses)",
        columns: ["Mes", "Ingresos", "Pedidos"],
        rows: months.map((m) => ({ key: m.month, cells: [monthName(m.month), formatEuros(m.cents), m.orders] })),
      }}
    >
      <BarChart
        label={summary}
        axis={niceAxis(best?.cents ?? 0, { minStep: 100 })}
        formatTick={formatPriceShort}
        bars={months.map((m, i) => ({
          key: m.month,
          label: shortMonthLabel(m.month),
          sublabel: years[i],
          value: m.cents,
          title: `${monthName(m.month)}: ${formatEuros(m.cents)} (${ordersText(m.orders)})`,
        }))}
      />
    </ChartFigure>
  );
}

export function OrdersByMethodChart({
  methods,
}: {
  methods: { key: string; name: string; orders: number; cents: number }[];
}) {
  const summary = `Pedidos cobrados por método de pago en los últimos 12 meses: ${methods.map((m) => `${m.name}, ${m.orders}`).join("; ")}.`;
  return (
    <ChartFigure
      id="pedidos-metodo"
      caption="Pedidos por método de pago"
      note="Últimos 12 meses; incluye los pedidos reembolsados después."
      table={{
        caption: "Pedidos por método de pago (últimos 12 meses)",
        columns: ["Método", "Pedidos", "Ingresos"],
        rows: methods.map((m) => ({ key: m.key, cells: [m.name, m.orders, formatEuros(m.cents)] })),
      }}
    >
      <HorizontalBarChart
        label={summary}
        bars={methods.map((m) => ({ key: m.key, label: m.name, value: m.orders, valueText: ordersText(m.orders) }))}
      />
    </ChartFigure>
  );
}

export function SeatsByEditionChart({
  editions,
}: {
  editions: { editionId: string; courseTitle: string; startsOn: string; seats: number; taken: number }[];
}) {
  const name = (e: (typeof editions)[number]) => `${e.courseTitle} · ${formatLongDate(e.startsOn)}`;
  const summary = `Plazas ocupadas de las próximas convocatorias: ${editions
    .map((e) => `${name(e)}, ${e.taken} de ${e.seats}`)
    .join("; ")}.`;
  return (
    <ChartFigure
      id="plazas"
      caption="Plazas de las próximas convocatorias"
      note="Ocupadas (barra llena) frente a ofrecidas (contorno)."
      table={{
        caption: "Plazas ocupadas y ofrecidas por convocatoria",
        columns: ["Convocatoria", "Ocupadas", "Ofrecidas", "Libres"],
        rows: editions.map((e) => ({
          key: e.editionId,
          cells: [name(e), e.taken, e.seats, Math.max(0, e.seats - e.taken)],
        })),
      }}
    >
      <SeatsChart
        label={summary}
        rows={editions.map((e) => ({
          key: e.editionId,
          label: `${e.courseTitle} · ${shortDateLabel(e.startsOn)}`,
          seats: e.seats,
          taken: e.taken,
        }))}
      />
    </ChartFigure>
  );
}
