import { data } from "react-router";
import { findAppointmentIdByToken } from "~/bookings/appointment-links.server.ts";
import { manageAction, manageLoader } from "~/bookings/manage-page.server.ts";
import { getAppointment, type Appointment } from "~/bookings/queries.server.ts";
import { AppointmentManage } from "~/components/bookings/appointment-manage.tsx";
import { clientNetwork, getServices } from "~/context.server.ts";
import type { Db } from "~/db/db.server.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/cita";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Tu cita",
    description: "Consulta, cambia o anula tu cita en Alejandra Nails.",
    path: "/cita",
    origin: rootOrigin(matches),
    noindex: true,
  });

const GONE =
  "Este enlace no es válido. Si tienes cuenta, encontrarás tus citas en Mi perfil › Mis citas; si no, llámanos.";

/** The appointment of a manage link; 404 for an unknown or spent one. */
async function linkedAppointment(db: Db, token: string): Promise<Appointment> {
  const id = await findAppointmentIdByToken(db, token, "manage");
  const appointment = id ? await getAppointment(db, id) : null;
  if (!appointment) throw data(GONE, { status: 404 });
  return appointment;
}

/** The emailed link to one appointment: see it, add it to a calendar, move or cancel it within the window. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const appointment = await linkedAppointment(db, params.token);
  const page = await manageLoader(db, appointment, new URL(request.url), new Date());
  const confirmed = new URL(request.url).searchParams.get("confirmada") === "1";
  return {
    page,
    token: params.token,
    confirmed,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const appointment = await linkedAppointment(db, params.token);
  return manageAction(db, appointment, await request.formData(), new Date(), { network: clientNetwork(context) });
}

export default function Cita({ loaderData, actionData }: Route.ComponentProps) {
  const { page, token, confirmed } = loaderData;
  return (
    <section className="container section booking">
      <h1>Tu cita</h1>
      {confirmed && !actionData ? (
        <p className="booking__notice" role="status">
          ¡Cita confirmada! Te hemos enviado un correo con todos los detalles y el archivo para tu calendario.
        </p>
      ) : null}
      <AppointmentManage
        data={page}
        actionData={actionData}
        base={`/cita/${token}`}
        calendarHref={`/cita/${token}/calendario.ics`}
      />
    </section>
  );
}
