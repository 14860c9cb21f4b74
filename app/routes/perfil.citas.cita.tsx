import { data, Link } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { manageAction, manageLoader } from "~/bookings/manage-page.server.ts";
import { getAppointment, type Appointment } from "~/bookings/queries.server.ts";
import { accountMeta } from "~/components/account/account-meta.ts";
import { AppointmentManage } from "~/components/bookings/appointment-manage.tsx";
import { clientNetwork, getServices } from "~/context.server.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest, type Locale } from "~/i18n/locales.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import type { Route } from "./+types/perfil.citas.cita";

export const meta: Route.MetaFunction = (args) =>
  accountMeta(args, {
    title: "account.meta.appointment.title",
    description: "account.meta.appointment.description",
    path: `/perfil/citas/${args.params.appointmentId}`,
  });

/** Her own appointments only: anyone else's id answers 404 (said in the page's language). */
async function ownAppointment(context: Route.LoaderArgs["context"], id: string, locale: Locale): Promise<Appointment> {
  const appointment = await getAppointment(getServices(context).db, id, { namesIn: locale });
  if (!appointment || appointment.userId !== getUser(context).id) {
    throw data(serverTranslator(locale)("account.appointment.notFound"), { status: 404 });
  }
  return appointment;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const appointment = await ownAppointment(context, params.appointmentId, locale);
  const page = await manageLoader(getServices(context).db, appointment, new URL(request.url), new Date());
  // AppointmentManage words the page from the "booking" catalogue; the frame's words are the account's.
  return {
    page,
    id: appointment.id,
    messages: messagesFor(locale, ["booking", "account.appointment", "account.meta"]),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  const appointment = await ownAppointment(context, params.appointmentId, locale);
  return manageAction(getServices(context).db, appointment, await request.formData(), new Date(), {
    network: clientNetwork(context),
    locale,
  });
}

export default function MiCita({ loaderData, actionData }: Route.ComponentProps) {
  const { page, id } = loaderData;
  const t = useT();
  const href = useLocalHref();
  return (
    <section className="container section booking">
      <p>
        <Link to={href("/perfil/citas")}>{t("account.appointment.back")}</Link>
      </p>
      <h1>{t("account.appointment.title")}</h1>
      <AppointmentManage data={page} actionData={actionData} base={href(`/perfil/citas/${id}`)} />
    </section>
  );
}
