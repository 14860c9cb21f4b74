import { data, Form, redirect, useNavigation } from "react-router";
import { externalBookingUrl } from "~/bookings/booking-settings.server.ts";
import { startDepositCheckout } from "~/bookings/deposits.server.ts";
import { getAppointment, withoutClientData } from "~/bookings/queries.server.ts";
import { FormAlert } from "~/components/auth/field.tsx";
import { AppointmentFacts } from "~/components/bookings/appointment-manage.tsx";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { getServices } from "~/context.server.ts";
import { EXTERNAL_BOOKING_NOTICE } from "~/domain/booking-settings-form.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatTime, wallClockOf } from "~/domain/salon-time.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/reservar.pendiente";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Tu reserva",
    description: "Confirma tu cita desde el correo que te hemos enviado o pagando la señal.",
    path: "/reservar/pendiente",
    origin: rootOrigin(matches),
    noindex: true,
  });

const APPOINTMENT_ID = /^[0-9a-f-]{36}$/;

/**
 * After booking: check your email (a guest, or an account not verified yet), or
 * pay the deposit (anyone, for a service with one), then the outcome. Shows no
 * personal data: the random id in the address is all it takes to open it.
 * While bookings are made on the owner's external page, a booking still
 * waiting is not completed here: the page points there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const id = new URL(request.url).searchParams.get("cita") ?? "";
  const found = APPOINTMENT_ID.test(id) ? await getAppointment(db, id) : null;
  if (!found) throw data("No encontramos esa reserva.", { status: 404 });
  // A deposit's hold that lapsed can no longer be paid, even before the next booking marks it
  // expired (a guest's late email confirmation still succeeds while nobody took the time).
  const lapsed = !!found.deposit && !!found.holdExpiresAt && Date.parse(found.holdExpiresAt) <= Date.now();
  return {
    appointment: withoutClientData(found),
    held: found.status === "held" && !lapsed,
    external: await externalBookingUrl(db),
  };
}

/** "Pagar la señal": the payment page again (the same one while it lives). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  if (await externalBookingUrl(services.db)) return data({ error: EXTERNAL_BOOKING_NOTICE }, { status: 409 });
  const id = new URL(request.url).searchParams.get("cita") ?? "";
  if (!APPOINTMENT_ID.test(id)) throw data("No encontramos esa reserva.", { status: 404 });
  try {
    const started = await startDepositCheckout(services, id);
    if (started) return redirect(started.url);
    return data({ error: "Esta reserva ya no tiene una señal pendiente de pago." }, { status: 409 });
  } catch (err) {
    services.logger.error({ err, appointmentId: id }, "reservar: could not open the deposit payment");
    return data(
      { error: "No hemos podido abrir la página de pago. Inténtalo de nuevo en un momento o llámanos." },
      { status: 502 },
    );
  }
}

export default function ReservaPendiente({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment, held, external } = loaderData;
  const { deposit } = appointment;
  const busy = useNavigation().state !== "idle";
  const until = appointment.holdExpiresAt
    ? formatTime(wallClockOf(Date.parse(appointment.holdExpiresAt)).minutes)
    : null;
  const refunded = deposit && (deposit.state === "refund-pending" || deposit.state === "refunded");
  return (
    <section className="container section booking">
      {held && external ? (
        <>
          <h1>Reserva tu cita</h1>
          <p className="booking__notice" role="status">
            {actionData?.error ?? EXTERNAL_BOOKING_NOTICE} Esta reserva no se ha completado.
          </p>
          <p>
            <BookingLink className="btn">Ir a la página de reservas</BookingLink>
          </p>
        </>
      ) : held && deposit ? (
        <>
          <h1>Paga la señal para confirmar tu cita</h1>
          <p className="booking__notice" role="status">
            La hora queda reservada para ti{until ? ` hasta las ${until}` : ""}. En cuanto pagues la señal de{" "}
            {formatEuros(deposit.cents)}, la cita queda confirmada y te enviamos un correo.
          </p>
          <Form method="post" className="booking__form">
            <FormAlert message={actionData?.error} />
            <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
              {busy ? "Abriendo el pago…" : `Pagar la señal (${formatEuros(deposit.cents)})`}
            </button>
          </Form>
        </>
      ) : held ? (
        <>
          <h1>Revisa tu correo para confirmar</h1>
          <p className="booking__notice" role="status">
            Te hemos enviado un correo con un enlace. Púlsalo{until ? ` antes de las ${until}` : ""} para confirmar la
            cita: hasta entonces la hora queda reservada para ti.
          </p>
        </>
      ) : appointment.status === "confirmed" ? (
        <>
          <h1>Tu cita está confirmada</h1>
          {deposit?.state === "paid" ? (
            <p className="booking__notice" role="status">
              Hemos recibido tu señal de {formatEuros(deposit.cents)}. Te hemos enviado un correo con los detalles de la
              cita. La factura de la señal te llega en otro correo, aparte, en cuanto la emitimos.
            </p>
          ) : null}
        </>
      ) : (
        <>
          <h1>Esta reserva ya no está activa</h1>
          {refunded ? (
            <p className="booking__notice" role="status">
              Te devolvemos la señal de {formatEuros(deposit.cents)} con el mismo método de pago; te avisaremos por
              correo.
            </p>
          ) : null}
          <p>
            <BookingLink>Reserva de nuevo</BookingLink>
          </p>
        </>
      )}
      <AppointmentFacts appointment={appointment} />
      {!(held && external) && (!deposit || !held) ? (
        <p className="booking__hint">¿No te llega el correo? Mira en la carpeta de spam o promociones.</p>
      ) : null}
    </section>
  );
}
