import { Link } from "react-router";
import { bookingStepHref, STEP_ANCHOR, TIMES_ANCHOR, type BookingQuery } from "~/domain/booking-request.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { depositFor } from "~/domain/deposit.ts";
import { formatDayLabel, formatDayLong, formatTime } from "~/domain/salon-time.ts";
import type { BookingPageData } from "~/routes/reservar.server.ts";
import { formatDuration } from "~/domain/service-text.ts";
import { Rich, useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import { dayStateText, paymentSplit } from "~/bookings/booking-text.ts";

/**
 * A step's address in the page's language (/reservar or /ca/reserva), scrolled
 * to the step itself (or to another part of the page, e.g. the times).
 */
function useStepHref() {
  const base = useLocalHref()("/reservar");
  return (q: Partial<BookingQuery>, anchor: string = STEP_ANCHOR) => `${bookingStepHref(q, base)}#${anchor}`;
}

const STEPS = [
  { key: "services", label: "booking.steps.services" },
  { key: "professional", label: "booking.steps.professional" },
  { key: "time", label: "booking.steps.time" },
  { key: "details", label: "booking.steps.details" },
] as const;

/** Where the visitor is; earlier steps link back with what she chose. */
export function BookingSteps({ step, query }: { step: BookingPageData["step"]; query: BookingQuery }) {
  const t = useT();
  const stepHref = useStepHref();
  const current = STEPS.findIndex((s) => s.key === step);
  // "Servicio" starts again; "Profesional" keeps the services; "Día y hora" keeps the professional too.
  const hrefs = [stepHref({}), stepHref({ serviceIds: query.serviceIds }), stepHref({ ...query, time: null })];
  return (
    <nav aria-label={t("booking.steps.label")}>
      <ol className="booking-steps">
        {STEPS.map((s, i) => (
          <li key={s.key} className={i === current ? "is-current" : i < current ? "is-done" : undefined}>
            {i < current && hrefs[i] ? (
              <Link to={hrefs[i]!}>{t(s.label)}</Link>
            ) : (
              <span aria-current={i === current ? "step" : undefined}>{t(s.label)}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** What was chosen so far, with a way back to change it. */
export function ChosenSummary({ data }: { data: BookingPageData }) {
  const t = useT();
  const stepHref = useStepHref();
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
        {formatDuration(minutes)} · {paymentSplit(t, total, from, depositFor(data.chosen))}.{" "}
        <Link to={stepHref({})}>{t("booking.summary.changeServices")}</Link>
      </p>
      {showPro ? (
        <p>
          <Rich
            t={t}
            k="booking.summary.with"
            values={{ name: data.professionalName ?? t("booking.summary.anyone") }}
            tags={{ strong: (c) => <strong>{c}</strong> }}
          />{" "}
          <Link to={stepHref({ serviceIds: data.query.serviceIds })}>{t("booking.summary.change")}</Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The days shown, each a link to its times with its first free one; a day
 * without any says why (full, closed, a day off). Previous and next weeks.
 */
export function DayStrip({ data }: { data: BookingPageData }) {
  const t = useT();
  const locale = useLocale();
  const stepHref = useStepHref();
  const first = data.days[0]?.date ?? data.today;
  const anyone = data.query.professional === "any";
  const prev = addDays(first, -data.days.length);
  const next = addDays(first, data.days.length);
  return (
    <div className="booking__days">
      <h2 id="dias">{t("booking.days.heading")}</h2>
      <ul aria-labelledby="dias">
        {data.days.map((d) => (
          <li key={d.date}>
            {d.count > 0 ? (
              <Link
                to={stepHref({ ...data.query, from: first, day: d.date, time: null }, TIMES_ANCHOR)}
                aria-current={d.date === data.day ? "date" : undefined}
                className={d.date === data.day ? "is-selected" : undefined}
              >
                <span>{formatDayLabel(d.date, locale)}</span>
                <small>{dayStateText(t, "free", d.first, anyone)}</small>
              </Link>
            ) : (
              <span className="is-full">
                <span>{formatDayLabel(d.date, locale)}</span>
                <small>{dayStateText(t, d.state, null, anyone)}</small>
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="booking__week-nav">
        {first > data.today ? (
          <Link to={stepHref({ ...data.query, from: prev < data.today ? data.today : prev, day: null, time: null })}>
            {t("booking.days.previous")}
          </Link>
        ) : null}
        {next <= data.horizonEnd ? (
          <Link to={stepHref({ ...data.query, from: next, day: null, time: null })}>{t("booking.days.next")}</Link>
        ) : null}
      </p>
    </div>
  );
}

/** The free start times of the chosen day, each a link to the last step. */
export function TimeList({ data }: { data: BookingPageData }) {
  const t = useT();
  const locale = useLocale();
  const stepHref = useStepHref();
  if (!data.day) {
    return <p className="booking__hint">{t("booking.times.none")}</p>;
  }
  const morning = data.times.filter((time) => time.minutes < 14 * 60);
  const afternoon = data.times.filter((time) => time.minutes >= 14 * 60);
  const group = (label: string, times: typeof data.times) =>
    times.length > 0 ? (
      <div className="booking__times">
        <h3>{label}</h3>
        <ul>
          {times.map((time) => (
            <li key={time.at}>
              <Link to={stepHref({ ...data.query, day: data.day, time: time.minutes })}>
                {formatTime(time.minutes)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <section id={TIMES_ANCHOR} tabIndex={-1} className="booking__step" aria-labelledby="horas">
      <h2 id="horas">{t("booking.times.heading", { day: formatDayLong(data.day, locale) })}</h2>
      {data.times.length === 0 ? <p className="booking__hint">{t("booking.times.dayFull")}</p> : null}
      {group(t("booking.times.morning"), morning)}
      {group(t("booking.times.afternoon"), afternoon)}
    </section>
  );
}
