/**
 * What the appointment emails and the appointment's calendar file show, read
 * afresh from the database when they are rendered, and the pieces they share:
 * the facts table, the price line, the cancellation window in words, the
 * WhatsApp deep link and the .ics attachment.
 */
import { depositTowardPrice } from "~/domain/deposit.ts";
import { depositStateLine, paymentSplit } from "./booking-text.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import type { Translate } from "~/i18n/messages.ts";
import { site } from "~/content/site.ts";
import type { Appointment } from "./queries.server.ts";
import { formatDuration } from "~/domain/service-text.ts";
import { formatAppointmentTime } from "~/domain/salon-time.ts";
import { escapeHtml } from "~/mail/layout.server.ts";
import type { MailAttachment } from "~/mail/mailer.server.ts";
import {
  appointmentIcsFileName,
  appointmentIcsMethod,
  appointmentSequence,
  buildAppointmentCalendar,
  type AppointmentCalendarInput,
} from "./appointment-ics.ts";

/** "Hola, Lucía:" from the name she gave. */
export function greetingOf(clientName: string, locale: Locale = "es"): string {
  const t = serverTranslator(locale);
  const first = clientName.trim().split(/\s+/)[0] ?? "";
  return first ? t("email.common.greetingNamed", { name: first }) : t("email.common.greeting");
}

/** The cancellation window in words: "hasta 24 horas antes". */
export function windowText(cancelHours: number, locale: Locale = "es"): string {
  const t: Translate = serverTranslator(locale);
  if (cancelHours <= 0) return t("email.appointment.window.untilStart");
  return t("email.appointment.window.hours", { n: cancelHours });
}

/** The rows every appointment email shows, in the booking's language. */
export function appointmentFacts(d: Appointment, opts: { price?: boolean } = {}): [string, string][] {
  const t = serverTranslator(d.locale);
  return [
    [t("email.appointment.facts.when"), formatAppointmentTime(new Date(d.startsAt), d.locale)],
    [
      t("email.appointment.facts.services"),
      d.services.map((s) => `${s.name} (${formatDuration(s.durationMin)})`).join(" + "),
    ],
    [t("email.appointment.facts.with"), d.professionalName],
    ...(opts.price === false ? [] : [[t("email.appointment.facts.price"), paymentSplit(t, d.priceCents, d.priceFrom, depositTowardPrice(d.deposit))] as [string, string]]),
    ...(d.deposit
      ? [[t("email.appointment.facts.deposit"), depositStateLine(t, d.deposit)] as [string, string]]
      : []),
    [t("email.appointment.facts.where"), site.address.full],
  ];
}

export function factsHtml(facts: readonly [string, string][]): string {
  return `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 16px">
${facts.map(([k, v]) => `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#6B5A62;font-weight:600;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join("\n")}
</table>`;
}

export const factsText = (facts: readonly [string, string][]): string => facts.map(([k, v]) => `${k}: ${v}`).join("\n");

export function linkHtml(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:#5B1F3E">${escapeHtml(label)}</a>`;
}

export function calendarInputOf(d: Appointment, manageLink: string | null): AppointmentCalendarInput {
  return {
    appointmentId: d.id,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    services: d.services.map((s) => s.name),
    professional: d.professionalName,
    sequence: appointmentSequence(d.createdAt, d.updatedAt),
    cancelled: d.status === "cancelled",
    manageUrl: manageLink,
  };
}

/** The appointment as an .ics attachment (a cancellation for a cancelled one). */
export function calendarAttachment(d: Appointment, manageLink: string | null, now: Date): MailAttachment {
  const input = calendarInputOf(d, manageLink);
  return {
    filename: appointmentIcsFileName(d.startsAt),
    content: buildAppointmentCalendar(input, now, d.locale),
    contentType: `text/calendar; charset=utf-8; method=${appointmentIcsMethod(input.cancelled)}`,
  };
}
