import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { ManageActionData, ManagePageData } from "~/bookings/manage-page.server.ts";
import { depositTowardPrice } from "~/domain/deposit.ts";
import { site } from "~/content/site.ts";
import { serviceNames, whenInWords } from "~/domain/appointment-text.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatAppointmentLabel, formatDayLabel, formatTime } from "~/domain/salon-time.ts";
import { formatDuration } from "~/domain/service-text.ts";
import { Rich, useLocale, useT } from "~/i18n/react.tsx";
import { depositStateLine, paymentSplit, statusText } from "~/bookings/booking-text.ts";

/** Where the outcome of a change is shown (top of the page) and the question before a cancellation. */
const RESULT_ID = "resultado";
const CANCEL_ID = "anular";

/** The statuses in Spanish, for Mis citas (its page is not bilingual yet); this page words them with statusText. */
export const APPOINTMENT_STATUS_LABELS: Record<string, string> = {
  held: "Pendiente de confirmar",
  confirmed: "Confirmada",
  cancelled: "Anulada",
  expired: "Caducada sin confirmar",
  attended: "Realizada",
  no_show: "No asististe",
};

/**
 * The appointment's facts: services, professional, time, price. The services'
 * names are the menu's, as written in Gestión (Spanish for now).
 */
export function AppointmentFacts({ appointment }: { appointment: ManagePageData["appointment"] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <dl className="appointment__facts">
      <dt>{t("booking.facts.when")}</dt>
      <dd>{formatAppointmentLabel(Date.parse(appointment.startsAt), locale)}</dd>
      <dt>{t("booking.facts.services")}</dt>
      <dd>
        <ul>
          {appointment.services.map((s) => (
            <li key={s.serviceId}>
              {s.name} <small>({formatDuration(s.durationMin)})</small>
            </li>
          ))}
        </ul>
      </dd>
      <dt>{t("booking.facts.with")}</dt>
      <dd>{appointment.professionalName}</dd>
      <dt>{t("booking.facts.price")}</dt>
      <dd>{paymentSplit(t, appointment.priceCents, appointment.priceFrom, depositTowardPrice(appointment.deposit))}</dd>
      {appointment.deposit ? (
        <>
          <dt>{t("booking.facts.deposit")}</dt>
          <dd>{depositStateLine(t, appointment.deposit)}</dd>
        </>
      ) : null}
      <dt>{t("booking.facts.where")}</dt>
      <dd>
        {site.address.full} ·{" "}
        <a href={site.maps.directions} target="_blank" rel="noopener noreferrer">
          {t("booking.facts.directions")}
          <span className="visually-hidden"> {t("common.a11y.newTab")}</span>
        </a>
      </dd>
      <dt>{t("booking.facts.status")}</dt>
      <dd>{statusText(t, appointment.status)}</dd>
    </dl>
  );
}

/** "¿Anular esta cita?": what is cancelled and what happens to the señal, then the one confirming post. */
function CancelQuestion({ data, base, busy }: { data: ManagePageData; base: string; busy: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { appointment } = data;
  const paid = appointment.deposit?.state === "paid" ? appointment.deposit.cents : 0;
  return (
    <section id={CANCEL_ID} tabIndex={-1} className="appointment__confirm" aria-labelledby="anular-titulo">
      <h2 id="anular-titulo">{t("booking.manage.cancelQuestion")}</h2>
      <p>
        <Rich
          t={t}
          k="booking.manage.cancelText"
          values={{
            when: whenInWords(appointment.startsAt, locale),
            services: serviceNames(appointment, locale),
            professional: appointment.professionalName,
          }}
          tags={{ strong: (c) => <strong>{c}</strong> }}
        />
        {paid > 0 ? ` ${t("booking.manage.cancelRefund", { amount: formatEuros(paid) })}` : ""}{" "}
        {t("booking.manage.cancelAgain")}
      </p>
      <div className="appointment__actions">
        <Form method="post" action={`${base}#${RESULT_ID}`}>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="confirmar" value="1" />
          <button type="submit" className="btn btn--danger" disabled={busy} aria-busy={busy}>
            {busy ? t("booking.manage.cancelling") : t("booking.manage.cancelYes")}
          </button>
        </Form>
        <Link className="btn btn--outline" to={base}>
          {t("booking.manage.keep")}
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
  const t = useT();
  const locale = useLocale();
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
              {t("booking.manage.addToCalendar")}
            </a>
          ) : null}
          <a
            className="btn btn--whatsapp"
            href={site.whatsapp.link(
              t("booking.manage.whatsappMessage", {
                salon: site.name,
                services: serviceNames(appointment, locale),
                when: whenInWords(appointment.startsAt, locale),
                professional: appointment.professionalName,
              }),
            )}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("booking.manage.whatsapp")}
            <span className="visually-hidden"> {t("common.a11y.newTab")}</span>
          </a>
        </p>
      ) : null}
      {live && !mayChange ? (
        <p className="booking__hint">
          <Rich
            t={t}
            k="booking.manage.tooLate"
            values={{ hours: data.cancelHours, phone: site.phone.display }}
            tags={{ phone: (c) => <a href={site.phone.href}>{c}</a> }}
          />
        </p>
      ) : null}
      {mayChange && !asking ? (
        <div className="appointment__actions">
          <p className="booking__hint">{t("booking.manage.window", { hours: data.cancelHours })}</p>
          {!move ? (
            <Link className="btn" to={`${base}?cambiar=1`}>
              {t("booking.manage.move")}
            </Link>
          ) : null}
          {/* A GET: the question comes first, with or without JavaScript. */}
          <Form method="get" action={`${base}#${CANCEL_ID}`}>
            <input type="hidden" name="anular" value="1" />
            <button type="submit" className="btn btn--danger">
              {t("booking.manage.cancel")}
            </button>
          </Form>
        </div>
      ) : null}
      {move ? (
        <section className="appointment__move" aria-labelledby="mover">
          <h2 id="mover">{t("booking.manage.moveHeading")}</h2>
          {move.days.every((d) => d.starts.length === 0) ? <p>{t("booking.manage.noTimes")}</p> : null}
          {move.days
            .filter((d) => d.starts.length > 0)
            .map((d) => (
              <Form method="post" key={d.date} className="booking__times">
                <input type="hidden" name="intent" value="move" />
                <h3>{formatDayLabel(d.date, locale)}</h3>
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
                {t("booking.days.previous")}
              </Link>
            ) : null}
            {addDays(move.from, 7) <= move.horizonEnd ? (
              <Link to={`${base}?cambiar=1&desde=${addDays(move.from, 7)}`}>{t("booking.days.next")}</Link>
            ) : null}
          </p>
        </section>
      ) : null}
    </div>
  );
}
