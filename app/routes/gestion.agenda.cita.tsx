import { formatEuros } from "~/domain/pricing.ts";
import { Form, Link, useNavigation } from "react-router";
import { AppointmentFacts, MoveForm } from "~/components/staff/diary/appointment-parts.tsx";
import { appointmentStatusLabel, clientCardHref, diaryHref } from "~/components/staff/diary/labels.ts";
import { formatAppointmentTime, wallClockOf } from "~/domain/salon-time.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.agenda.cita";
import { appointmentAction, loadAppointmentPage } from "./gestion.agenda.cita.server.ts";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title: loaderData ? `Cita de ${loaderData.appointment.clientName} · Gestión` : "Cita no encontrada · Gestión",
    description: "Una cita de la agenda: clienta, servicios y acciones.",
    path: `/gestion/agenda/${encodeURIComponent(params.appointmentId)}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAppointmentPage(params.appointmentId, request, context);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return appointmentAction(params.appointmentId, request, context);
}

export default function StaffAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment: a, depositText, notice, canCancel, canMove, outcome, move, sale, canCharge } = loaderData;
  const busy = useNavigation().state === "submitting";
  const day = wallClockOf(Date.parse(a.startsAt)).date;
  return (
    <article className="staff-section diary-appointment">
      <p className="staff-breadcrumb">
        <Link to={diaryHref(day, "dia", a.professionalId)}>← Agenda del día</Link>
      </p>
      <div className="staff-heading">
        <h1>
          {a.clientName} · {formatAppointmentTime(Date.parse(a.startsAt))}
        </h1>
        <p className={`diary-status diary-block--${a.status}`}>{appointmentStatusLabel(a.status)}</p>
      </div>
      {notice ? (
        <p className="form-alert form-alert--success" role="status">
          {notice}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="form-alert form-alert--error" role="alert">
          {actionData.error}
        </p>
      ) : null}

      <AppointmentFacts appointment={a} depositText={depositText} />
      {a.clientEmail ? (
        <p>
          <Link to={clientCardHref(a.clientEmail)}>Ficha de la clienta: visitas anteriores y notas</Link>
        </p>
      ) : null}

      <section aria-labelledby="acciones">
        <h2 id="acciones">Acciones</h2>
        {sale?.charged ? (
          <p>
            <Link className="staff-button staff-button--secondary" to={`/gestion/caja/venta/${sale.id}`}>
              Cobrada: ver la venta y el ticket
            </Link>
          </p>
        ) : canCharge ? (
          // The sale opens with the appointment's services, professional, client and deposit (app/counter).
          <Form method="post" action="/gestion/caja" className="staff-inline-form">
            <input type="hidden" name="intent" value="appointment" />
            <input type="hidden" name="cita" value={a.id} />
            <button type="submit" className="staff-button" disabled={busy}>
              {sale ? "Seguir cobrando" : "Cobrar"}
            </button>
          </Form>
        ) : null}
        {outcome ? (
          outcome.allowed ? (
            <div className="staff-inline-form diary-actions">
              <Form method="post">
                <input type="hidden" name="intent" value="attended" />
                <button type="submit" className="staff-button" disabled={busy || a.status === "attended"}>
                  Marcar como atendida
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="no_show" />
                <button
                  type="submit"
                  className="staff-button staff-button--secondary"
                  disabled={busy || a.status === "no_show"}
                >
                  Marcar «No se presentó»
                </button>
              </Form>
            </div>
          ) : (
            <p className="staff-hint">Podrás marcarla como atendida o «No se presentó» cuando llegue su hora.</p>
          )
        ) : null}
        {canMove && !move ? (
          <p>
            <Link className="staff-button staff-button--secondary" to="?mover=1">
              Cambiar día, hora o profesional
            </Link>
          </p>
        ) : null}
        {canCancel ? (
          <Form method="post" className="staff-inline-form">
            <input type="hidden" name="intent" value="cancel" />
            {a.deposit?.state === "paid" && a.status === "confirmed" ? (
              <label className="staff-check">
                <input type="checkbox" name="quedarSenal" value="1" />
                <span>
                  Quedarse con la señal de {formatEuros(a.deposit.cents)} (cancelación fuera de plazo). Si no lo marcas,
                  se le devuelve entera.
                </span>
              </label>
            ) : null}
            <button type="submit" className="staff-button staff-cat__button--danger" disabled={busy}>
              {a.clientEmail && a.status === "confirmed"
                ? "Cancelar la cita y avisar a la clienta"
                : "Cancelar la cita"}
            </button>
            <span className="staff-hint">El hueco queda libre al momento. No se puede deshacer.</span>
          </Form>
        ) : null}
        {!canCancel && !outcome ? <p className="staff-hint">Esta cita ya no admite cambios.</p> : null}
      </section>

      {move ? <MoveForm move={move} busy={busy} /> : null}
    </article>
  );
}
