/**
 * What the appointment emails and the appointment's calendar file show, read
 * afresh from the database when they are rendered, and the pieces they share:
 * the facts table, the price line, the cancellation window in words, the
 * WhatsApp deep link and the .ics attachment.
 */
import { depositStateText, depositTowardPrice, paymentSplitText } from "~/domain/deposit.ts";
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

/** The price and what is paid when: a señal still to pay or paid is charged online, the rest at the salon. */
function priceAndPayment(d: Pick<Appointment, "priceCents" | "priceFrom" | "deposit">): string {
  return paymentSplitText(d.priceCents, d.priceFrom, depositTowardPrice(d.deposit));
}

/** "Hola, Lucía:" from the name she gave. */
export function greetingOf(clientName: string): string {
  const first = clientName.trim().split(/\s+/)[0] ?? "";
  return first ? `Hola, ${first}:` : "Hola:";
}

/** The cancellation window in words: "hasta 24 horas antes". */
export function windowText(cancelHours: number): string {
  if (cancelHours <= 0) return "hasta la hora de la cita";
  return cancelHours === 1 ? "hasta 1 hora antes" : `hasta ${cancelHours} horas antes`;
}

/** The rows every appointment email shows. */
export function appointmentFacts(d: Appointment, opts: { price?: boolean } = {}): [string, string][] {
  return [
    ["Cuándo", formatAppointmentTime(new Date(d.startsAt))],
    ["Servicios", d.services.map((s) => `${s.name} (${formatDuration(s.durationMin)})`).join(" + ")],
    ["Con", d.professionalName],
    ...(opts.price === false ? [] : [["Precio", priceAndPayment(d)] as [string, string]]),
    ...(d.deposit ? [["Señal", depositStateText(d.deposit)] as [string, string]] : []),
    ["Dónde", site.address.full],
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
    content: buildAppointmentCalendar(input, now),
    contentType: `text/calendar; charset=utf-8; method=${appointmentIcsMethod(input.cancelled)}`,
  };
}
