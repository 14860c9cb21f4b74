import { Link } from "react-router";
import { bookingStepHref, type BookingQuery } from "~/domain/booking-request.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { formatDayLong, formatTime } from "~/domain/salon-time.ts";
import type { BookingPageData } from "~/routes/reservar.server.ts";
import { formatDuration, formatServicePrice } from "~/domain/service-text.ts";

const STEPS = [
  { key: "services", label: "Servicio" },
  { key: "professional", label: "Profesional" },
  { key: "time", label: "Día y hora" },
  { key: "details", label: "Tus datos" },
] as const;

/** Where the visitor is; earlier steps link back with what she chose. */
export function BookingSteps({ step, query }: { step: BookingPageData["step"]; query: BookingQuery }) {
  const current = STEPS.findIndex((s) => s.key === step);
  // "Servicio" starts again; "Profesional" keeps the services; "Día y hora" keeps the professional too.
  const hrefs = [
    "/reservar",
    bookingStepHref({ serviceIds: query.serviceIds }),
    bookingStepHref({ ...query, time: null }),
  ];
  return (
    <nav aria-label="Pasos de la reserva">
      <ol className="booking-steps">
        {STEPS.map((s, i) => (
          <li key={s.key} className={i === current ? "is-current" : i < current ? "is-done" : undefined}>
            {i < current && hrefs[i] ? (
              <Link to={hrefs[i]!}>{s.label}</Link>
            ) : (
              <span aria-current={i === current ? "step" : undefined}>{s.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** What was chosen so far, with a way back to change it. */
export function ChosenSummary({ data }: { data: BookingPageData }) {
  const total = data.chosen.reduce((sum, s) => sum + s.priceCents, 0);
  const minutes = data.chosen.reduce((sum, s) => sum + s.durationMin, 0);
  const from = data.chosen.some((s) => s.priceFrom);
  const showPro = data.step === "time" || data.step === "details";
  return (
    <div className="booking__summary">
      <ul>
        {data.chosen.map((s) => (
          <li key={s.id}>
            {s.name} <small>({formatDuration(s.durationMin)})</small>
          </li>
        ))}
      </ul>
      <p>
        {formatDuration(minutes)} · {formatServicePrice(total, from)}, se paga en el salón.{" "}
        <Link to="/reservar">Cambiar servicios</Link>
      </p>
      {showPro ? (
        <p>
          Con <strong>{data.professionalName ?? "cualquier profesional"}</strong>.{" "}
          <Link to={bookingStepHref({ serviceIds: data.query.serviceIds })}>Cambiar</Link>
        </p>
      ) : null}
    </div>
  );
}

/** The days shown, each a link; a full day says so. Previous and next weeks. */
export function DayStrip({ data }: { data: BookingPageData }) {
  const first = data.days[0]?.date ?? data.today;
  const prev = addDays(first, -data.days.length);
  const next = addDays(first, data.days.length);
  return (
    <div className="booking__days">
      <h2 id="dias">Elige el día</h2>
      <ul aria-labelledby="dias">
        {data.days.map((d) => (
          <li key={d.date}>
            {d.count > 0 ? (
              <Link
                to={bookingStepHref({ ...data.query, from: first, day: d.date, time: null })}
                aria-current={d.date === data.day ? "date" : undefined}
                className={d.date === data.day ? "is-selected" : undefined}
              >
                <span>{formatDayLong(d.date)}</span>
                <small>{d.count === 1 ? "1 hora libre" : `${d.count} horas libres`}</small>
              </Link>
            ) : (
              <span className="is-full">
                <span>{formatDayLong(d.date)}</span>
                <small>Completo</small>
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="booking__week-nav">
        {first > data.today ? (
          <Link
            to={bookingStepHref({ ...data.query, from: prev < data.today ? data.today : prev, day: null, time: null })}
          >
            ← Días anteriores
          </Link>
        ) : null}
        {next <= data.horizonEnd ? (
          <Link to={bookingStepHref({ ...data.query, from: next, day: null, time: null })}>Días siguientes →</Link>
        ) : null}
      </p>
    </div>
  );
}

/** The free start times of the chosen day, each a link to the last step. */
export function TimeList({ data }: { data: BookingPageData }) {
  if (!data.day) {
    return <p className="booking__hint">No quedan horas libres estos días. Mira los días siguientes o llámanos.</p>;
  }
  const morning = data.times.filter((t) => t.minutes < 14 * 60);
  const afternoon = data.times.filter((t) => t.minutes >= 14 * 60);
  const group = (label: string, times: typeof data.times) =>
    times.length > 0 ? (
      <div className="booking__times">
        <h3>{label}</h3>
        <ul>
          {times.map((t) => (
            <li key={t.at}>
              <Link to={bookingStepHref({ ...data.query, day: data.day, time: t.minutes })}>
                {formatTime(t.minutes)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <section aria-labelledby="horas">
      <h2 id="horas">Horas libres el {formatDayLong(data.day)}</h2>
      {data.times.length === 0 ? <p className="booking__hint">Este día ya está completo.</p> : null}
      {group("Mañana", morning)}
      {group("Tarde", afternoon)}
    </section>
  );
}
