import { depositStateText } from "~/domain/deposit.ts";
import { Form, Link, useNavigation } from "react-router";
import type { ManageActionData, ManagePageData } from "~/bookings/manage-page.server.ts";
import { site } from "~/content/site.ts";
import { whatsappLinkFor } from "~/domain/appointment-text.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { formatAppointmentTime, formatDayLong, formatTime } from "~/domain/salon-time.ts";
import { formatDuration, formatServicePrice } from "~/domain/service-text.ts";

export const APPOINTMENT_STATUS_LABELS: Record<string, string> = {
  held: "Pendiente de confirmar",
  confirmed: "Confirmada",
  cancelled: "Anulada",
  expired: "Caducada sin confirmar",
  attended: "Realizada",
  no_show: "No asististe",
};

/** The appointment's facts: services, professional, time, price. */
export function AppointmentFacts({ appointment }: { appointment: ManagePageData["appointment"] }) {
  return (
    <dl className="appointment__facts">
      <dt>Cuándo</dt>
      <dd>{formatAppointmentTime(Date.parse(appointment.startsAt))}</dd>
      <dt>Servicios</dt>
      <dd>
        <ul>
          {appointment.services.map((s) => (
            <li key={s.serviceId}>
              {s.name} <small>({formatDuration(s.durationMin)})</small>
            </li>
          ))}
        </ul>
      </dd>
      <dt>Con</dt>
      <dd>{appointment.professionalName}</dd>
      <dt>Precio</dt>
      <dd>{formatServicePrice(appointment.priceCents, appointment.priceFrom)}, se paga en el salón</dd>
      {appointment.deposit ? (
        <>
          <dt>Señal</dt>
          <dd>{depositStateText(appointment.deposit)}</dd>
        </>
      ) : null}
      <dt>Dónde</dt>
      <dd>
        {site.address.full} ·{" "}
        <a href={site.maps.directions} target="_blank" rel="noopener noreferrer">
          Cómo llegar<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
      </dd>
      <dt>Estado</dt>
      <dd>{APPOINTMENT_STATUS_LABELS[appointment.status] ?? appointment.status}</dd>
    </dl>
  );
}

/**
 * The client's page of one appointment: facts, then cancel and move while the
 * window is open. `base` is this page's own path (the token link or Mis citas).
 */
export function AppointmentManage({
  data,
  actionData,
  base,
  calendarHref,
}: {
  data: ManagePageData;
  actionData?: ManageActionData;
  base: string;
  calendarHref?: string;
}) {
  const { appointment, mayChange, move } = data;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const live = appointment.status === "confirmed";
  return (
    <div className="appointment">
      {actionData ? (
        <p
          className={actionData.ok ? "booking__notice" : "booking__notice booking__notice--error"}
          role={actionData.ok ? "status" : "alert"}
        >
          {actionData.message}
        </p>
      ) : null}
      <AppointmentFacts appointment={appointment} />
      {live ? (
        <p className="appointment__links">
          {calendarHref ? (
            <a className="btn btn--outline" href={calendarHref} download>
              Añadir a mi calendario
            </a>
          ) : null}
          <a
            className="btn btn--whatsapp"
            href={whatsappLinkFor(appointment)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Escribir por WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
      ) : null}
      {live && !mayChange ? (
        <p className="booking__hint">
          Faltan menos de {data.cancelHours} horas: para cambiarla o anularla, llámanos al{" "}
          <a href={site.phone.href}>{site.phone.display}</a> o escríbenos por WhatsApp.
        </p>
      ) : null}
      {mayChange ? (
        <div className="appointment__actions">
          <p className="booking__hint">Puedes cambiarla o anularla hasta {data.cancelHours} horas antes.</p>
          {!move ? (
            <Link className="btn" to={`${base}?cambiar=1`}>
              Cambiar día u hora
            </Link>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="btn btn--danger" disabled={busy}>
              Anular la cita
            </button>
          </Form>
        </div>
      ) : null}
      {move ? (
        <section className="appointment__move" aria-labelledby="mover">
          <h2 id="mover">Elige la nueva hora</h2>
          {move.days.every((d) => d.starts.length === 0) ? <p>No hay horas libres estos días.</p> : null}
          {move.days
            .filter((d) => d.starts.length > 0)
            .map((d) => (
              <Form method="post" key={d.date} className="booking__times">
                <input type="hidden" name="intent" value="move" />
                <h3>{formatDayLong(d.date)}</h3>
                <ul>
                  {d.starts.map((s) => (
                    <li key={s.at}>
                      <button type="submit" name="at" value={s.at} disabled={busy}>
                        {formatTime(s.minutes)}
                      </button>
                    </li>
                  ))}
                </ul>
              </Form>
            ))}
          <p className="booking__week-nav">
            {move.from > move.today ? (
              <Link
                to={`${base}?cambiar=1&desde=${addDays(move.from, -7) < move.today ? move.today : addDays(move.from, -7)}`}
              >
                ← Días anteriores
              </Link>
            ) : null}
            {addDays(move.from, 7) <= move.horizonEnd ? (
              <Link to={`${base}?cambiar=1&desde=${addDays(move.from, 7)}`}>Días siguientes →</Link>
            ) : null}
          </p>
        </section>
      ) : null}
    </div>
  );
}
