/**
 * "Recordatorios de mis cursos": one email three days before the booked edition
 * starts (09:00 Madrid; app/domain/course-reminder.ts). The job is written with
 * the enrolment, in the fulfilment transaction; the template re-reads everything
 * when it runs and sends nothing when the enrolment has ended, the edition was
 * cancelled or has already started, the buyer turned the preference off, or the
 * edition moved to another date (that job is stale: `rescheduleEditionReminders`
 * queues one for the new date, keyed by it). Each one carries a one-click
 * unsubscribe link (/baja/<token>, RFC 8058) for its buyer.
 */
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { DEFAULT_USER_SETTINGS } from "~/auth/user-settings.server.ts";
import { site } from "~/content/site.ts";
import type { Db } from "~/db/db.server.ts";
import { reminderRunAfter } from "~/domain/course-reminder.ts";
import type { Locale } from "~/i18n/locales.ts";
import { formatLongDate, formatWeekdayDate } from "~/domain/pricing.ts";
import { enqueueJob } from "~/jobs/queue.server.ts";
import { EMAIL_JOB_PREFIX, type EmailTemplate } from "~/mail/email-jobs.server.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { COURSE_REMINDERS_TOPIC, makeUnsubscribeToken } from "~/mail/unsubscribe-token.ts";

export const COURSE_REMINDER = "course-reminder";

/** One reminder per enrolment and start date: a moved edition gets a new one. */
export function courseReminderKey(enrollmentId: string, startsOn: string): string {
  return `${COURSE_REMINDER}:${enrollmentId}:${startsOn}`;
}

interface ReminderTarget {
  enrollmentId: string;
  startsOn: string;
  status: string;
  cancelledAt: string | null;
}

async function enqueueFor(trx: Db, targets: ReminderTarget[], now: Date): Promise<number> {
  const today = todayInMadrid(now);
  let queued = 0;
  for (const t of targets) {
    if (t.status === "cancelled" || t.cancelledAt) continue;
    const runAfter = reminderRunAfter(t.startsOn, now, today);
    if (!runAfter) continue;
    const stored = await enqueueJob(trx, {
      kind: `${EMAIL_JOB_PREFIX}${COURSE_REMINDER}`,
      payload: { enrollmentId: t.enrollmentId, startsOn: t.startsOn },
      dedupeKey: courseReminderKey(t.enrollmentId, t.startsOn),
      runAfter,
      now,
    });
    if (stored) queued++;
  }
  return queued;
}

function activeEnrolmentsWithEdition(trx: Db) {
  return trx
    .selectFrom("enrollments")
    .innerJoin("course_editions", "course_editions.id", "enrollments.edition_id")
    .select([
      "enrollments.id as enrollmentId",
      "course_editions.starts_on as startsOn",
      "course_editions.status as status",
      "course_editions.cancelled_at as cancelledAt",
    ])
    .where("enrollments.ended_at", "is", null);
}

/**
 * Queues the reminders of the enrolments an order just created (call it in the
 * fulfilment transaction). None for a course without an edition.
 */
export async function enqueueCourseReminders(trx: Db, orderId: string, now: Date = new Date()): Promise<number> {
  return enqueueFor(
    trx,
    await activeEnrolmentsWithEdition(trx).where("enrollments.order_id", "=", orderId).execute(),
    now,
  );
}

/**
 * After an edition's start date changed (in the same transaction): a reminder
 * for the new date for every active enrolment; the old jobs skip themselves.
 */
export async function rescheduleEditionReminders(trx: Db, editionId: string, now: Date = new Date()): Promise<number> {
  return enqueueFor(
    trx,
    await activeEnrolmentsWithEdition(trx).where("course_editions.id", "=", editionId).execute(),
    now,
  );
}

export interface ReminderData {
  firstName: string;
  email: string;
  courseId: string;
  courseTitle: string;
  orderId: string;
  startsOn: string;
  endsOn: string | null;
  schedule: string;
  /** The one-click unsubscribe link (`reminderUnsubscribeUrl`), or null when there is no secret to sign it. */
  unsubscribeUrl: string | null;
  /** The account's language (users.locale, 0027; she may change it after buying): the email is to be written in it. */
  locale: Locale;
}

