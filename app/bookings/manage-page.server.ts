/**
 * One appointment seen by its client (issue 15): from the emailed link
 * (/cita/:token) and from Mis citas (/perfil/citas/:id). She sees it, cancels
 * it or moves it to another free time with the same professional, up to the
 * salon's cancellation window; after that the page says to call. Who may act
 * is settled by the caller (the link's token, or the signed-in owner). A
 * cancellation is asked once (?anular=1 shows the question, its form posts the
 * confirmation; a post without it cancels nothing), with or without JavaScript. Each
 * move emails her, so moves count against the visitor's appointment-email
 * limits (booking-limits.server.ts). This keeps working while bookings are
 * made on an external page: existing appointments stay manageable here.
 */
import { data } from "react-router";
import type { Db } from "~/db/db.server.ts";
import { tooManyRequests } from "~/lib/rate-limit.server.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { clientMayChange } from "~/domain/booking-rules.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { isDate } from "~/domain/salon-time.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { cancelAppointment, moveAppointment } from "./appointment-changes.server.ts";
import { loadAvailability } from "./availability.server.ts";
import { hitAppointmentEmailLimits } from "./booking-limits.server.ts";
import { getBookingSettings } from "./booking-settings.server.ts";
import { withoutClientData, type Appointment, type PublicAppointment } from "./queries.server.ts";

const MOVE_DAYS_SHOWN = 7;

export interface ManagePageData {
  appointment: PublicAppointment;
  mayChange: boolean;
  cancelHours: number;
  /** She asked to cancel (?anular=1): the page asks once before the cancellation is posted. */
  confirmCancel: boolean;
  /** The move picker, when asked for (?cambiar=1). */
  move: null | {
    from: string;
    today: string;
    horizonEnd: string;
    days: { date: string; starts: { minutes: number; at: number }[] }[];
  };
}

/** The page of an appointment the caller has read (and checked is hers): one read per request. */
export async function manageLoader(db: Db, appointment: Appointment, url: URL, now: Date): Promise<ManagePageData> {
  const { rules } = await getBookingSettings(db);
  const live = appointment.status === "confirmed";
  const mayChange = live && clientMayChange(Date.parse(appointment.startsAt), now.getTime(), rules);
  let move: ManagePageData["move"] = null;
  if (mayChange && url.searchParams.get("cambiar") === "1") {
    const today = madridDate(now);
    const asked = url.searchParams.get("desde");
    const from = asked && isDate(asked) && asked >= today ? asked : today;
    const found = await loadAvailability(db, {
      serviceIds: appointment.services.map((s) => s.serviceId),
      professionalId: appointment.professionalId,
      fromDate: from,
      days: MOVE_DAYS_SHOWN,
      now,
      rules,
      online: true,
      ignoreAppointmentId: appointment.id,
    });
    move = {
      from,
      today,
      horizonEnd: addDays(today, rules.horizonDays),
      days: found.ok
        ? found.days.map((d) => ({ date: d.date, starts: d.starts.map(({ minutes, at }) => ({ minutes, at })) }))
        : [],
    };
  }
  const confirmCancel = mayChange && !move && url.searchParams.get("anular") === "1";
  return {
    appointment: withoutClientData(appointment),
    mayChange,
    cancelHours: rules.cancelHours,
    confirmCancel,
    move,
  };
}

/** confirmCancel: a cancellation posted without its confirmation; nothing changed, the page asks first. */
export type ManageActionData = { message: string; ok: boolean; confirmCancel?: boolean };

/** The form field the confirmation step adds to a cancellation: without it, nothing is cancelled. */
export const CANCEL_CONFIRM_FIELD = "confirmar";

const MESSAGES = {
  cancelled: "booking.manage.result.cancelled",
  cancelledWithRefund: "booking.manage.result.cancelledWithRefund",
  confirmCancel: "booking.manage.result.confirmCancel",
  moved: "booking.manage.result.moved",
  window: "booking.manage.result.window",
  gone: "booking.manage.result.gone",
  unavailable: "booking.notice.timeGone",
  taken: "booking.error.taken",
  invalid: "booking.manage.result.invalid",
  emailLimited: "booking.manage.result.emailLimited",
} as const satisfies Record<string, MessageKey>;

/**
 * What she asked of an appointment the caller has read (and checked is hers).
 * `visitor.network`: the network asking (clientNetwork), for the email limits of a move;
 * `visitor.locale`: the page's language, which the outcome is worded in (Spanish without).
 */
export async function manageAction(
  db: Db,
  appointment: Appointment,
  form: FormData,
  now: Date,
  visitor: { network: string; locale?: Locale },
) {
  const t = serverTranslator(visitor.locale ?? "es");
  const appointmentId = appointment.id;
  const { rules } = await getBookingSettings(db);
  const intent = form.get("intent");
  if (intent === "cancel") {
    // Asked once: a cancellation without its confirmation (an old page, a stray post) changes nothing.
    if (form.get(CANCEL_CONFIRM_FIELD) !== "1") {
      return data<ManageActionData>({ ok: false, confirmCancel: true, message: t(MESSAGES.confirmCancel) });
    }
    const r = await cancelAppointment(db, appointmentId, { by: "client", now, rules });
    if (!r.ok) return data<ManageActionData>({ ok: false, message: t(MESSAGES[r.reason]) }, 409);
    const refund = r.depositRefundCents ?? 0;
    return data<ManageActionData>({
      ok: true,
      message: refund > 0 ? t(MESSAGES.cancelledWithRefund, { amount: formatEuros(refund) }) : t(MESSAGES.cancelled),
    });
  }
  if (intent === "move") {
    const at = Number(form.get("at"));
    if (!Number.isSafeInteger(at) || at <= 0)
      return data<ManageActionData>({ ok: false, message: t(MESSAGES.invalid) }, 400);
    const address = appointment.clientEmail;
    if (address) {
      const limit = await hitAppointmentEmailLimits(db, { network: visitor.network, address });
      if (!limit.allowed) {
        return data<ManageActionData>({ ok: false, message: t(MESSAGES.emailLimited) }, tooManyRequests(limit));
      }
    }
    const r = await moveAppointment(db, appointmentId, { at }, { by: "client", now, rules });
    return r.ok
      ? data<ManageActionData>({ ok: true, message: t(MESSAGES.moved) })
      : data<ManageActionData>({ ok: false, message: t(MESSAGES[r.reason]) }, 409);
  }
  return data<ManageActionData>({ ok: false, message: t(MESSAGES.invalid) }, 400);
}
