import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { BookingSteps, ChosenSummary, DayStrip, TimeList } from "~/components/bookings/booking-steps.tsx";
import { ServicePicker } from "~/components/bookings/service-picker.tsx";
import { FieldError, TextAreaField } from "~/components/auth/field.tsx";
import { ClientDetailsFields } from "~/components/forms/client-details-fields.tsx";
import { site } from "~/content/site.ts";
import { bookingStepHref, STEP_ANCHOR } from "~/domain/booking-request.ts";
import { depositFor } from "~/domain/deposit.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatAppointmentLabel } from "~/domain/salon-time.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { Rich, useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/reservar";
import { bookingAction, bookingPageLoader } from "./reservar.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("booking.meta.title"),
    description: t("booking.meta.description", { salon: site.name }),
    path: "/reservar",
    origin: rootOrigin(matches),
    locale,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await bookingPageLoader(request, context);
  return { ...page, messages: messagesFor(localeOfRequest(request), ["booking"]) };
}

export function action({ request, context }: Route.ActionArgs) {
  return bookingAction(request, context);
}

/** Bookings are made on the owner's external page: every step says so and leads there. */
function ExternalBooking({ href }: { href: string }) {
  const t = useT();
  const localHref = useLocalHref();
  return (
    <section className="container section booking">
      <h1>{t("booking.title")}</h1>
      <p className="booking__notice" role="status">
        {t("booking.external.notice")}
      </p>
      <p>
        <a className="btn" href={href}>
          {t("booking.external.go")}
        </a>
      </p>
      <p className="booking__hint">
        <Rich
          t={t}
          k="booking.external.hint"
          values={{ phone: site.phone.display }}
          tags={{
            link: (c) => <Link to={localHref("/perfil/citas")}>{c}</Link>,
            phone: (c) => <a href={site.phone.href}>{c}</a>,
          }}
        />
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
  const t = useT();
  const locale = useLocale();
  const localHref = useLocalHref();
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
      <h1>{t("booking.title")}</h1>
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
          <Form method="get" action={`${localHref("/reservar")}#${STEP_ANCHOR}`} className="booking__form">
            {d.query.serviceIds.map((id) => (
              <input key={id} type="hidden" name="servicio" value={id} />
            ))}
            <fieldset className="booking__choices">
              <legend>{t("booking.professional.legend")}</legend>
              <label className="booking__choice">
                <input type="radio" name="profesional" value="any" defaultChecked />
                <strong>{t("booking.professional.any")}</strong>
                <small>{t("booking.professional.anyHint")}</small>
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
              {t("booking.professional.submit")}
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
            <h2>{t("booking.details.heading")}</h2>
            <p className="booking__when">
              <strong>{formatAppointmentLabel(d.at, locale)}</strong>{" "}
              <Link to={`${bookingStepHref({ ...d.query, time: null }, localHref("/reservar"))}#${STEP_ANCHOR}`}>
                {t("booking.details.changeTime")}
              </Link>
            </p>
            {d.user ? (
              <p>
                <Rich
                  t={t}
                  k="booking.details.bookingAs"
                  values={{ name: d.user.name, email: d.user.email }}
                  tags={{ strong: (c) => <strong>{c}</strong> }}
                />
              </p>
            ) : null}
            <ClientDetailsFields
              bookedBy="client"
              withNameAndEmail={!d.user}
              withPhone={!d.user?.phone}
              values={values}
              errors={errors}
              labels={{
                name: t("booking.details.name"),
                email: t("booking.details.email"),
                phone: t("booking.details.mobile"),
              }}
            />
            <TextAreaField
              name="comentario"
              label={t("booking.details.comment")}
              optional={t("booking.details.optional")}
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
                    <Rich
                      t={t}
                      k="booking.details.consent"
                      values={{ salon: site.name }}
                      tags={{ link: (c) => <Link to={localHref("/privacy")}>{c}</Link> }}
                    />
                  </span>
                </label>
                {errors.consent ? <FieldError id="f-acepto-error">{errors.consent}</FieldError> : null}
              </>
            ) : null}
            <p id="booking-hold" className="booking__hint">
              {deposit > 0
                ? t("booking.details.depositNotice", { amount: formatEuros(deposit), hours: d.cancelHours })
                : confirmedAtOnce
                  ? t("booking.details.confirmedAtOnce", { hours: d.cancelHours })
                  : d.user
                    ? t("booking.details.unverified")
                    : t("booking.details.guest")}
            </p>
            <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
              {busy
                ? t("booking.details.submitting")
                : deposit > 0
                  ? t("booking.details.payDeposit", { amount: formatEuros(deposit) })
                  : confirmedAtOnce
                    ? t("booking.details.confirm")
                    : t("booking.details.book")}
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
