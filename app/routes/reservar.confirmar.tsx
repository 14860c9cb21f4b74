import { data, Form, redirect } from "react-router";
import { confirmHeld } from "~/bookings/appointments.server.ts";
import { createAppointmentLink, findAppointmentIdByToken } from "~/bookings/appointment-links.server.ts";
import { externalBookingUrl } from "~/bookings/booking-settings.server.ts";
import { getAppointment, withoutClientData } from "~/bookings/queries.server.ts";
import { AppointmentFacts } from "~/components/bookings/appointment-manage.tsx";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { getServices } from "~/context.server.ts";
import { EXTERNAL_BOOKING_NOTICE } from "~/domain/booking-settings-form.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/reservar.confirmar";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Confirma tu cita",
    description: "Confirma tu cita en Alejandra Nails.",
    path: "/reservar",
    origin: rootOrigin(matches),
    noindex: true,
  });

const GONE =
  "Este enlace ya no es válido. Si tu cita sigue pendiente, revisa el último correo que te enviamos o reserva de nuevo.";

async function appointmentFor(context: Route.LoaderArgs["context"], token: string) {
  const { db } = getServices(context);
  const id = await findAppointmentIdByToken(db, token, "confirm");
  return id ? getAppointment(db, id) : null;
}

/**
 * The emailed link opens this page; confirming is a button (a POST), so a mail scanner that follows links confirms nothing.
 * While bookings are made on the owner's external page, a hold is not confirmed here: the page points there.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await appointmentFor(context, params.token);
  if (!found) throw data(GONE, { status: 404 });
  return { appointment: withoutClientData(found), external: await externalBookingUrl(getServices(context).db) };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  if (await externalBookingUrl(db)) return data({ message: EXTERNAL_BOOKING_NOTICE }, 409);
  const id = await findAppointmentIdByToken(db, params.token, "confirm");
  if (!id) throw data(GONE, { status: 404 });
  const now = new Date();
  const result = await confirmHeld(db, id, now);
  if (!result.ok) {
    const message =
      result.reason === "taken"
        ? "Lo sentimos: la reserva caducó y otra persona ha reservado esa hora. Elige otra, por favor."
        : result.reason === "past"
          ? "Esta cita ya ha pasado."
          : result.reason === "limit"
            ? "La reserva caducó y ya tienes otras citas pendientes, el máximo que se puede reservar en la web. Anula alguna de ellas o llámanos."
            : "Esta cita está anulada.";
    return data({ message }, 409);
  }
  const manage = await createAppointmentLink(db, id, "manage", now);
  throw redirect(`/cita/${manage}?confirmada=1`);
}

export default function ConfirmarCita({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment, external } = loaderData;
  return (
    <section className="container section booking">
      <h1>Confirma tu cita</h1>
      {actionData ? (
        <p className="booking__notice booking__notice--error" role="alert">
          {actionData.message} <BookingLink>Reservar otra hora</BookingLink>
        </p>
      ) : external ? (
        <p className="booking__notice" role="status">
          {EXTERNAL_BOOKING_NOTICE} <BookingLink>Ir a la página de reservas</BookingLink>
        </p>
      ) : null}
      <AppointmentFacts appointment={appointment} />
      {!external && (appointment.status === "held" || appointment.status === "expired") ? (
        <Form method="post">
          <button type="submit" className="btn">
            Confirmar mi cita
          </button>
        </Form>
      ) : null}
    </section>
  );
}
