import { data, Link } from "react-router";
import { getAppointment, withoutClientData } from "~/bookings/queries.server.ts";
import { AppointmentFacts } from "~/components/bookings/appointment-manage.tsx";
import { getServices } from "~/context.server.ts";
import { formatTime, wallClockOf } from "~/domain/salon-time.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/reservar.pendiente";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Confirma tu cita",
    description: "Confirma tu cita desde el correo que te hemos enviado.",
    path: "/reservar/pendiente",
    origin: rootOrigin(matches),
    noindex: true,
  });

/** After a guest booked: check your email. Shows no personal data (the id is in the address). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("cita") ?? "";
  const found = /^[0-9a-f-]{36}$/.test(id) ? await getAppointment(getServices(context).db, id) : null;
  if (!found) throw data("No encontramos esa reserva.", { status: 404 });
  return { appointment: withoutClientData(found) };
}

export default function ReservaPendiente({ loaderData }: Route.ComponentProps) {
  const { appointment } = loaderData;
  const until = appointment.holdExpiresAt
    ? formatTime(wallClockOf(Date.parse(appointment.holdExpiresAt)).minutes)
    : null;
  return (
    <section className="container section booking">
      {appointment.status === "held" ? (
        <>
          <h1>Revisa tu correo para confirmar</h1>
          <p className="booking__notice" role="status">
            Te hemos enviado un correo con un enlace. Púlsalo{until ? ` antes de las ${until}` : ""} para confirmar la
            cita: hasta entonces la hora queda reservada para ti.
          </p>
        </>
      ) : appointment.status === "confirmed" ? (
        <h1>Tu cita está confirmada</h1>
      ) : (
        <>
          <h1>Esta reserva ya no está activa</h1>
          <p>
            <Link to="/reservar">Reserva de nuevo</Link>
          </p>
        </>
      )}
      <AppointmentFacts appointment={appointment} />
      <p className="booking__hint">¿No te llega el correo? Mira en la carpeta de spam o promociones.</p>
    </section>
  );
}
