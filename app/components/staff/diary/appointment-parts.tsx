import { Form } from "react-router";
import type { Appointment } from "~/bookings/queries.server.ts";
import { formatDateTime } from "~/components/staff/format.ts";
import { formatDayLabel, formatDayLong, formatTime, wallClockOf } from "~/domain/salon-time.ts";
import { formatDuration, formatServicePrice } from "~/domain/service-text.ts";
import { FilterInput, ProfessionalFilter } from "../filter-fields.tsx";
import { appointmentSourceLabel } from "./labels.ts";

/** Client, time, services with durations and prices, the señal (`depositText`), the client's comment and the history. */
export function AppointmentFacts({ appointment: a, depositText }: { appointment: Appointment; depositText: string | null }) {
  const start = wallClockOf(Date.parse(a.startsAt));
  const end = wallClockOf(Date.parse(a.endsAt));
  const total = a.services.reduce((sum, s) => sum + s.durationMin, 0);
  return (
    <>
      <div className="staff-columns">
        <section aria-labelledby="cita-clienta">
          <h2 id="cita-clienta">Clienta</h2>
          <dl className="staff-facts">
            <dt>Nombre</dt>
            <dd>{a.clientName}</dd>
            <dt>Teléfono</dt>
            <dd>
              {a.clientPhone ? <a href={`tel:${a.clientPhone.replace(/[^\d+]/gu, "")}`}>{a.clientPhone}</a> : "—"}
            </dd>
            <dt>Email</dt>
            <dd>{a.clientEmail ? <a href={`mailto:${a.clientEmail}`}>{a.clientEmail}</a> : "Sin email"}</dd>
            <dt>Comentario</dt>
            <dd>{a.comment || "—"}</dd>
          </dl>
        </section>
        <section aria-labelledby="cita-cuando">
          <h2 id="cita-cuando">Cita</h2>
          <dl className="staff-facts">
            <dt>Día</dt>
            <dd>{formatDayLabel(start.date)}</dd>
            <dt>Hora</dt>
            <dd>
              {formatTime(start.minutes)}–{formatTime(end.minutes)} ({formatDuration(total)})
            </dd>
            <dt>Profesional</dt>
            <dd>{a.professionalName}</dd>
            <dt>Precio</dt>
            <dd>{formatServicePrice(a.priceCents, a.priceFrom)}</dd>
            {depositText ? (
              <>
                <dt>Señal</dt>
                <dd>{depositText}</dd>
              </>
            ) : null}
            <dt>Origen</dt>
            <dd>{appointmentSourceLabel(a.source)}</dd>
          </dl>
        </section>
      </div>
      <section aria-labelledby="cita-servicios">
        <h2 id="cita-servicios">Servicios</h2>
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">Servicio</th>
              <th scope="col">Duración</th>
              <th scope="col" className="staff-table__num">
                Precio
              </th>
            </tr>
          </thead>
          <tbody>
            {a.services.map((s) => (
              <tr key={s.serviceId}>
                <td>{s.name}</td>
                <td>
                  {formatDuration(s.durationMin)}
                  {s.bufferMin ? ` (+${s.bufferMin} min de limpieza)` : ""}
                </td>
                <td className="staff-table__num">{formatServicePrice(s.priceCents, s.priceFrom)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="cita-historial">
        <h2 id="cita-historial">Historial</h2>
        <ul className="staff-timeline">
          <li>Creada: {formatDateTime(a.createdAt)}</li>
          {a.holdExpiresAt && a.status === "held" ? (
            <li>Pendiente de confirmar hasta: {formatDateTime(a.holdExpiresAt)}</li>
          ) : null}
          {a.confirmedAt ? <li>Confirmada: {formatDateTime(a.confirmedAt)}</li> : null}
          {a.cancelledAt ? (
            <li>
              Cancelada: {formatDateTime(a.cancelledAt)}
              {a.cancelledBy === "client" ? " (por la clienta)" : a.cancelledBy === "staff" ? " (por el salón)" : ""}
            </li>
          ) : null}
        </ul>
      </section>
    </>
  );
}

interface MoveChoice {
  day: string;
  professionalId: string;
  professionals: { id: string; name: string }[];
  starts: { minutes: number; at: number }[];
  error: string | null;
}

/** Step 1 (GET): day and professional; step 2: each free time is a button that moves the appointment. */
export function MoveForm({ move, busy }: { move: MoveChoice; busy: boolean }) {
  return (
    <section aria-labelledby="mover">
      <h2 id="mover">Cambiar la cita</h2>
      <Form method="get" className="staff-filters" aria-label="Buscar horas libres">
        <input type="hidden" name="mover" value="1" />
        <FilterInput id="mover-dia" label="Día" name="dia" type="date" defaultValue={move.day} required />
        <ProfessionalFilter id="mover-profesional" professionals={move.professionals} selected={move.professionalId} />
        <div className="staff-filters__actions">
          <button type="submit" className="staff-button staff-button--secondary">
            Ver horas libres
          </button>
        </div>
      </Form>
      {move.error ? (
        <p className="form-alert form-alert--error" role="alert">
          {move.error}
        </p>
      ) : move.starts.length === 0 ? (
        <p className="staff-hint">No hay horas libres ese día con esa profesional. Prueba otro día.</p>
      ) : (
        <>
          <h3 id="mover-horas">Horas libres el {formatDayLong(move.day)}</h3>
          <ul className="diary-times" aria-labelledby="mover-horas">
            {move.starts.map((s) => (
              <li key={s.at}>
                <Form method="post">
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="at" value={String(s.at)} />
                  <input type="hidden" name="profesional" value={move.professionalId} />
                  <button type="submit" className="staff-button staff-button--secondary" disabled={busy}>
                    <span className="visually-hidden">Cambiar a las </span>
                    {formatTime(s.minutes)}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
