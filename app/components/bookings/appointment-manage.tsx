import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { ManageActionData, ManagePageData } from "~/bookings/manage-page.server.ts";
import { depositStateText, depositTowardPrice, paymentSplitText } from "~/domain/deposit.ts";
import { site } from "~/content/site.ts";
import { serviceNames, whatsappLinkFor, whenInWords } from "~/domain/appointment-text.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatAppointmentLabel, formatDayLabel, formatTime } from "~/domain/salon-time.ts";
import { formatDuration } from "~/domain/service-text.ts";

/** Where the outcome of a change is shown (top of the page) and the question before a cancellation. */
const RESULT_ID = "resultado";
const CANCEL_ID = "anular";

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
      <dd>{formatAppointmentLabel(Date.parse(appointment.startsAt))}</dd>
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
      <dd>
        {paymentSplitText(appointment.priceCents, appointment.priceFrom, depositTowardPrice(appointment.deposit))}
      </dd>
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

/** "¿Anular esta cita?": what is cancelled and what happens to the señal, then the one confirming post. */
function CancelQuestion({ data, base, busy }: { data: ManagePageData; base: string; busy: boolean }) {
  const { appointment } = data;
  const paid = appointment.deposit?.state === "paid" ? appointment.deposit.cents : 0;
  return (
    <section id={CANCEL_ID} tabIndex={-1} className="appointment__confirm" aria-labelledby="anular-titulo">
      <h2 id="anular-titulo">¿Anular esta cita?</h2>
      <p>
        Vas a anular tu cita del <strong>{whenInWords(appointment.startsAt)}</strong> ({serviceNames(appointment)}) con{" "}
        {appointment.professionalName}.
        {paid > 0 ? ` Te devolveremos la señal de ${formatEuros(paid)} con el mismo método de pago.` : ""} Si luego
        quieres volver, tendrás que reservar de nuevo.
      </p>
      <div className="appointment__actions">
        <Form method="post" action={`${base}#${RESULT_ID}`}>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="confirmar" value="1" />
          <button type="submit" className="btn btn--danger" disabled={busy} aria-busy={busy}>
            {busy ? "Anulando…" : "Sí, anular la cita"}
          </button>
        </Form>
        <Link className="btn btn--outline" to={base}>
          No, mantenerla
        </Link>
      </div>
    </section>
  );
}

/** The outcome of a change, at the top: announced, and focused (so scrolled to) once it arrives in the browser. */
function ResultNotice({ result }: { result: ManageActionData }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [result]);
  return (
    <p
      ref={ref}
      id={RESULT_ID}
      tabIndex={-1}
      className={result.ok ? "booking__notice" : "booking__notice booking__notice--error"}
      role={result.ok ? "status" : "alert"}
    >
      {result.message}
    </p>
  );
}

/**
 * The client's page of one appointment: facts, then cancel and move while the
 * window is open. `base` is this page's own path (the token link or Mis citas).
 * "Anular la cita" asks first (?anular=1, without JavaScript too); the result
 * of a change is shown at the top of the page.
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
  const asking = mayChange && (data.confirmCancel || !!actionData?.confirmCancel);
  return (
    <div className="appointment">
      {actionData && !actionData.confirmCancel ? <ResultNotice result={actionData} /> : null}
      {asking ? <CancelQuestion data={data} base={base} busy={busy} /> : null}
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
      {mayChange && !asking ? (
        <div className="appointment__actions">
          <p className="booking__hint">Puedes cambiarla o anularla hasta {data.cancelHours} horas antes.</p>
          {!move ? (
            <Link className="btn" to={`${base}?cambiar=1`}>
              Cambiar día u hora
            </Link>
          ) : null}
          {/* A GET: the question comes first, with or without JavaScript. */}
          <Form method="get" action={`${base}#${CANCEL_ID}`}>
            <input type="hidden" name="anular" value="1" />
            <button type="submit" className="btn btn--danger">
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
                <h3>{formatDayLabel(d.date)}</h3>
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
