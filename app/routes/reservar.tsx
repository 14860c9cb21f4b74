import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { BookingSteps, ChosenSummary, DayStrip, TimeList } from "~/components/bookings/booking-steps.tsx";
import { ServicePicker } from "~/components/bookings/service-picker.tsx";
import { FieldError, TextAreaField } from "~/components/auth/field.tsx";
import { ClientDetailsFields } from "~/components/forms/client-details-fields.tsx";
import { site } from "~/content/site.ts";
import { bookingStepHref, STEP_ANCHOR } from "~/domain/booking-request.ts";
import { EXTERNAL_BOOKING_NOTICE } from "~/domain/booking-settings-form.ts";
import { depositFor, depositNotice } from "~/domain/deposit.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatAppointmentLabel } from "~/domain/salon-time.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/reservar";
import { bookingAction, bookingPageLoader } from "./reservar.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reserva tu cita",
    description: `Reserva tu cita en ${site.name} (Molins de Rei): elige servicio, profesional, día y hora, sin llamadas y al momento.`,
    path: "/reservar",
    origin: rootOrigin(matches),
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return bookingPageLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return bookingAction(request, context);
}

/** Bookings are made on the owner's external page: every step says so and leads there. */
function ExternalBooking({ href }: { href: string }) {
  return (
    <section className="container section booking">
      <h1>Reserva tu cita</h1>
      <p className="booking__notice" role="status">
        {EXTERNAL_BOOKING_NOTICE}
      </p>
      <p>
        <a className="btn" href={href}>
          Ir a la página de reservas
        </a>
      </p>
      <p className="booking__hint">
        ¿Ya tienes una cita? Puedes verla, cambiarla o anularla desde el enlace de su correo o en{" "}
        <Link to="/perfil/citas">Mis citas</Link>. También puedes llamarnos al{" "}
        <a href={site.phone.href}>{site.phone.display}</a>.
      </p>
    </section>
  );
}

/**
 * Each step's address ends in #paso (or #horas): without JavaScript the browser
 * scrolls there, with it <ScrollRestoration> does. After a step in the browser
 * (not on the first load), focus follows, so a screen reader starts at the
 * choice to make next rather than at the top of the page.
 */
function useFocusStep() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    target?.focus({ preventScroll: true });
  }, [location.key, location.hash]);
}

export default function Reservar({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  useFocusStep();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const deposit = depositFor(d.chosen);
  if (d.external) return <ExternalBooking href={d.external} />;
  const confirmedAtOnce = !!d.user?.verified;
  return (
    <section className="container section booking">
      <h1>Reserva tu cita</h1>
      <BookingSteps step={d.step} query={d.query} />
      {d.notice ? (
        <p className="booking__notice" role="status">
          {d.notice}
        </p>
      ) : null}
      {actionData?.form ? (
        <p className="booking__notice booking__notice--error" role="alert">
          {actionData.form}
          {actionData.manage ? (
            <>
              {" "}
              <Link to={actionData.manage.href}>{actionData.manage.label}</Link>
            </>
          ) : null}
        </p>
      ) : null}

      {d.step !== "services" ? <ChosenSummary data={d} /> : null}

      <div id={STEP_ANCHOR} tabIndex={-1} className="booking__step">
        {d.step === "services" ? <ServicePicker menu={d.menu} selected={d.query.serviceIds} /> : null}

        {d.step === "professional" ? (
          <Form method="get" action={`/reservar#${STEP_ANCHOR}`} className="booking__form">
            {d.query.serviceIds.map((id) => (
              <input key={id} type="hidden" name="servicio" value={id} />
            ))}
            <fieldset className="booking__choices">
              <legend>¿Con quién?</legend>
              <label className="booking__choice">
                <input type="radio" name="profesional" value="any" defaultChecked />
                <strong>Cualquier profesional</strong>
                <small>Te damos la primera hora libre de todo el equipo</small>
              </label>
              {d.professionals.map((p) => (
                <label key={p.id} className="booking__choice">
                  <input type="radio" name="profesional" value={p.id} />
                  <strong>{p.name}</strong>
                  {p.title ? <small>{p.title}</small> : null}
                </label>
              ))}
            </fieldset>
            <button type="submit" className="btn">
              Ver horas libres
            </button>
          </Form>
        ) : null}

        {d.step === "time" ? (
          <>
            <DayStrip data={d} />
            <TimeList data={d} />
          </>
        ) : null}

        {d.step === "details" && d.at != null ? (
          <Form method="post" className="booking__form booking__details" aria-describedby="booking-hold">
            <h2>Tus datos</h2>
            <p className="booking__when">
              <strong>{formatAppointmentLabel(d.at)}</strong>{" "}
              <Link to={`${bookingStepHref({ ...d.query, time: null })}#${STEP_ANCHOR}`}>Cambiar hora</Link>
            </p>
            {d.user ? (
              <p>
                Reservas como <strong>{d.user.name}</strong> ({d.user.email}).
              </p>
            ) : null}
            <ClientDetailsFields
              bookedBy="client"
              withNameAndEmail={!d.user}
              withPhone={!d.user?.phone}
              values={values}
              errors={errors}
            />
            <TextAreaField
              name="comentario"
              label="Comentario"
              optional
              rows={3}
              maxLength={500}
              defaultValue={values.comentario}
              error={errors.comment}
            />
            {!d.user ? (
              <>
                <label className="booking__consent">
                  <input
                    type="checkbox"
                    name="acepto"
                    required
                    aria-invalid={!!errors.consent}
                    aria-describedby={errors.consent ? "f-acepto-error" : undefined}
                  />
                  <span>
                    Acepto que {site.name} use mis datos para gestionar la cita (
                    <Link to="/privacy">política de privacidad</Link>).
                  </span>
                </label>
                {errors.consent ? <FieldError id="f-acepto-error">{errors.consent}</FieldError> : null}
              </>
            ) : null}
            <p id="booking-hold" className="booking__hint">
              {deposit > 0
                ? `${depositNotice(deposit, d.cancelHours)} La hora queda reservada para ti mientras pagas.`
                : confirmedAtOnce
                  ? `Tu cita queda confirmada al momento. Puedes cambiarla o anularla hasta ${d.cancelHours} h antes en Mis citas.`
                  : d.user
                    ? "Como aún no has verificado tu correo, te enviaremos uno para confirmar la cita: la hora queda reservada para ti mientras tanto."
                    : "Te enviaremos un correo para confirmar la cita: la hora queda reservada para ti mientras tanto."}
            </p>
            <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
              {busy
                ? "Reservando…"
                : deposit > 0
                  ? `Reservar y pagar la señal (${formatEuros(deposit)})`
                  : confirmedAtOnce
                    ? "Confirmar reserva"
                    : "Reservar"}
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
