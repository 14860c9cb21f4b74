/**
 * The salon's notices of appointments (outbox templates "salon-booking",
 * "salon-cancellation"; enqueued by notifications.server.ts): a client booked
 * an appointment online (sent once it is confirmed), or cancelled hers.
 * Rendered from the appointment as it is when the worker runs: when, what,
 * with whom, the client's contact, the price and the señal, and a link to the
 * appointment in the diary.
 */
import { getAppointment, type Appointment } from "~/bookings/queries.server.ts";
import { serviceNames, whenInWords } from "~/domain/appointment-text.ts";
import { depositStateLine, paymentSplit } from "~/bookings/booking-text.ts";
import { depositTowardPrice } from "~/domain/deposit.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { formatAppointmentLabel, formatAppointmentTime } from "~/domain/salon-time.ts";
import { formatDuration } from "~/domain/service-text.ts";
import type { EmailContext, EmailTemplate } from "~/mail/email-jobs.server.ts";
import { buildNotice, noticeAddress } from "./notice-layout.server.ts";
import { SALON_BOOKING, SALON_CANCELLATION } from "./notifications.server.ts";

function appointmentFacts(a: Appointment): [string, string][] {
  const deposit = a.deposit;
  const t = serverTranslator("es");
  const contact = [a.clientName, a.clientEmail ? `<${a.clientEmail}>` : "", a.clientPhone].filter(Boolean).join(" ");
  return [
    ["Cuándo", formatAppointmentLabel(Date.parse(a.startsAt))],
    ["Servicios", a.services.map((s) => `${s.name} (${formatDuration(s.durationMin)})`).join("; ") || "—"],
    ["Con", a.professionalName],
    ["Clienta", contact || "Sin datos"],
    ["Precio", paymentSplit(t, a.priceCents, a.priceFrom, depositTowardPrice(deposit))],
    ...(deposit ? [["Señal", depositStateLine(t, deposit)] as [string, string]] : []),
    ...(a.comment ? [["Comentario", a.comment] as [string, string]] : []),
  ];
}

const diaryLink = (publicUrl: string, id: string) => ({
  url: `${publicUrl}/gestion/agenda/${id}`,
  label: "Ver la cita en la agenda",
  textLabel: "Ver la cita",
});

async function appointmentOf(ctx: EmailContext, payload: Record<string, unknown>): Promise<Appointment | null> {
  return typeof payload.appointmentId === "string" ? getAppointment(ctx.db, payload.appointmentId) : null;
}

function bookingTemplate(to: string | undefined): EmailTemplate {
  return {
    async render(ctx, payload) {
      const a = await appointmentOf(ctx, payload);
      const address = await noticeAddress(ctx.db, to);
      if (!address || !a) return null;
      return buildNotice(
        {
          title: "Nueva cita reservada",
          subject: `Cita nueva: ${a.clientName} · ${formatAppointmentTime(Date.parse(a.startsAt))}`,
          intro: `${a.clientName} ha reservado en la web ${serviceNames(a)} para el ${whenInWords(a.startsAt)} con ${a.professionalName}.`,
          facts: appointmentFacts(a),
        },
        address,
        diaryLink(ctx.publicUrl, a.id),
      );
    },
  };
}

function cancellationTemplate(to: string | undefined): EmailTemplate {
  return {
    async render(ctx, payload) {
      const a = await appointmentOf(ctx, payload);
      const address = await noticeAddress(ctx.db, to);
      if (!address || !a || a.status !== "cancelled") return null;
      const when = formatAppointmentTime(Date.parse(a.startsAt));
      return buildNotice(
        {
          title: "Una clienta ha anulado su cita",
          subject: `Cita anulada: ${a.clientName} · ${when}`,
          intro: `${a.clientName} ha anulado su cita del ${whenInWords(a.startsAt)} con ${a.professionalName}: esa hora vuelve a estar libre.`,
          facts: [
            ...appointmentFacts(a),
            ...(a.cancelledAt
              ? [["Anulada", formatAppointmentLabel(Date.parse(a.cancelledAt))] as [string, string]]
              : []),
          ],
        },
        address,
        diaryLink(ctx.publicUrl, a.id),
      );
    },
  };
}

/** The two templates, addressed like every salon notice (notice-layout.server.ts). */
export function appointmentNoticeTemplates(to: string | undefined): Record<string, EmailTemplate> {
  return { [SALON_BOOKING]: bookingTemplate(to), [SALON_CANCELLATION]: cancellationTemplate(to) };
}
