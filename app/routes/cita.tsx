import { data } from "react-router";
import { findAppointmentIdByToken } from "~/bookings/appointment-links.server.ts";
import { manageAction, manageLoader } from "~/bookings/manage-page.server.ts";
import { getAppointment, type Appointment } from "~/bookings/queries.server.ts";
import { AppointmentManage } from "~/components/bookings/appointment-manage.tsx";
import { site } from "~/content/site.ts";
import { clientNetwork, getServices } from "~/context.server.ts";
import type { Db } from "~/db/db.server.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest, type Locale } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/cita";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("booking.manage.meta.title"),
    description: t("booking.manage.meta.description", { salon: site.name }),
    path: "/cita",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

/** The appointment of a manage link; 404 for an unknown or spent one (said in the page's language). */
async function linkedAppointment(db: Db, token: string, locale: Locale): Promise<Appointment> {
  const id = await findAppointmentIdByToken(db, token, "manage");
  const appointment = id ? await getAppointment(db, id, { namesIn: locale }) : null;
  if (!appointment) throw data(serverTranslator(locale)("booking.manage.gone"), { status: 404 });
  return appointment;
}

/** The emailed link to one appointment: see it, add it to a calendar, move or cancel it within the window. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const locale = localeOfRequest(request);
  const appointment = await linkedAppointment(db, params.token, locale);
  const page = await manageLoader(db, appointment, new URL(request.url), new Date());
  const confirmed = new URL(request.url).searchParams.get("confirmada") === "1";
  return {
    page,
    token: params.token,
    confirmed,
    messages: messagesFor(locale, ["booking"]),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const locale = localeOfRequest(request);
  const appointment = await linkedAppointment(db, params.token, locale);
  return manageAction(db, appointment, await request.formData(), new Date(), {
    network: clientNetwork(context),
    locale,
  });
}

export default function Cita({ loaderData, actionData }: Route.ComponentProps) {
  const { page, token, confirmed } = loaderData;
  const t = useT();
  const href = useLocalHref();
  const base = href(`/cita/${token}`);
  return (
    <section className="container section booking">
      <h1>{t("booking.manage.title")}</h1>
      {confirmed && !actionData ? (
        <p className="booking__notice" role="status">
          {t("booking.manage.confirmed")}
        </p>
      ) : null}
      {/* The calendar file is the same in both languages: its one address. */}
      <AppointmentManage
        data={page}
        actionData={actionData}
        base={base}
        calendarHref={`/cita/${token}/calendario.ics`}
      />
    </section>
  );
}
