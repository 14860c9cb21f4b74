/**
 * The appointment emails, in the booking's language (appointments.locale), built from the appointment as it is now
 * (appointment-mail-data.server.ts) and the links made for this message. No
 * database access here: appointment-emails.server.ts decides whether to send
 * and makes the links.
 */
import { site } from "~/content/site.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { formatAppointmentTime, formatDayLong, formatTime, wallClockOf } from "~/domain/salon-time.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Translate } from "~/i18n/messages.ts";
import { emailButton, escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import type { MailAttachment, MailMessage } from "~/mail/mailer.server.ts";
import {
  appointmentFacts,
  factsHtml,
  factsText,
  greetingOf,
  linkHtml,
  windowText,
} from "./appointment-mail-data.server.ts";
import { serviceNames, whenInWords } from "~/domain/appointment-text.ts";
import type { Appointment } from "./queries.server.ts";

interface Body {
  title: string;
  subject: string;
  preheader: string;
  /** Paragraphs before the facts. */
  intro: string[];
  facts: [string, string][];
  button?: { href: string; label: string };
  /** Paragraphs after the button, each with its plain-text twin. */
  after: { html: string; text: string }[];
  attachments?: MailAttachment[];
}

const para = (text: string) => ({ html: `<p>${escapeHtml(text)}</p>`, text });

function compose(d: Appointment, b: Body): MailMessage {
  const greeting = greetingOf(d.clientName, d.locale);
  const bodyHtml = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...b.intro.map((p) => `<p>${escapeHtml(p)}</p>`),
    factsHtml(b.facts),
    ...(b.button ? [emailButton(b.button.href, b.button.label)] : []),
    ...b.after.map((a) => a.html),
  ].join("\n");
  const bodyText = [
    greeting,
    "",
    ...b.intro.flatMap((p) => [p, ""]),
    factsText(b.facts),
    "",
    ...(b.button ? [`${b.button.label}: ${b.button.href}`, ""] : []),
    ...b.after.filter((a) => a.text).flatMap((a) => [a.text, ""]),
  ].join("\n");
  const { html, text } = renderEmail({
    title: b.title,
    preheader: b.preheader,
    bodyHtml,
    bodyText,
    locale: d.locale,
  });
  return {
    to: d.clientEmail,
    subject: `${b.subject} · ${site.name}`,
    html,
    text,
    ...(b.attachments ? { attachments: b.attachments } : {}),
  };
}

/** The words of the appointment's language (appointments.locale, issue 34). */
const tOf = (d: Appointment): Translate => serverTranslator(d.locale);
/** For subjects: "viernes, 4 de diciembre, 10:30". */
const whenOf = (d: Appointment) => formatAppointmentTime(new Date(d.startsAt), d.locale);
/** Inside sentences: "viernes, 4 de diciembre, a las 10:30". */
const whenIn = (d: Appointment) => whenInWords(d.startsAt, d.locale);

function directions(t: Translate) {
  return {
    html: `<p>${linkHtml(site.maps.directions, t("email.appointment.directionsLink"))}</p>`,
    text: t("email.appointment.directionsText", { url: site.maps.directions }),
  };
}

function whatsapp(d: Appointment, t: Translate) {
  // The message she sends, in her booking's language: the words of the appointment page's WhatsApp button.
  const href = site.whatsapp.link(
    t("booking.manage.whatsappMessage", {
      salon: site.name,
      services: serviceNames(d, d.locale),
      when: whenIn(d),
      professional: d.professionalName,
    }),
  );
  const link = linkHtml(href, t("email.appointment.whatsappLink"));
  return {
    html: `<p>${escapeHtml(t("email.appointment.whatsappBefore"))} ${link} ${escapeHtml(t("email.appointment.whatsappAfter"))}</p>`,
    text: t("email.appointment.whatsappText", { url: href }),
  };
}

function changePolicy(d: Appointment, cancelHours: number) {
  return para(
    tOf(d)("email.appointment.changePolicy", {
      window: windowText(cancelHours, d.locale),
      phone: site.phone.display,
    }),
  );
}

/** Guest booking: the slot is held until she confirms with the link. */
export function buildHoldEmail(d: Appointment, links: { confirm: string }): MailMessage {
  const t = tOf(d);
  const until = d.holdExpiresAt ? formatTime(wallClockOf(new Date(d.holdExpiresAt)).minutes) : null;
  return compose(d, {
    title: t("email.appointment.hold.title"),
    subject: t("email.appointment.hold.title"),
    preheader: t("email.appointment.hold.preheader", { when: whenIn(d) }),
    intro: [t("email.appointment.hold.intro"), ...(until ? [t("email.appointment.hold.until", { time: until })] : [])],
    facts: appointmentFacts(d),
    button: { href: links.confirm, label: t("email.appointment.hold.button") },
    after: [
      {
        html: `<p style="font-size:14px;color:#6B5A62">${escapeHtml(t("email.appointment.hold.copyLink"))}<br><a href="${escapeHtml(links.confirm)}" style="color:#5B1F3E;word-break:break-all">${escapeHtml(links.confirm)}</a></p>`,
        text: "",
      },
      para(t("email.appointment.hold.notYou")),
    ],
  });
}

