import { data, Link } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { manageAction, manageLoader } from "~/bookings/manage-page.server.ts";
import { getAppointment } from "~/bookings/queries.server.ts";
import { AppointmentManage } from "~/components/bookings/appointment-manage.tsx";
import { getServices } from "~/context.server.ts";
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
async function ownAppointmentId(context: Route.LoaderArgs["context"], id: string): Promise<string> {
  const core = await getAppointment(getServices(context).db, id);
  if (!core || core.userId !== getUser(context).id) throw data(NOT_FOUND, { status: 404 });
  return core.id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = await ownAppointmentId(context, params.appointmentId);
  const page = await manageLoader(getServices(context).db, id, new URL(request.url), new Date());
  if (!page) throw data(NOT_FOUND, { status: 404 });
  return { page, id };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = await ownAppointmentId(context, params.appointmentId);
  return manageAction(getServices(context).db, id, await request.formData(), new Date());
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
