import { Link } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { listUserAppointments } from "~/bookings/queries.server.ts";
import { APPOINTMENT_STATUS_LABELS } from "~/components/bookings/appointment-manage.tsx";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { getServices } from "~/context.server.ts";
import { depositPagePath } from "~/domain/booking-request.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatAppointmentLabel, formatAppointmentTime } from "~/domain/salon-time.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/perfil.citas";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mis citas",
    description: "Tus citas en Alejandra Nails.",
    path: "/perfil/citas",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const lists = await listUserAppointments(getServices(context).db, user.id, new Date());
  const booked = new URL(request.url).searchParams.get("reservada");
  return { ...lists, booked: booked && lists.upcoming.some((a) => a.id === booked) ? booked : null };
}

type Item = Route.ComponentProps["loaderData"]["upcoming"][number];

/** One appointment: an upcoming one links to its page (see, move, cancel), a past one says how it ended. */
function AppointmentItem({ a, upcoming }: { a: Item; upcoming: boolean }) {
  const when = formatAppointmentTime(Date.parse(a.startsAt));
  return (
    <li className="appointment-item">
      <p>
        <strong>{formatAppointmentLabel(Date.parse(a.startsAt))}</strong> · {a.services.map((s) => s.name).join(" + ")}{" "}
        · con {a.professionalName}
      </p>
      {upcoming && a.status === "held" && a.deposit?.state === "unpaid" ? (
        <Link to={depositPagePath(a.id)}>
          Pagar la señal de {formatEuros(a.deposit.cents)} para confirmarla
          <span className="visually-hidden"> (cita del {when})</span>
        </Link>
      ) : upcoming && a.status === "held" ? (
        // Booked before her email was verified: the emailed link confirms it.
        <p className="appointment-item__status">Pendiente de confirmar desde el enlace del correo que te enviamos</p>
      ) : upcoming ? (
        <Link to={`/perfil/citas/${a.id}`}>
          Ver, cambiar o anular<span className="visually-hidden"> la cita del {when}</span>
        </Link>
      ) : (
        <p className="appointment-item__status">{APPOINTMENT_STATUS_LABELS[a.status] ?? a.status}</p>
      )}
    </li>
  );
}

export default function MisCitas({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, booked } = loaderData;
  return (
    <section className="account-section">
      <h2>Mis citas</h2>
      {booked ? (
        <p className="booking__notice" role="status">
          ¡Cita reservada! Te hemos enviado un correo con los detalles y el archivo para tu calendario.
        </p>
      ) : null}
      {upcoming.length === 0 ? (
        <p>
          No tienes citas próximas. <BookingLink>Reserva tu cita</BookingLink>
        </p>
      ) : (
        <ul className="appointment-list">
          {upcoming.map((a) => (
            <AppointmentItem key={a.id} a={a} upcoming />
          ))}
        </ul>
      )}
      {past.length > 0 ? (
        <>
          <h3>Citas anteriores</h3>
          <ul className="appointment-list">
            {past.map((a) => (
              <AppointmentItem key={a.id} a={a} upcoming={false} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
