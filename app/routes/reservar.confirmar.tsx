import { data, Form, redirect } from "react-router";
import { confirmHeld } from "~/bookings/appointments.server.ts";
import { createAppointmentLink, findAppointmentIdByToken } from "~/bookings/appointment-links.server.ts";
import { externalBookingUrl } from "~/bookings/booking-settings.server.ts";
import { getAppointment, withoutClientData } from "~/bookings/queries.server.ts";
import { AppointmentFacts } from "~/components/bookings/appointment-manage.tsx";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { getServices } from "~/context.server.ts";
import { site } from "~/content/site.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest, type Locale } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { localHref } from "~/i18n/paths.ts";
import { useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/reservar.confirmar";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("booking.confirm.meta.title"),
    description: t("booking.confirm.meta.description", { salon: site.name }),
    path: "/reservar",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

async function appointmentFor(context: Route.LoaderArgs["context"], token: string, locale: Locale) {
  const { db } = getServices(context);
  const id = await findAppointmentIdByToken(db, token, "confirm");
  return id ? getAppointment(db, id, { namesIn: locale }) : null;
}

/**
 * The emailed link opens this page; confirming is a button (a POST), so a mail scanner that follows links confirms nothing.
 * While bookings are made on the owner's external page, a hold is not confirmed here: the page points there.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const found = await appointmentFor(context, params.token, locale);
  if (!found) throw data(serverTranslator(locale)("booking.confirm.gone"), { status: 404 });
  return {
    appointment: withoutClientData(found),
    external: await externalBookingUrl(getServices(context).db),
    messages: messagesFor(locale, ["booking"]),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  if (await externalBookingUrl(db)) return data({ message: t("booking.external.notice") }, 409);
  const id = await findAppointmentIdByToken(db, params.token, "confirm");
  if (!id) throw data(t("booking.confirm.gone"), { status: 404 });
  const now = new Date();
  const result = await confirmHeld(db, id, now);
  if (!result.ok) {
    const message =
      result.reason === "taken"
        ? t("booking.confirm.taken")
        : result.reason === "past"
          ? t("booking.confirm.past")
          : result.reason === "limit"
            ? t("booking.confirm.limit")
            : t("booking.confirm.cancelled");
    return data({ message }, 409);
  }
  const manage = await createAppointmentLink(db, id, "manage", now);
  // Her appointment's page in the language she confirmed in.
  throw redirect(localHref(locale, `/cita/${manage}?confirmada=1`));
}

export default function ConfirmarCita({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment, external } = loaderData;
  const t = useT();
  return (
    <section className="container section booking">
      <h1>{t("booking.confirm.title")}</h1>
      {actionData ? (
        <p className="booking__notice booking__notice--error" role="alert">
          {actionData.message} <BookingLink>{t("booking.confirm.bookAnother")}</BookingLink>
        </p>
      ) : external ? (
        <p className="booking__notice" role="status">
          {t("booking.external.notice")} <BookingLink>{t("booking.external.go")}</BookingLink>
        </p>
      ) : null}
      <AppointmentFacts appointment={appointment} />
      {!external && (appointment.status === "held" || appointment.status === "expired") ? (
        <Form method="post">
          <button type="submit" className="btn">
            {t("booking.confirm.button")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
