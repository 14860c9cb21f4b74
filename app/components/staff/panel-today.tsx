/**
 * The panel's "Hoy" (/gestion): today's appointments, today's online takings
 * (the rule Facturas documents, so the figure is the day's total there) and the
 * reminder of seeded services still to review. Each figure says what it
 * includes and what it leaves out.
 */
import { diaryHref } from "~/components/staff/diary/labels.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatDayLong } from "~/domain/salon-time.ts";
import type { Today } from "~/staff/today.server.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const ordersText = (n: number) => plural(n, "pedido", "pedidos");

/** "Cursos 280,00 € (1 pedido) · Señales de citas 15,00 € (1 pedido) · Reembolsos −100,00 € (1)". */
function takingsDetail(t: Today["takings"]): string {
  const parts = t.byKind.map((k) => `${k.name}: ${formatEuros(k.cents)} (${ordersText(k.orders)})`);
  if (t.refunds > 0) parts.push(`Reembolsos: −${formatEuros(t.refundsCents)} (${t.refunds})`);
  return parts.join(" · ");
}

export function PanelToday({ day }: { day: Today }) {
  const { takings: t, appointments } = day;
  return (
    <section aria-labelledby="hoy">
      <h2 id="hoy">Hoy: {formatDayLong(day.date)}</h2>
      <dl className="panel-kpis">
        <div className="panel-kpi">
          <dt>Citas</dt>
          <dd>
            <span className="panel-kpi__value">{appointments.length}</span>
            <a className="panel-kpi__detail" href={diaryHref(day.date)}>
              Ver la agenda de hoy
            </a>
          </dd>
        </div>
        <div className="panel-kpi">
          <dt>Cobros online</dt>
          <dd>
            <span className="panel-kpi__value">{formatEuros(t.netCents)}</span>
            <span className="panel-kpi__detail">{takingsDetail(t)}</span>
          </dd>
        </div>
        {day.servicesToReview > 0 ? (
          <div className="panel-kpi">
            <dt>Carta de servicios</dt>
            <dd>
              <a href="/gestion/servicios">
                {plural(day.servicesToReview, "servicio sin revisar", "servicios sin revisar")}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="panel-rule">
        Citas: las de hoy en la agenda, pendientes de confirmar incluidas; no cuentan las canceladas. Cobros online:
        cursos y señales de citas pagados hoy por la web (hora de Madrid), por su importe entero, menos los reembolsos
        hechos hoy; es el total de las facturas de hoy en <a href="/gestion/facturas">Facturas</a>. Lo cobrado en el
        salón aún no se registra aquí. No cuentan los pagos de la pasarela de demostración
        {t.demoOrders > 0 ? ` (hoy, ${ordersText(t.demoOrders)} de demostración: ${formatEuros(t.demoCents)})` : ""}.
      </p>
      {appointments.length > 0 ? (
        <div className="table-scroll">
          <table className="staff-table panel-table">
            <caption>Citas de hoy</caption>
            <thead>
              <tr>
                <th scope="col">Hora</th>
                <th scope="col">Clienta</th>
                <th scope="col">Servicios</th>
                <th scope="col">Profesional</th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {appointments.map((a) => (
                <tr key={a.id}>
                  <th scope="row">
                    <a href={`/gestion/agenda/${a.id}`}>{a.time}</a>
                  </th>
                  <td>{a.clientName}</td>
                  <td>{a.services.join(", ")}</td>
                  <td>{a.professionalName}</td>
                  <td>{a.statusLabel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="panel-empty">No hay citas hoy.</p>
      )}
    </section>
  );
}
