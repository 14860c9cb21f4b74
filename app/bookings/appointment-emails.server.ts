/**
 * The client's appointment emails (issue 15), through the outbox: the booking
 * code calls `queueAppointmentEmails` in the transaction that changes the
 * appointment, so the email and the change commit together; the worker renders
 * each email from the appointment as it is then, with fresh links (no usable
 * secret in the jobs table), and sends nothing that no longer makes sense.
 *
 * The 24-hour reminder is a job due at start − 24 h, keyed by the appointment
 * and its start: a second instance or a restart can neither lose it (it is a
 * row) nor send it twice (one lease wins, the job is done once). A moved
 * appointment gets a new reminder for its new start; the old one finds another
 * start on the row and skips itself.
 */
import type { Db } from "~/db/db.server.ts";
import { clientMayChange } from "~/domain/booking-rules.ts";
import { enqueueJob } from "~/jobs/queue.server.ts";
import { EMAIL_JOB_PREFIX, enqueueEmail, type EmailContext, type EmailTemplate } from "~/mail/email-jobs.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { getBookingLink, getBookingSettings } from "./booking-settings.server.ts";
import {
  buildCancelledEmail,
  buildConfirmedEmail,
  buildHoldEmail,
  buildMovedEmail,
  buildReminderEmail,
} from "./appointment-email-render.server.ts";
import { localHref } from "~/i18n/paths.ts";
import { createAppointmentLink, confirmUrl, manageUrl } from "./appointment-links.server.ts";
import { calendarAttachment } from "./appointment-mail-data.server.ts";
import { getAppointment, type Appointment } from "./queries.server.ts";

/** Guest: "Confirma tu cita" with the confirm link, while the hold lasts. */
const APPOINTMENT_HOLD = "appointment-hold";
/** Booked or confirmed: details, .ics, manage link, WhatsApp link, address. */
const APPOINTMENT_CONFIRMED = "appointment-confirmed";
/** New time, updated .ics (same UID, higher SEQUENCE), manage link. */
const APPOINTMENT_MOVED = "appointment-moved";
/** Cancelled by the client or by the salon, .ics cancelling the event, link to book again. */
const APPOINTMENT_CANCELLED = "appointment-cancelled";
/** 24 h before the start. */
const APPOINTMENT_REMINDER = "appointment-reminder";

export type AppointmentEvent = "held" | "confirmed" | "moved" | "cancelled";

const REMINDER_LEAD_MS = 24 * 3_600_000;

/** One reminder per appointment and start: a moved appointment gets one for its new start. */
const appointmentReminderKey = (appointmentId: string, startsAt: string): string =>
  `${APPOINTMENT_REMINDER}:${appointmentId}:${startsAt}`;

/** Queues, in the caller's transaction, the email for this event and (confirmed/moved) the reminder for the current start. */
export async function queueAppointmentEmails(
  trx: Db,
  event: AppointmentEvent,
  appointment: { id: string; startsAt: string },
  now: Date,
): Promise<void> {
  const payload = { appointmentId: appointment.id, startsAt: appointment.startsAt };
  switch (event) {
    case "held":
      await enqueueEmail(trx, APPOINTMENT_HOLD, payload, { dedupeKey: `${APPOINTMENT_HOLD}:${appointment.id}`, now });
      return;
    case "cancelled":
      await enqueueEmail(trx, APPOINTMENT_CANCELLED, payload, {
        dedupeKey: `${APPOINTMENT_CANCELLED}:${appointment.id}`,
        now,
      });
      return;
    case "confirmed":
      await enqueueEmail(trx, APPOINTMENT_CONFIRMED, payload, {
        dedupeKey: `${APPOINTMENT_CONFIRMED}:${appointment.id}`,
        now,
      });
      break;
    case "moved":
      // The time of the move is part of the key: moved away and back again, she hears of each move.
      await enqueueEmail(trx, APPOINTMENT_MOVED, payload, {
        dedupeKey: `${APPOINTMENT_MOVED}:${appointment.id}:${appointment.startsAt}:${now.toISOString()}`,
        now,
      });
      break;
  }
  const runAfter = new Date(Date.parse(appointment.startsAt) - REMINDER_LEAD_MS);
  // Booked (or moved) less than 24 h ahead: no reminder, the email just queued suffices.
  if (!(runAfter.getTime() > now.getTime())) return;
  await enqueueJob(trx, {
    kind: `${EMAIL_JOB_PREFIX}${APPOINTMENT_REMINDER}`,
    payload,
    dedupeKey: appointmentReminderKey(appointment.id, appointment.startsAt),
    runAfter,
    now,
  });
}

type Check = (d: Appointment, payloadStart: string, now: Date) => string | null;

/**
 * Reads the appointment and runs the template's checks; the data to render, or
 * null (logged with the reason) when there is nothing to send any more.
 */
