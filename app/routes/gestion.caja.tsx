import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/components/staff/format.ts";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatAppointmentTime, formatDayLong } from "~/domain/salon-time.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.caja";
import { counterAction, loadCounter } from "./gestion.caja.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Caja · Gestión",
    description: "Cobrar en el salón: citas del día, ventas sin cita y ventas cobradas.",
    path: "/gestion/caja",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return loadCounter(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return counterAction(request, context);
}

const APPOINTMENT_STATUS: Record<string, string> = {
  confirmed: "Confirmada",
  attended: "Atendida",
  no_show: "No se presentó",
};

export default function Counter({ loaderData, actionData }: Route.ComponentProps) {
  const { today, cashDay, appointments, sales, drafts, takingsCents } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="staff-section counter">
      <div className="staff-heading">
        <h1>Caja</h1>
        <div className="counter-actions">
          <Form method="post">
            <input type="hidden" name="intent" value="walk-in" />
            <button type="submit" className="staff-button counter-touch" disabled={busy}>
              Nueva venta sin cita
            </button>
          </Form>
          <Link className="staff-button staff-button--secondary counter-touch" to="/gestion/caja/cierre">
            Cierre de caja
          </Link>
          <Link className="staff-button staff-button--secondary counter-touch" to="/gestion/caja/cifras">
            Cifras
          </Link>
        </div>
      </div>
      {actionData?.error ? (
        <p className="form-alert form-alert--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {cashDay !== today ? (
        <p className="form-alert" role="status">
          La caja de hoy ya está cerrada: lo que cobres ahora cuenta en la caja del {formatDayLong(cashDay)}.
        </p>
      ) : null}

      <section aria-labelledby="caja-citas">
        <h2 id="caja-citas">Citas de hoy</h2>
        {appointments.length === 0 ? (
          <p>No hay citas hoy.</p>
        ) : (
          <ul className="counter-list">
            {appointments.map((a) => (
              <li key={a.id} className="counter-list__item">
                <span>
                  <strong>{formatAppointmentTime(Date.parse(a.startsAt))}</strong> · {a.clientName} ·{" "}
                  {a.professionalName}
                  <span className="staff-hint"> · {APPOINTMENT_STATUS[a.status] ?? a.status}</span>
                </span>
                {a.sale?.charged ? (
                  <Link className="counter-badge counter-badge--paid" to={`/gestion/caja/venta/${a.sale.id}`}>
                    Cobrada
                  </Link>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="appointment" />
                    <input type="hidden" name="cita" value={a.id} />
                    <button type="submit" className="staff-button counter-touch" disabled={busy}>
                      {a.sale ? "Seguir cobrando" : "Cobrar"}
                      <span className="visually-hidden">
                        {" "}
                        la cita de {a.clientName} ({formatEuros(a.priceCents)})
                      </span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {drafts.length > 0 ? (
        <section aria-labelledby="caja-borradores">
          <h2 id="caja-borradores">Ventas sin terminar</h2>
          <ul className="counter-list">
            {drafts.map((d) => (
              <li key={d.id} className="counter-list__item">
                <span>
                  {d.clientName || "Sin clienta"} ·{" "}
                  <span className="staff-hint">editada {formatDateTime(d.updatedAt)}</span>
                </span>
                <Link className="staff-button staff-button--secondary counter-touch" to={`/gestion/caja/venta/${d.id}`}>
                  Seguir<span className="visually-hidden"> con la venta de {d.clientName || "sin clienta"}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="caja-ventas">
        <h2 id="caja-ventas">Cobrado en la caja del {formatDayLong(cashDay)}</h2>
        <p className="staff-count" role="status">
          {sales.length} {sales.length === 1 ? "venta" : "ventas"} · {formatEuros(takingsCents)}
        </p>
        {sales.length === 0 ? null : (
          <div className="table-scroll">
            <table className="staff-table">
              <caption>Ventas cobradas, de la más reciente a la más antigua</caption>
              <thead>
                <tr>
                  <th scope="col">Hora</th>
                  <th scope="col">Factura</th>
                  <th scope="col">Clienta</th>
                  <th scope="col" className="staff-table__num">
                    Total
                  </th>
                  <th scope="col">Pago</th>
                </tr>
              </thead>
              <tbody>
                {sales.map((s) => (
                  <tr key={s.id}>
                    <td>{s.chargedAt ? formatDateTime(s.chargedAt) : "—"}</td>
                    <th scope="row">
                      <Link to={`/gestion/caja/venta/${s.id}`}>{s.invoiceNumber ?? "Ver venta"}</Link>
                    </th>
                    <td>{s.clientName || "—"}</td>
                    <td className="staff-table__num">
                      {formatEuros(s.totalCents ?? 0)}
                      {s.refundedCents > 0 ? (
                        <span className="staff-hint"> (devuelto {formatEuros(s.refundedCents)})</span>
                      ) : null}
                    </td>
                    <td>{s.paymentMethod ? paymentMethodName(s.paymentMethod) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