/** The buyer's one-click link that turns the course reminders off (app/routes/baja.tsx). */
export function reminderUnsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}/baja/${makeUnsubscribeToken(secret, COURSE_REMINDERS_TOPIC, userId)}`;
}

/** Spanish reminder: the course, its dates and hours, the address and the calendar link. */
export function buildReminderEmail(d: ReminderData, publicUrl: string): MailMessage {
  const start = formatWeekdayDate(d.startsOn);
  const dates = d.endsOn && d.endsOn !== d.startsOn ? `Del ${start} al ${formatWeekdayDate(d.endsOn)}` : `El ${start}`;
  const calendarUrl = `${publicUrl}/api/pedidos/${encodeURIComponent(d.orderId)}/calendario.ics?curso=${encodeURIComponent(d.courseId)}`;
  const greeting = d.firstName.trim() ? `Hola, ${d.firstName.trim()}:` : "Hola:";
  const intro = `En tres días empieza tu curso «${d.courseTitle}». Te esperamos en la academia.`;
  const facts: [string, string][] = [
    ["Fechas", dates],
    ...(d.schedule.trim() ? [["Horario", d.schedule.trim()] as [string, string]] : []),
    ["Dirección", site.address.full],
  ];
  const outro = `Si no puedes venir o tienes cualquier duda, llámanos al ${site.phone.display} o escríbenos a ${site.email}.`;
  const optOut =
    "Recibes este correo porque tienes activados los recordatorios de tus cursos; puedes desactivarlos en Mi perfil › Configuración";
  const optOutLink = "Dejar de recibir recordatorios";
  const optOutHtml = d.unsubscribeUrl
    ? `${escapeHtml(optOut)} o desde este enlace: <a href="${escapeHtml(d.unsubscribeUrl)}" style="color:#6B5A62">${escapeHtml(optOutLink)}</a>.`
    : `${escapeHtml(optOut)}.`;
  const optOutText = d.unsubscribeUrl ? `${optOut} o desde este enlace: ${d.unsubscribeUrl}` : `${optOut}.`;
  const bodyHtml = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 16px">
${facts.map(([k, v]) => `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#6B5A62;font-weight:600;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join("\n")}
</table>
<p><a href="${escapeHtml(site.maps.directions)}" style="color:#5B1F3E">Cómo llegar</a></p>
${emailButton(calendarUrl, "Añadir a mi calendario")}
<p>${escapeHtml(outro)}</p>
<p style="color:#6B5A62;font-size:13px">${optOutHtml}</p>`;
  const bodyText = [
    greeting,
    "",
    intro,
    "",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    `Cómo llegar: ${site.maps.directions}`,
    `Añadir a mi calendario (.ics): ${calendarUrl}`,
    "",
    outro,
    "",
    optOutText,
  ].join("\n");
  const { html, text } = renderEmail({
    title: `Tu curso empieza el ${formatLongDate(d.startsOn)}`,
    preheader: `${d.courseTitle}: ${dates.toLowerCase()}, en ${site.address.full}.`,
    bodyHtml,
    bodyText,
  });
  return {
    to: d.email,
    subject: `Recordatorio: «${d.courseTitle}» empieza el ${formatLongDate(d.startsOn)} · ${site.name}`,
    html,
    text,
    // Not strictly transactional (it can be turned off): one POST to the signed link turns it
    // off with no sign-in (RFC 8058); without that link, the settings page after signing in.
    listUnsubscribe: d.unsubscribeUrl
      ? { url: d.unsubscribeUrl, oneClick: true }
      : { url: `${publicUrl}/perfil/ajustes` },
  };
}

export const courseReminderTemplate: EmailTemplate = {
  async render(ctx, payload) {
    const { enrollmentId, startsOn } = payload;
    if (typeof enrollmentId !== "string" || typeof startsOn !== "string") return null;
    const row = await ctx.db
      .selectFrom("enrollments")
      .innerJoin("users", "users.id", "enrollments.user_id")
      .innerJoin("courses", "courses.id", "enrollments.course_id")
      .innerJoin("course_editions", "course_editions.id", "enrollments.edition_id")
      .leftJoin("user_settings", "user_settings.user_id", "enrollments.user_id")
      .select([
        "enrollments.ended_at",
        "enrollments.order_id",
        "users.id as user_id",
        "users.email",
        "users.first_name",
        "users.locale",
        "courses.id as course_id",
        "courses.title",
        "course_editions.starts_on",
        "course_editions.ends_on",
        "course_editions.schedule",
        "course_editions.status",
        "course_editions.cancelled_at",
        "user_settings.course_emails",
      ])
      .where("enrollments.id", "=", enrollmentId)
      .executeTakeFirst();
    const skip = (reason: string) => {
      ctx.logger.info({ enrollmentId, reason }, "course reminder not sent");
      return null;
    };
    if (!row) return skip("enrolment gone");
    if (row.ended_at) return skip("enrolment ended");
    if (row.status === "cancelled" || row.cancelled_at) return skip("edition cancelled");
    if (row.starts_on !== startsOn) return skip("edition moved");
    if (todayInMadrid(ctx.now) >= row.starts_on) return skip("edition started");
    const wants = row.course_emails == null ? DEFAULT_USER_SETTINGS.courseEmails : Number(row.course_emails) === 1;
    if (!wants) return skip("reminders turned off");
    return buildReminderEmail(
      {
        firstName: row.first_name,
        email: row.email,
        courseId: row.course_id,
        courseTitle: row.title,
        orderId: row.order_id,
        startsOn: row.starts_on,
        endsOn: row.ends_on,
        schedule: row.schedule,
        unsubscribeUrl: ctx.unsubscribeSecret
          ? reminderUnsubscribeUrl(ctx.publicUrl, ctx.unsubscribeSecret, row.user_id)
          : null,
        locale: row.locale,
      },
      ctx.publicUrl,
    );
  },
};