async function current(
  ctx: EmailContext,
  payload: Record<string, unknown>,
  template: string,
  check: Check,
): Promise<Appointment | null> {
  const { appointmentId, startsAt } = payload;
  if (typeof appointmentId !== "string" || typeof startsAt !== "string") return null;
  const d = await getAppointment(ctx.db, appointmentId, { namesIn: "booked" });
  const reason = !d ? "appointment gone" : !d.clientEmail ? "no email address" : check(d, startsAt, ctx.now);
  if (reason) {
    ctx.logger.info({ appointmentId, template, reason }, "appointment email not sent");
    return null;
  }
  return d;
}

const startsLater = (d: Appointment, now: Date) => Date.parse(d.startsAt) > now.getTime();

/** Confirmed, at the payload's start, still ahead. */
const stillBooked: Check = (d, start, now) => {
  if (d.status !== "confirmed") return `status ${d.status}`;
  if (Date.parse(d.startsAt) !== Date.parse(start)) return "moved since";
  if (!startsLater(d, now)) return "already started";
  return null;
};

async function cancelHoursOf(db: Db): Promise<number> {
  return (await getBookingSettings(db)).rules.cancelHours;
}

async function withManageLink(ctx: EmailContext, d: Appointment) {
  return manageUrl(ctx.publicUrl, await createAppointmentLink(ctx.db, d.id, "manage", ctx.now), d.locale);
}

const holdTemplate: EmailTemplate = {
  async render(ctx, payload): Promise<MailMessage | null> {
    const d = await current(ctx, payload, APPOINTMENT_HOLD, (a, _start, now) => {
      if (a.status !== "held") return `status ${a.status}`;
      if (!a.holdExpiresAt || Date.parse(a.holdExpiresAt) <= now.getTime()) return "hold expired";
      return null;
    });
    if (!d) return null;
    const confirm = confirmUrl(ctx.publicUrl, await createAppointmentLink(ctx.db, d.id, "confirm", ctx.now), d.locale);
    return buildHoldEmail(d, { confirm });
  },
};

const confirmedTemplate: EmailTemplate = {
  async render(ctx, payload) {
    // Rendered from the row as it is now: if it moved meanwhile, this shows the new time.
    const d = await current(ctx, payload, APPOINTMENT_CONFIRMED, (a, _start, now) => {
      if (a.status !== "confirmed") return `status ${a.status}`;
      return startsLater(a, now) ? null : "already started";
    });
    if (!d) return null;
    const manage = await withManageLink(ctx, d);
    return buildConfirmedEmail(d, { manage }, await cancelHoursOf(ctx.db), calendarAttachment(d, manage, ctx.now));
  },
};

const movedTemplate: EmailTemplate = {
  async render(ctx, payload) {
    // Moved again since: the later move's email says it.
    const d = await current(ctx, payload, APPOINTMENT_MOVED, stillBooked);
    if (!d) return null;
    const manage = await withManageLink(ctx, d);
    return buildMovedEmail(d, { manage }, await cancelHoursOf(ctx.db), calendarAttachment(d, manage, ctx.now));
  },
};

const cancelledTemplate: EmailTemplate = {
  async render(ctx, payload) {
    const d = await current(ctx, payload, APPOINTMENT_CANCELLED, (a) =>
      a.status === "cancelled" ? null : `status ${a.status}`,
    );
    if (!d) return null;
    // "Reservar otra cita" leads where every booking button does now: /reservar, or the external page.
    const booking = await getBookingLink(ctx.db);
    const bookAgain = booking.external ? booking.href : `${ctx.publicUrl}${localHref(d.locale, booking.href)}`;
    return buildCancelledEmail(d, bookAgain, calendarAttachment(d, null, ctx.now));
  },
};

const reminderTemplate: EmailTemplate = {
  async render(ctx, payload) {
    const d = await current(ctx, payload, APPOINTMENT_REMINDER, stillBooked);
    if (!d) return null;
    const manage = await withManageLink(ctx, d);
    const cancelHours = await cancelHoursOf(ctx.db);
    const mayChange = clientMayChange(Date.parse(d.startsAt), ctx.now.getTime(), { cancelHours });
    return buildReminderEmail(d, { manage }, { now: ctx.now, cancelHours, mayChange });
  },
};

/** Registered by the composition root, app/job-handlers.server.ts. */
export const appointmentEmailTemplates: Record<string, EmailTemplate> = {
  [APPOINTMENT_HOLD]: holdTemplate,
  [APPOINTMENT_CONFIRMED]: confirmedTemplate,
  [APPOINTMENT_MOVED]: movedTemplate,
  [APPOINTMENT_CANCELLED]: cancelledTemplate,
  [APPOINTMENT_REMINDER]: reminderTemplate,
};