/** Booked (or confirmed by the guest): every detail, the .ics, the manage and WhatsApp links. */
export function buildConfirmedEmail(
  d: Appointment,
  links: { manage: string },
  cancelHours: number,
  calendar: MailAttachment,
): MailMessage {
  const t = tOf(d);
  return compose(d, {
    title: t("email.appointment.confirmed.title"),
    subject: t("email.appointment.confirmed.subject", { when: whenOf(d) }),
    preheader: t("email.appointment.confirmed.preheader", {
      services: serviceNames(d, d.locale),
      professional: d.professionalName,
      when: whenIn(d),
    }),
    intro: [t("email.appointment.confirmed.intro", { when: whenIn(d), salon: site.name })],
    facts: appointmentFacts(d),
    button: { href: links.manage, label: t("email.appointment.manageButton") },
    after: [
      changePolicy(d, cancelHours),
      para(t("email.appointment.confirmed.calendar")),
      whatsapp(d, t),
      directions(t),
    ],
    attachments: [calendar],
  });
}

/** The appointment moved: the new time and the updated calendar file (same event). */
export function buildMovedEmail(
  d: Appointment,
  links: { manage: string },
  cancelHours: number,
  calendar: MailAttachment,
): MailMessage {
  const t = tOf(d);
  return compose(d, {
    title: t("email.appointment.moved.title"),
    subject: t("email.appointment.moved.subject", { when: whenOf(d) }),
    preheader: t("email.appointment.moved.preheader", { when: whenIn(d) }),
    intro: [t("email.appointment.moved.intro", { when: whenIn(d) })],
    facts: appointmentFacts(d),
    button: { href: links.manage, label: t("email.appointment.manageButton") },
    after: [changePolicy(d, cancelHours), para(t("email.appointment.moved.calendar")), whatsapp(d, t), directions(t)],
    attachments: [calendar],
  });
}

/**
 * Cancelled by the client or by the salon (the email says which), with a link
 * to book again: `bookAgainUrl`, the site's /reservar or the owner's external
 * booking page (where "RESERVA TU CITA" leads when the email is rendered).
 */
export function buildCancelledEmail(d: Appointment, bookAgainUrl: string, calendar: MailAttachment): MailMessage {
  const t = tOf(d);
  const bySalon = d.cancelledBy === "staff";
  return compose(d, {
    title: t("email.appointment.cancelled.title"),
    subject: t("email.appointment.cancelled.subject", { when: whenOf(d) }),
    preheader: t(
      bySalon ? "email.appointment.cancelled.preheaderSalon" : "email.appointment.cancelled.preheaderClient",
    ),
    intro: [
      bySalon
        ? t("email.appointment.cancelled.introSalon", { when: whenIn(d), phone: site.phone.display })
        : t("email.appointment.cancelled.introClient", { when: whenIn(d) }),
    ],
    facts: appointmentFacts(d, { price: false }),
    button: { href: bookAgainUrl, label: t("email.appointment.cancelled.button") },
    after: [para(t("email.appointment.cancelled.calendar")), para(t("email.appointment.cancelled.seeYou"))],
    attachments: [calendar],
  });
}

/** "mañana", "hoy" or the weekday and date of the appointment, seen from `now`. */
function dayWord(startsAt: string, now: Date, t: Translate): string {
  const day = madridDate(new Date(startsAt));
  const today = madridDate(now);
  if (day === today) return t("email.appointment.reminder.today");
  if (day === addDays(today, 1)) return t("email.appointment.reminder.tomorrow");
  return t("email.appointment.reminder.onDay", { day: formatDayLong(day, t.locale) });
}

/** 24 hours before: when and where, and how to change it (or to call, once the window has passed). */
export function buildReminderEmail(
  d: Appointment,
  links: { manage: string },
  opts: { now: Date; cancelHours: number; mayChange: boolean },
): MailMessage {
  const t = tOf(d);
  const time = formatTime(wallClockOf(new Date(d.startsAt)).minutes);
  const day = dayWord(d.startsAt, opts.now, t);
  const values = { day, time, services: serviceNames(d, d.locale), professional: d.professionalName };
  return compose(d, {
    title: t("email.appointment.reminder.title", values),
    subject: t("email.appointment.reminder.subject", values),
    preheader: t("email.appointment.reminder.preheader", values),
    intro: [t("email.appointment.reminder.intro", values)],
    facts: appointmentFacts(d),
    button: {
      href: links.manage,
      label: t(opts.mayChange ? "email.appointment.manageButton" : "email.appointment.reminder.viewButton"),
    },
    after: [
      opts.mayChange
        ? changePolicy(d, opts.cancelHours)
        : para(t("email.appointment.reminder.cannotCome", { phone: site.phone.display })),
      whatsapp(d, t),
      directions(t),
    ],
  });
}
