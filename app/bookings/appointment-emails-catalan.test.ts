/** The appointment emails and .ics of a booking made in Catalan (appointments.locale, issue 34). */
import { describe, expect, it } from "vitest";
import {
  buildCancelledEmail,
  buildConfirmedEmail,
  buildHoldEmail,
  buildMovedEmail,
  buildReminderEmail,
} from "./appointment-email-render.server.ts";
import { confirmUrl, manageUrl } from "./appointment-links.server.ts";
import { calendarAttachment } from "./appointment-mail-data.server.ts";
import type { Appointment } from "./queries.server.ts";

const base: Appointment = {
  id: "appt-1",
  professionalId: "p1",
  professionalName: "Alejandra",
  userId: null,
  clientName: "Núria Puig",
  clientEmail: "nuria@example.com",
  clientPhone: "600000000",
  comment: "",
  source: "online",
  status: "confirmed",
  // Friday 4 December 2026, 10:30 in Madrid.
  startsAt: "2026-12-04T09:30:00.000Z",
  endsAt: "2026-12-04T10:30:00.000Z",
  holdExpiresAt: "2026-11-30T10:15:00.000Z",
  priceCents: 2500,
  priceFrom: false,
  createdAt: "2026-11-30T10:00:00.000Z",
  updatedAt: "2026-11-30T10:00:00.000Z",
  confirmedAt: "2026-11-30T10:05:00.000Z",
  cancelledAt: null,
  cancelledBy: null,
  services: [
    {
      serviceId: "s1",
      name: "Manicura semipermanent",
      durationMin: 60,
      bufferMin: 0,
      priceCents: 2500,
      priceFrom: false,
    },
  ],
  deposit: { cents: 1000, state: "paid" },
  locale: "ca",
};
const url = "https://www.alejandranails.es";
const manage = manageUrl(url, "tok123", "ca");
const now = new Date("2026-12-03T09:30:00.000Z");

describe("appointment emails in Catalan", () => {
  it("links to the Catalan pages, and the Spanish ones for a Spanish booking", () => {
    expect(manage).toBe("https://www.alejandranails.es/ca/cita/tok123");
    expect(confirmUrl(url, "tok123", "ca")).toBe("https://www.alejandranails.es/ca/reserva/confirmar/tok123");
    expect(manageUrl(url, "tok123", "es")).toBe("https://www.alejandranails.es/cita/tok123");
    expect(confirmUrl(url, "tok123")).toBe("https://www.alejandranails.es/reservar/confirmar/tok123");
  });

  it("asks a guest to confirm her booking in Catalan", () => {
    const confirm = confirmUrl(url, "tok123", "ca");
    const mail = buildHoldEmail({ ...base, status: "held" }, { confirm });
    expect(mail.subject).toBe("Confirma la teva cita · Alejandra Nails");
    expect(mail.html).toContain('<html lang="ca">');
    expect(mail.text).toContain("Hola, Núria:");
    expect(mail.text).toContain("Gràcies per reservar!");
    expect(mail.text).toContain(`Confirma la meva cita: ${confirm}`);
    expect(mail.text).toContain("Quan: divendres, 4 de desembre, 10:30");
  });

  it("confirms, with Catalan facts, price, señal, links and .ics", () => {
    const mail = buildConfirmedEmail(base, { manage }, 24, calendarAttachment(base, manage, now));
    expect(mail.subject).toBe("Cita confirmada: divendres, 4 de desembre, 10:30 · Alejandra Nails");
    for (const line of [
      "La teva cita està confirmada!",
      "T’esperem el divendres, 4 de desembre, a les 10:30 a Alejandra Nails.",
      "Serveis: Manicura semipermanent (1 h)",
      "Amb: Alejandra",
      "Preu: 25,00\u00a0€: senyal de 10,00\u00a0€ en reservar i 15,00\u00a0€ al saló",
      "Senyal: 10,00\u00a0€, pagat al web; es descompta del preu",
      `Veure, canviar o cancel·lar la meva cita: ${manage}`,
      "Pots canviar o cancel·lar la teva cita des de l’enllaç fins a 24 hores abans.",
      "De dilluns a divendres: 09:00 - 21:00",
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toMatch(/Cuándo|Servicios|Precio|Te esperamos|Lunes a viernes/);
    const ics = String(mail.attachments![0]!.content).replace(/\r\n /g, "");
    expect(ics).toContain("SUMMARY:Cita a Alejandra Nails: Manicura semipermanent");
    expect(ics).toContain(`Veure\\, canviar o cancel·lar la teva cita: ${manage}`);
    // The WhatsApp link's message, which she sends as it is written: in Catalan too.
    const whatsapp = /https:\/\/wa\.me\/\d+\?text=(\S+)/.exec(mail.text)?.[1] ?? "";
    expect(decodeURIComponent(whatsapp)).toBe(
      "Hola, Alejandra Nails! Tinc una cita de Manicura semipermanent el divendres, 4 de desembre, a les 10:30 amb Alejandra.",
    );
  });

  it("tells of a move, a cancellation and the reminder in Catalan", () => {
    const moved = buildMovedEmail(base, { manage }, 1, calendarAttachment(base, manage, now));
    expect(moved.subject).toBe("Cita canviada: divendres, 4 de desembre, 10:30 · Alejandra Nails");
    expect(moved.text).toContain("fins a 1 hora abans");
    const cancelled = { ...base, status: "cancelled", cancelledBy: "staff" };
    const gone = buildCancelledEmail(cancelled, `${url}/ca/reserva`, calendarAttachment(cancelled, null, now));
    expect(gone.subject).toBe("Cita cancel·lada: divendres, 4 de desembre, 10:30 · Alejandra Nails");
    expect(gone.text).toContain(
      "Lamentem molt haver de cancel·lar la teva cita del divendres, 4 de desembre, a les 10:30.",
    );
    expect(gone.text).toContain(`Reserva una altra cita: ${url}/ca/reserva`);
    const reminder = buildReminderEmail(base, { manage }, { now, cancelHours: 24, mayChange: false });
    expect(reminder.subject).toBe("Recordatori: la teva cita és demà a les 10:30 · Alejandra Nails");
    expect(reminder.text).toContain(`Veure la meva cita: ${manage}`);
    expect(reminder.text).toContain("Si no pots venir, avisa’ns com més aviat millor");
  });

  it("keeps a Spanish booking's email in Spanish", () => {
    const es = { ...base, locale: "es" as const };
    const mail = buildReminderEmail(
      es,
      { manage: manageUrl(url, "tok123") },
      { now, cancelHours: 24, mayChange: true },
    );
    expect(mail.subject).toBe("Recordatorio: tu cita es mañana a las 10:30 · Alejandra Nails");
    expect(mail.text).toContain("Cuándo: viernes, 4 de diciembre, 10:30");
    expect(mail.text).toContain("Puedes cambiar o cancelar tu cita desde el enlace hasta 24 horas antes.");
    expect(mail.html).toContain('<html lang="es">');
  });
});
