/**
 * The Spanish appointment emails, built from the appointment as it is now
 * (appointment-mail-data.server.ts) and the links made for this message. No
 * database access here: appointment-emails.server.ts decides whether to send
 * and makes the links.
 */
import { site } from "~/content/site.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { formatAppointmentTime, formatDayLong, formatTime, wallClockOf } from "~/domain/salon-time.ts";
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
import { serviceNames, whatsappLinkFor, whenInWords } from "~/domain/appointment-text.ts";
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
  const greeting = greetingOf(d.clientName);
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
  const { html, text } = renderEmail({ title: b.title, preheader: b.preheader, bodyHtml, bodyText });
  return {
    to: d.clientEmail,
    subject: `${b.subject} · ${site.name}`,
    html,
    text,
    ...(b.attachments ? { attachments: b.attachments } : {}),
  };
}

/** For subjects: "viernes, 4 de diciembre, 10:30". */
const whenOf = (d: Appointment) => formatAppointmentTime(new Date(d.startsAt));
/** Inside sentences: "viernes, 4 de diciembre, a las 10:30". */
const whenIn = (d: Appointment) => whenInWords(d.startsAt);

function directions() {
  return {
    html: `<p>${linkHtml(site.maps.directions, "Cómo llegar al salón")}</p>`,
    text: `Cómo llegar: ${site.maps.directions}`,
  };
}

function whatsapp(d: Appointment) {
  const href = whatsappLinkFor(d);
  return {
    html: `<p>¿Prefieres WhatsApp? ${linkHtml(href, "Escríbenos con los datos de tu cita")} y te atendemos por ahí.</p>`,
    text: `¿Prefieres WhatsApp? Escríbenos: ${href}`,
  };
}

function changePolicy(cancelHours: number) {
  return para(
    `Puedes cambiar o cancelar tu cita desde el enlace ${windowText(cancelHours)}. Después, llámanos al ${site.phone.display}.`,
  );
}

/** Guest booking: the slot is held until she confirms with the link. */
export function buildHoldEmail(d: Appointment, links: { confirm: string }): MailMessage {
  const until = d.holdExpiresAt ? formatTime(wallClockOf(new Date(d.holdExpiresAt)).minutes) : null;
  return compose(d, {
    title: "Confirma tu cita",
    subject: "Confirma tu cita",
    preheader: `Pulsa el enlace para confirmar tu cita del ${whenIn(d)}.`,
    intro: [
      "¡Gracias por reservar! Para que la cita sea tuya, confírmala con el botón de abajo.",
      ...(until ? [`Te guardamos el hueco hasta las ${until}; si no la confirmas antes, quedará libre otra vez.`] : []),
    ],
    facts: appointmentFacts(d),
    button: { href: links.confirm, label: "Confirmar mi cita" },
    after: [
      {
        html: `<p style="font-size:14px;color:#6B5A62">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escapeHtml(links.confirm)}" style="color:#5B1F3E;word-break:break-all">${escapeHtml(links.confirm)}</a></p>`,
        text: "",
      },
      para("Si no has pedido esta cita, ignora este correo: el hueco se liberará solo."),
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
  return compose(d, {
    title: "¡Tu cita está confirmada!",
    subject: `Cita confirmada: ${whenOf(d)}`,
    preheader: `${serviceNames(d)} con ${d.professionalName}, el ${whenIn(d)}.`,
    intro: [`Te esperamos el ${whenIn(d)} en ${site.name}.`],
    facts: appointmentFacts(d),
    button: { href: links.manage, label: "Ver, cambiar o cancelar mi cita" },
    after: [
      changePolicy(cancelHours),
      para("Te adjuntamos la cita en un archivo de calendario (.ics) para que la añadas a tu agenda."),
      whatsapp(d),
      directions(),
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
  return compose(d, {
    title: "Tu cita tiene nueva fecha",
    subject: `Cita cambiada: ${whenOf(d)}`,
    preheader: `Ahora te esperamos el ${whenIn(d)}.`,
    intro: [`Tu cita ha cambiado. Ahora te esperamos el ${whenIn(d)}.`],
    facts: appointmentFacts(d),
    button: { href: links.manage, label: "Ver, cambiar o cancelar mi cita" },
    after: [
      changePolicy(cancelHours),
      para("Te adjuntamos el calendario actualizado (.ics): sustituye la cita anterior en tu agenda."),
      whatsapp(d),
      directions(),
    ],
    attachments: [calendar],
  });
}

/**
 * Cancelled by the client or by the salon (the email says which), with a link
 * to book again: `bookAgainUrl`, the site's /reservar or the owner's external
 * booking page (where "RESERVA TU CITA" leads when the email is rendered).
 */
export function buildCancelledEmail(d: Appointment, bookAgainUrl: string, calendar: MailAttachment): MailMessage {
  const bySalon = d.cancelledBy === "staff";
  return compose(d, {
    title: "Tu cita está cancelada",
    subject: `Cita cancelada: ${whenOf(d)}`,
    preheader: bySalon ? "Sentimos tener que cancelar tu cita." : "Hemos cancelado tu cita, como nos pediste.",
    intro: [
      bySalon
        ? `Sentimos mucho tener que cancelar tu cita del ${whenIn(d)}. Si quieres, llámanos al ${site.phone.display} y te buscamos otro hueco.`
        : `Como nos pediste, hemos cancelado tu cita del ${whenIn(d)}.`,
    ],
    facts: appointmentFacts(d, { price: false }),
    button: { href: bookAgainUrl, label: "Reservar otra cita" },
    after: [
      para("El archivo de calendario adjunto (.ics) quita la cita de tu agenda."),
      para("¡Esperamos verte pronto!"),
    ],
    attachments: [calendar],
  });
}

/** "mañana", "hoy" or the weekday and date of the appointment, seen from `now`. */
function dayWord(startsAt: string, now: Date): string {
  const day = madridDate(new Date(startsAt));
  const today = madridDate(now);
  if (day === today) return "hoy";
  if (day === addDays(today, 1)) return "mañana";
  return `el ${formatDayLong(day)}`;
}

/** 24 hours before: when and where, and how to change it (or to call, once the window has passed). */
export function buildReminderEmail(
  d: Appointment,
  links: { manage: string },
  opts: { now: Date; cancelHours: number; mayChange: boolean },
): MailMessage {
  const time = formatTime(wallClockOf(new Date(d.startsAt)).minutes);
  const day = dayWord(d.startsAt, opts.now);
  return compose(d, {
    title: `Te esperamos ${day} a las ${time}`,
    subject: `Recordatorio: tu cita es ${day} a las ${time}`,
    preheader: `${serviceNames(d)} con ${d.professionalName}, ${day} a las ${time}.`,
    intro: [`Te recordamos tu cita de ${serviceNames(d)} con ${d.professionalName}, ${day} a las ${time}.`],
    facts: appointmentFacts(d),
    button: { href: links.manage, label: opts.mayChange ? "Ver, cambiar o cancelar mi cita" : "Ver mi cita" },
    after: [
      opts.mayChange
        ? changePolicy(opts.cancelHours)
        : para(
            `Si no puedes venir, avísanos cuanto antes: llámanos al ${site.phone.display} o escríbenos por WhatsApp.`,
          ),
      whatsapp(d),
      directions(),
    ],
  });
}
