/**
 * "Recordatorios de mis cursos": one email three days before the booked edition
 * starts (09:00 Madrid; app/domain/course-reminder.ts). The job is written with
 * the enrolment, in the fulfilment transaction; the template re-reads everything
 * when it runs and sends nothing when the enrolment has ended, the edition was
 * cancelled or has already started, the buyer turned the preference off, or the
 * edition moved to another date (that job is stale: `rescheduleEditionReminders`
 * queues one for the new date, keyed by it). Each one carries a one-click
 * unsubscribe link (/baja/<token>, RFC 8058) for its buyer. It is written in
 * the account's language (users.locale), as the other account emails are
 * (verification, password reset): it belongs to her account and its settings
 * (the preference, the unsubscribe), not to one order, and she may have changed
 * the language since buying; a Catalan one links to /ca/baixa/<token>.
 */
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { DEFAULT_USER_SETTINGS } from "~/auth/user-settings.server.ts";
import { site } from "~/content/site.ts";
import type { Db } from "~/db/db.server.ts";
import { reminderRunAfter } from "~/domain/course-reminder.ts";
import { formatLongDate, formatWeekdayDate } from "~/domain/pricing.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { MessagePart } from "~/i18n/icu.ts";
import type { Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
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
  /** The course's title in the email's language (its Catalan title when written, else the Spanish one). */
  courseTitle: string;
  orderId: string;
  startsOn: string;
  endsOn: string | null;
  /** The edition's hours in the email's language, as the staff wrote them (may be empty). */
  schedule: string;
  /** The one-click unsubscribe link (`reminderUnsubscribeUrl`), or null when there is no secret to sign it. */
  unsubscribeUrl: string | null;
  /** The account's language (users.locale, 0027; she may change it after buying): the email is written in it. */
  locale: Locale;
}

/** The buyer's one-click link that turns the course reminders off (app/routes/baja.tsx), in her language's address. */
export function reminderUnsubscribeUrl(
  publicUrl: string,
  secret: string,
  userId: string,
  locale: Locale = "es",
): string {
  return `${publicUrl}${localHref(locale, `/baja/${makeUnsubscribeToken(secret, COURSE_REMINDERS_TOPIC, userId)}`)}`;
}

/** The message's parts as HTML: its text escaped, its `<link>` an anchor to `href`. */
function linkedHtml(parts: MessagePart[], href: string): string {
  return parts
    .map((p) =>
      typeof p === "string"
        ? escapeHtml(p)
        : `<a href="${escapeHtml(href)}" style="color:#6B5A62">${linkedHtml(p.children, href)}</a>`,
    )
    .join("");
}

/** The reminder in the account's language: the course, its dates and hours, the address and the calendar link. */
export function buildReminderEmail(d: ReminderData, publicUrl: string): MailMessage {
  const { locale } = d;
  const t = serverTranslator(locale);
  const start = formatWeekdayDate(d.startsOn, locale);
  const dates =
    d.endsOn && d.endsOn !== d.startsOn
      ? t("email.courseReminder.datesRange", { start, end: formatWeekdayDate(d.endsOn, locale) })
      : t("email.courseReminder.datesDay", { start });
  const longStart = formatLongDate(d.startsOn, locale);
  const calendarUrl = `${publicUrl}/api/pedidos/${encodeURIComponent(d.orderId)}/calendario.ics?curso=${encodeURIComponent(d.courseId)}`;
  const name = d.firstName.trim();
  const greeting = name ? t("email.common.greetingNamed", { name }) : t("email.common.greeting");
  const intro = t("email.courseReminder.intro", { title: d.courseTitle });
  const facts: [string, string][] = [
    [t("email.courseReminder.facts.dates"), dates],
    ...(d.schedule.trim() ? [[t("email.courseReminder.facts.schedule"), d.schedule.trim()] as [string, string]] : []),
    [t("email.courseReminder.facts.address"), site.address.full],
  ];
  const outro = t("email.courseReminder.outro", { phone: site.phone.display, email: site.email });
  const calendarLabel = t("email.courseReminder.calendarButton");
  const optOutHtml = d.unsubscribeUrl
    ? linkedHtml(t.parts("email.courseReminder.optOutLinkHtml"), d.unsubscribeUrl)
    : escapeHtml(t("email.courseReminder.optOut"));
  const optOutText = d.unsubscribeUrl
    ? t("email.courseReminder.optOutLinkText", { url: d.unsubscribeUrl })
    : t("email.courseReminder.optOut");
  const bodyHtml = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 16px">
${facts.map(([k, v]) => `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#6B5A62;font-weight:600;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join("\n")}
</table>
<p><a href="${escapeHtml(site.maps.directions)}" style="color:#5B1F3E">${escapeHtml(t("email.courseReminder.directions"))}</a></p>
${emailButton(calendarUrl, calendarLabel)}
<p>${escapeHtml(outro)}</p>
<p style="color:#6B5A62;font-size:13px">${optOutHtml}</p>`;
  const bodyText = [
    greeting,
    "",
    intro,
    "",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    t("email.courseReminder.directionsText", { url: site.maps.directions }),
    t("email.courseReminder.calendarText", { url: calendarUrl }),
    "",
    outro,
    "",
    optOutText,
  ].join("\n");
  const { html, text } = renderEmail({
    title: t("email.courseReminder.title", { date: longStart }),
    preheader: t("email.courseReminder.preheader", {
      title: d.courseTitle,
      dates: dates.toLowerCase(),
      address: site.address.full,
    }),
    bodyHtml,
    bodyText,
    locale,
  });
  return {
    to: d.email,
    subject: t("email.courseReminder.subject", { title: d.courseTitle, date: longStart, salon: site.name }),
    html,
    text,
    // Not strictly transactional (it can be turned off): one POST to the signed link turns it
    // off with no sign-in (RFC 8058); without that link, the settings page after signing in.
    listUnsubscribe: d.unsubscribeUrl
      ? { url: d.unsubscribeUrl, oneClick: true }
      : { url: `${publicUrl}${localHref(locale, "/perfil/ajustes")}` },
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
        "courses.title_ca",
        "course_editions.starts_on",
        "course_editions.ends_on",
        "course_editions.schedule",
        "course_editions.schedule_ca",
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
    const catalan = row.locale === "ca";
    return buildReminderEmail(
      {
        firstName: row.first_name,
        email: row.email,
        courseId: row.course_id,
        courseTitle: (catalan && row.title_ca?.trim()) || row.title,
        orderId: row.order_id,
        startsOn: row.starts_on,
        endsOn: row.ends_on,
        schedule: (catalan && row.schedule_ca?.trim()) || row.schedule,
        unsubscribeUrl: ctx.unsubscribeSecret
          ? reminderUnsubscribeUrl(ctx.publicUrl, ctx.unsubscribeSecret, row.user_id, row.locale)
          : null,
        locale: row.locale,
      },
      ctx.publicUrl,
    );
  },
};
