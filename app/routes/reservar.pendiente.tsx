import { data, Form, redirect, useNavigation } from "react-router";
import { externalBookingUrl } from "~/bookings/booking-settings.server.ts";
import { startDepositCheckout } from "~/bookings/deposits.server.ts";
import { getAppointment, withoutClientData } from "~/bookings/queries.server.ts";
import { FormAlert } from "~/components/auth/field.tsx";
import { AppointmentFacts } from "~/components/bookings/appointment-manage.tsx";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { getServices } from "~/context.server.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatTime, wallClockOf } from "~/domain/salon-time.ts";
import { messagesFor, serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/reservar.pendiente";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("booking.pending.meta.title"),
    description: t("booking.pending.meta.description"),
    path: "/reservar/pendiente",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

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
  const locale = localeOfRequest(request);
  const id = new URL(request.url).searchParams.get("cita") ?? "";
  const found = APPOINTMENT_ID.test(id) ? await getAppointment(db, id, { namesIn: locale }) : null;
  if (!found) throw data(serverTranslator(locale)("booking.pending.notFound"), { status: 404 });
  // A deposit's hold that lapsed can no longer be paid, even before the next booking marks it
  // expired (a guest's late email confirmation still succeeds while nobody took the time).
  const lapsed = !!found.deposit && !!found.holdExpiresAt && Date.parse(found.holdExpiresAt) <= Date.now();
  return {
    appointment: withoutClientData(found),
    held: found.status === "held" && !lapsed,
    external: await externalBookingUrl(db),
    messages: messagesFor(locale, ["booking"]),
  };
}

/** "Pagar la señal": the payment page again (the same one while it lives). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const t = serverTranslator(localeOfRequest(request));
  if (await externalBookingUrl(services.db)) return data({ error: t("booking.external.notice") }, { status: 409 });
  const id = new URL(request.url).searchParams.get("cita") ?? "";
  if (!APPOINTMENT_ID.test(id)) throw data(t("booking.pending.notFound"), { status: 404 });
  try {
    const started = await startDepositCheckout(services, id);
    if (started) return redirect(started.url);
    return data({ error: t("booking.pending.noDeposit") }, { status: 409 });
  } catch (err) {
    services.logger.error({ err, appointmentId: id }, "reservar: could not open the deposit payment");
    return data({ error: t("booking.pending.payFailed") }, { status: 502 });
  }
}

export default function ReservaPendiente({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment, held, external } = loaderData;
  const { deposit } = appointment;
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const until = appointment.holdExpiresAt
    ? formatTime(wallClockOf(Date.parse(appointment.holdExpiresAt)).minutes)
    : null;
  const refunded = deposit && (deposit.state === "refund-pending" || deposit.state === "refunded");
  return (
    <section className="container section booking">
      {held && external ? (
        <>
          <h1>{t("booking.title")}</h1>
          <p className="booking__notice" role="status">
            {actionData?.error ?? t("booking.external.notice")} {t("booking.pending.notCompleted")}
          </p>
          <p>
            <BookingLink className="btn">{t("booking.external.go")}</BookingLink>
          </p>
        </>
      ) : held && deposit ? (
        <>
          <h1>{t("booking.pending.payTitle")}</h1>
          <p className="booking__notice" role="status">
            {until
              ? t("booking.pending.payNoticeUntil", { until, amount: formatEuros(deposit.cents) })
              : t("booking.pending.payNotice", { amount: formatEuros(deposit.cents) })}
          </p>
          <Form method="post" className="booking__form">
            <FormAlert message={actionData?.error} />
            <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
              {busy
                ? t("booking.pending.opening")
                : t("booking.pending.payButton", { amount: formatEuros(deposit.cents) })}
            </button>
          </Form>
        </>
      ) : held ? (
        <>
          <h1>{t("booking.pending.checkTitle")}</h1>
          <p className="booking__notice" role="status">
            {until ? t("booking.pending.checkNoticeUntil", { until }) : t("booking.pending.checkNotice")}
          </p>
        </>
      ) : appointment.status === "confirmed" ? (
        <>
          <h1>{t("booking.pending.confirmedTitle")}</h1>
          {deposit?.state === "paid" ? (
            <p className="booking__notice" role="status">
              {t("booking.pending.depositReceived", { amount: formatEuros(deposit.cents) })}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <h1>{t("booking.pending.inactiveTitle")}</h1>
          {refunded ? (
            <p className="booking__notice" role="status">
              {t("booking.pending.refund", { amount: formatEuros(deposit.cents) })}
            </p>
          ) : null}
          <p>
            <BookingLink>{t("booking.pending.bookAgain")}</BookingLink>
          </p>
        </>
      )}
      <AppointmentFacts appointment={appointment} />
      {!(held && external) && (!deposit || !held) ? <p className="booking__hint">{t("booking.pending.spam")}</p> : null}
    </section>
  );
}
