import { AeatPanelWarning } from "~/components/staff/aeat-status.tsx";
import { BackupPanelSection, BackupPanelWarning } from "~/components/staff/backup-status.tsx";
import { PanelToday } from "~/components/staff/panel-today.tsx";
import {
  OrdersByMethodChart,
  RevenueByMonthChart,
  SeatsByEditionChart,
} from "~/components/staff/charts/panel-charts.tsx";
import { intentTopic, madridDate } from "~/domain/dashboard.ts";
import { formatEuros, formatLongDate, formatMonthYear } from "~/domain/pricing.ts";
import { formatTime, wallClockOf } from "~/domain/salon-time.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion";
import { loadPanel } from "./gestion.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Panel · Gestión",
    description:
      "Citas y cobros de hoy, ingresos, plazas y preguntas sin respuesta del área de gestión de Alejandra Nails.",
    path: "/gestion",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return loadPanel(context);
}

const ordersText = (n: number) => `${n} ${n === 1 ? "pedido" : "pedidos"}`;

/** "15:24": when the money figures were read, Madrid time. */
const readTime = (iso: string) => formatTime(wallClockOf(Date.parse(iso)).minutes);

/** The staff's landing page: today, revenue, payment methods, seats and the assistant's unanswered questions. */
export default function StaffPanel({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="staff-panel">
      <h1>Panel</h1>
      {d.sellerMissing.length > 0 ? (
        <div className="staff-notice" role="status">
          <p>
            <strong>No se están emitiendo facturas:</strong> faltan datos fiscales del titular (
            {d.sellerMissing.join(", ")}). Las ventas siguen funcionando y sus facturas se emitirán al completarlos en{" "}
            <a href="/gestion/datos-fiscales">Datos fiscales</a> (solo la propietaria).
          </p>
        </div>
      ) : null}
      <AeatPanelWarning alerts={d.aeat} />
      <BackupPanelWarning backup={d.backup} />

      <PanelToday day={d.day} />

      <section aria-labelledby="ingresos">
        <h2 id="ingresos">Ingresos</h2>
        <dl className="panel-kpis">
          <div className="panel-kpi">
            <dt>Este mes, {formatMonthYear(`${d.month}-01`)}</dt>
            <dd>
              <span className="panel-kpi__value">{formatEuros(d.monthCents)}</span>
              <span className="panel-kpi__detail">{ordersText(d.monthOrders)}</span>
            </dd>
          </div>
        </dl>
        <p className="panel-rule">
          Cómo se cuenta: cursos y señales de citas cobrados por la web. Cada pedido pagado suma, por su importe entero,
          en el mes en que se cobró (hora de Madrid), y cada reembolso resta en el mes en que se hizo: es el total de
          las facturas del mes en <a href="/gestion/facturas">Facturas</a>. Lo cobrado en el salón aún no se registra
          aquí. No cuentan los pedidos de la pasarela de demostración
          {d.demoOrders > 0 ? ` (en los últimos 12 meses hay ${ordersText(d.demoOrders)} de demostración)` : ""}.
        </p>
        <p className="panel-rule">
          Cifras del mes, de los 12 meses y de los métodos de pago calculadas a las {readTime(d.moneyReadAt)}: se
          actualizan como mucho cada minuto, así que un cobro de hace menos de un minuto puede no aparecer aún (los
          cobros de hoy, arriba, están al día).
        </p>
      </section>

      <section aria-labelledby="graficos">
        <h2 id="graficos">Evolución, métodos de pago y plazas</h2>
        <div className="panel-charts">
          <RevenueByMonthChart months={d.months} />
          <OrdersByMethodChart methods={d.methods} />
          {d.editions.length > 0 ? (
            <SeatsByEditionChart editions={d.editions} />
          ) : (
            <p className="panel-empty">No hay convocatorias próximas.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="preguntas">
        <h2 id="preguntas">Preguntas que el asistente no supo responder</h2>
        {d.questions.length > 0 ? (
          <div className="table-scroll">
            <table className="staff-table panel-table">
              <caption>
                Preguntas sin respuesta de los últimos 30 días, agrupadas por texto (sin mayúsculas, tildes ni signos)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Pregunta</th>
                  <th scope="col" className="staff-table__num">
                    Veces
                  </th>
                  <th scope="col">Última vez</th>
                  <th scope="col">Tema más parecido</th>
                </tr>
              </thead>
              <tbody>
                {d.questions.map((q) => (
                  <tr key={`${q.text}-${q.lastAskedAt}`}>
                    <th scope="row">{q.text}</th>
                    <td className="staff-table__num">{q.count}</td>
                    <td>{formatLongDate(madridDate(q.lastAskedAt))}</td>
                    <td>{intentTopic(q.guess)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="panel-empty">Ninguna pregunta sin respuesta en los últimos 30 días.</p>
        )}
      </section>

      <BackupPanelSection backup={d.backup} />
    </div>
  );
}
