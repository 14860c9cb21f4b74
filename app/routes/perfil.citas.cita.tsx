import { data, Link } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { manageAction, manageLoader } from "~/bookings/manage-page.server.ts";
import { getAppointment, type Appointment } from "~/bookings/queries.server.ts";
import { AppointmentManage } from "~/components/bookings/appointment-manage.tsx";
import { clientNetwork, getServices } from "~/context.server.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/perfil.citas.cita";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mi cita",
    description: "Tu cita en Alejandra Nails.",
    path: "/perfil/citas",
    origin: rootOrigin(matches),
    noindex: true,
  });

const NOT_FOUND = "No encontramos esa cita entre las tuyas.";

/** Her own appointments only: anyone else's id answers 404. */
async function ownAppointment(context: Route.LoaderArgs["context"], id: string): Promise<Appointment> {
  const appointment = await getAppointment(getServices(context).db, id);
  if (!appointment || appointment.userId !== getUser(context).id) throw data(NOT_FOUND, { status: 404 });
  return appointment;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const appointment = await ownAppointment(context, params.appointmentId);
  const page = await manageLoader(getServices(context).db, appointment, new URL(request.url), new Date());
  // AppointmentManage words the page from the "booking" catalogue.
  return { page, id: appointment.id, messages: messagesFor(localeOfRequest(request), ["booking"]) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const appointment = await ownAppointment(context, params.appointmentId);
  return manageAction(getServices(context).db, appointment, await request.formData(), new Date(), {
    network: clientNetwork(context),
  });
}

export default function MiCita({ loaderData, actionData }: Route.ComponentProps) {
  const { page, id } = loaderData;
  return (
    <section className="container section booking">
      <p>
        <Link to="/perfil/citas">← Mis citas</Link>
      </p>
      <h1>Mi cita</h1>
      <AppointmentManage data={page} actionData={actionData} base={`/perfil/citas/${id}`} />
    </section>
  );
}
