/**
 * What the appointment emails and the appointment's calendar file show, read
 * afresh from the database when they are rendered, and the pieces they share:
 * the facts table, the price line, the cancellation window in words, the
 * WhatsApp deep link and the .ics attachment.
 */
import { site } from "~/content/site.ts";
import type { Db } from "~/db/db.server.ts";
import { formatDuration, formatServicePrice } from "~/domain/service-text.ts";
import { formatAppointmentTime, formatDayLong, formatTime, wallClockOf } from "~/domain/salon-time.ts";
import { escapeHtml } from "~/mail/layout.server.ts";
import type { MailAttachment } from "~/mail/mailer.server.ts";
import {
  appointmentIcsFileName,
  appointmentIcsMethod,
  appointmentSequence,
  buildAppointmentCalendar,
  type AppointmentCalendarInput,
} from "./appointment-ics.ts";

export interface AppointmentMailService {
  name: string;
  durationMin: number;
}

export interface AppointmentMailData {
  id: string;
  /** held | confirmed | cancelled | expired | attended | no_show */
  status: string;
  clientName: string;
  clientEmail: string;
  startsAt: string;
  endsAt: string;
  holdExpiresAt: string | null;
  professional: string;
  services: AppointmentMailService[];
  priceCents: number;
  priceFrom: boolean;
  /** client | staff | null */
  cancelledBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The appointment as the client's emails describe it; null when it does not exist. */
export async function loadAppointmentMailData(db: Db, appointmentId: string): Promise<AppointmentMailData | null> {
  const row = await db
    .selectFrom("appointments")
    .innerJoin("professionals", "professionals.id", "appointments.professional_id")
    .select([
      "appointments.id",
      "appointments.status",
      "appointments.client_name",
      "appointments.client_email",
      "appointments.starts_at",
      "appointments.ends_at",
      "appointments.hold_expires_at",
      "appointments.price_cents",
      "appointments.price_from",
      "appointments.cancelled_by",
      "appointments.created_at",
      "appointments.updated_at",
      "professionals.name as professional",
    ])
    .where("appointments.id", "=", appointmentId)
    .executeTakeFirst();
  if (!row) return null;
  const services = await db
    .selectFrom("appointment_services")
    .select(["name", "duration_min"])
    .where("appointment_id", "=", appointmentId)
    .orderBy("position")
    .execute();
  return {
    id: row.id,
    status: row.status,
    clientName: row.client_name,
    clientEmail: row.client_email,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    holdExpiresAt: row.hold_expires_at,
    professional: row.professional,
    services: services.map((s) => ({ name: s.name, durationMin: Number(s.duration_min) })),
    priceCents: Number(row.price_cents),
    priceFrom: Number(row.price_from) === 1,
    cancelledBy: row.cancelled_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** "Manicura semipermanente y Pedicura spa". */
export function serviceNames(d: Pick<AppointmentMailData, "services">): string {
  const names = d.services.map((s) => s.name);
  return names.length <= 1 ? (names[0] ?? "tu cita") : `${names.slice(0, -1).join(", ")} y ${names.at(-1)}`;
}

/** "25,00 €" or "desde 40,00 €". */
export function priceText(d: Pick<AppointmentMailData, "priceCents" | "priceFrom">): string {
  return formatServicePrice(d.priceCents, d.priceFrom);
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

/** "viernes, 4 de diciembre, a las 10:30": the start inside a sentence. */
export function whenInWords(startsAt: string): string {
  const { date, minutes } = wallClockOf(new Date(startsAt));
  return `${formatDayLong(date)}, a las ${formatTime(minutes)}`;
}

/** wa.me link with a message naming the services, the day and the time. */
export function whatsappLinkFor(d: Pick<AppointmentMailData, "services" | "startsAt" | "professional">): string {
  return site.whatsapp.link(
    `¡Hola, ${site.name}! Tengo una cita de ${serviceNames(d)} el ${whenInWords(d.startsAt)} con ${d.professional}.`,
  );
}

/** The rows every appointment email shows. */
export function appointmentFacts(d: AppointmentMailData, opts: { price?: boolean } = {}): [string, string][] {
  return [
    ["Cuándo", formatAppointmentTime(new Date(d.startsAt))],
    ["Servicios", d.services.map((s) => `${s.name} (${formatDuration(s.durationMin)})`).join(" + ")],
    ["Con", d.professional],
    ...(opts.price === false ? [] : [["Precio", `${priceText(d)}, se paga en el salón`] as [string, string]]),
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

export function calendarInputOf(d: AppointmentMailData, manageLink: string | null): AppointmentCalendarInput {
  return {
    appointmentId: d.id,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    services: d.services.map((s) => s.name),
    professional: d.professional,
    sequence: appointmentSequence(d.createdAt, d.updatedAt),
    cancelled: d.status === "cancelled",
    manageUrl: manageLink,
  };
}

/** The appointment as an .ics attachment (a cancellation for a cancelled one). */
export function calendarAttachment(d: AppointmentMailData, manageLink: string | null, now: Date): MailAttachment {
  const input = calendarInputOf(d, manageLink);
  return {
    filename: appointmentIcsFileName(d.startsAt),
    content: buildAppointmentCalendar(input, now),
    contentType: `text/calendar; charset=utf-8; method=${appointmentIcsMethod(input.cancelled)}`,
  };
}
