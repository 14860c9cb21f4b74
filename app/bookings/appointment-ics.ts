/**
 * iCalendar (RFC 5545) file of one salon appointment: one timed VEVENT in UTC,
 * attached to the appointment emails and served at /cita/:token/calendario.ics.
 * The UID is stable per appointment, so a calendar that imported the booking
 * updates it when the appointment moves (higher SEQUENCE) or is cancelled
 * (STATUS:CANCELLED, METHOD:CANCEL) instead of adding a second event.
 * Pure and deterministic (the caller passes `now`): unit-tested byte for byte.
 */
import { site } from "~/content/site.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import type { Translate } from "~/i18n/messages.ts";
import { escapeIcsText, foldLine } from "~/orders/ics.ts";
import { wallClockOf } from "~/domain/salon-time.ts";

export interface AppointmentCalendarInput {
  appointmentId: string;
  /** ISO UTC instants. */
  startsAt: string;
  endsAt: string;
  /** Service names, in order. */
  services: readonly string[];
  professional: string;
  /** RFC 5545 SEQUENCE: higher for every later version of the appointment. */
  sequence: number;
  cancelled: boolean;
  /** The client's link to see, move or cancel the appointment. */
  manageUrl?: string | null;
}

const CRLF = "\r\n";

/** 2026-12-04T09:30:00.000Z → 20261204T093000Z. */
export function icsUtc(instant: string | Date): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const appointmentUid = (appointmentId: string): string => `${appointmentId}@alejandranails.es`;

/**
 * SEQUENCE from the row's timestamps: seconds between its creation and its last
 * update. Every change (confirmation, move, cancellation) updates `updated_at`,
 * so each later version of the file has a higher number, with no counter column.
 */
export function appointmentSequence(createdAt: string, updatedAt: string): number {
  const seconds = Math.floor((Date.parse(updatedAt) - Date.parse(createdAt)) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/** The iTIP method of the file: PUBLISH for a booking, CANCEL for a cancelled one. */
export const appointmentIcsMethod = (cancelled: boolean): "PUBLISH" | "CANCEL" => (cancelled ? "CANCEL" : "PUBLISH");

/** "Cita en Alejandra Nails: Manicura semipermanente, Pedicura spa". */
function appointmentSummary(services: readonly string[], t: Translate): string {
  return t("ics.appointment.summary", { salon: site.name, services: services.join(", ") });
}

/** A complete VCALENDAR with the appointment's one VEVENT. */
export function buildAppointmentCalendar(a: AppointmentCalendarInput, now: Date, locale: Locale = "es"): string {
  const t = serverTranslator(locale);
  const description = [
    t("ics.appointment.with", { professional: a.professional }),
    t("ics.appointment.where", { address: site.address.full, phone: site.phone.display }),
    ...(a.manageUrl ? [t("ics.appointment.manage", { url: a.manageUrl })] : []),
  ].join("\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Alejandra Nails//Citas//ES",
    "CALSCALE:GREGORIAN",
    `METHOD:${appointmentIcsMethod(a.cancelled)}`,
    "BEGIN:VEVENT",
    `UID:${appointmentUid(a.appointmentId)}`,
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART:${icsUtc(a.startsAt)}`,
    `DTEND:${icsUtc(a.endsAt)}`,
    `SEQUENCE:${a.sequence}`,
    `STATUS:${a.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `SUMMARY:${escapeIcsText(appointmentSummary(a.services, t))}`,
    `LOCATION:${escapeIcsText(site.address.full)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    `ORGANIZER;CN=${site.name}:mailto:${site.email}`,
  ];
  if (a.manageUrl) lines.push(`URL:${a.manageUrl}`);
  if (a.cancelled) {
    lines.push("TRANSP:TRANSPARENT");
  } else {
    lines.push(
      "TRANSP:OPAQUE",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `DESCRIPTION:${escapeIcsText(appointmentSummary(a.services, t))}`,
      "TRIGGER:-PT24H",
      "END:VALARM",
    );
  }
  lines.push("END:VEVENT", "END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** "cita-alejandra-nails-2026-12-04.ics": the Madrid day of the appointment. */
export function appointmentIcsFileName(startsAt: string): string {
  return `cita-alejandra-nails-${wallClockOf(new Date(startsAt)).date}.ics`;
}
