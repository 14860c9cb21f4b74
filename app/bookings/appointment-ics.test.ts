import { describe, expect, it } from "vitest";
import { wallToInstant } from "~/domain/salon-time.ts";
import {
  appointmentIcsFileName,
  appointmentSequence,
  buildAppointmentCalendar,
  icsUtc,
  type AppointmentCalendarInput,
} from "./appointment-ics.ts";

const now = new Date("2026-11-23T10:00:00.000Z");

const base: AppointmentCalendarInput = {
  appointmentId: "3f1c2a",
  startsAt: "2026-12-04T09:30:00.000Z",
  endsAt: "2026-12-04T10:30:00.000Z",
  services: ["Manicura semipermanente", "Pedicura spa"],
  professional: "Laura",
  sequence: 0,
  cancelled: false,
  manageUrl: "https://www.alejandranails.es/cita/tok",
};

describe("buildAppointmentCalendar", () => {
  it("writes one timed VEVENT in UTC, byte for byte", () => {
    expect(buildAppointmentCalendar(base, now)).toBe(
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Alejandra Nails//Citas//ES",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "BEGIN:VEVENT",
        "UID:3f1c2a@alejandranails.es",
        "DTSTAMP:20261123T100000Z",
        "DTSTART:20261204T093000Z",
        "DTEND:20261204T103000Z",
        "SEQUENCE:0",
        "STATUS:CONFIRMED",
        "SUMMARY:Cita en Alejandra Nails: Manicura semipermanente\\, Pedicura spa",
        "LOCATION:Carrer Major\\, 48\\, 08750 Molins de Rei\\, Barcelona",
        "DESCRIPTION:Con Laura.\\nCarrer Major\\, 48\\, 08750 Molins de Rei\\, Barcelona",
        " . Tel. 655 48 21 37.\\nVer\\, cambiar o cancelar tu cita: https://www.alejan",
        " dranails.es/cita/tok",
        "ORGANIZER;CN=Alejandra Nails:mailto:hola@alejandranails.es",
        "URL:https://www.alejandranails.es/cita/tok",
        "TRANSP:OPAQUE",
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        "DESCRIPTION:Cita en Alejandra Nails: Manicura semipermanente\\, Pedicura spa",
        "TRIGGER:-PT24H",
        "END:VALARM",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
  });

  it("cancels the same event with a higher sequence and no alarm", () => {
    const ics = buildAppointmentCalendar({ ...base, cancelled: true, sequence: 7, manageUrl: null }, now);
    expect(ics).toContain("METHOD:CANCEL\r\n");
    expect(ics).toContain("UID:3f1c2a@alejandranails.es\r\n");
    expect(ics).toContain("SEQUENCE:7\r\n");
    expect(ics).toContain("STATUS:CANCELLED\r\n");
    expect(ics).toContain("TRANSP:TRANSPARENT\r\n");
    expect(ics).not.toContain("VALARM");
    expect(ics).not.toContain("URL:");
    expect(ics).not.toContain("/cita/");
  });

  it("keeps every physical line within 75 octets", () => {
    const ics = buildAppointmentCalendar({ ...base, services: ["Diseño ñ".repeat(20)] }, now);
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, "")).toContain(`SUMMARY:Cita en Alejandra Nails: ${"Diseño ñ".repeat(20)}`);
  });

  it("gives Madrid wall-clock times in UTC in winter (+01:00) and in summer (+02:00)", () => {
    const winter = new Date(wallToInstant("2027-01-15", 10 * 60 + 30)).toISOString();
    const summer = new Date(wallToInstant("2027-07-15", 10 * 60 + 30)).toISOString();
    expect(icsUtc(winter)).toBe("20270115T093000Z");
    expect(icsUtc(summer)).toBe("20270715T083000Z");
  });
});

describe("helpers", () => {
  it("raises the sequence with every later update", () => {
    const created = "2026-11-23T10:00:00.000Z";
    expect(appointmentSequence(created, created)).toBe(0);
    expect(appointmentSequence(created, "2026-11-23T10:05:00.000Z")).toBe(300);
    expect(appointmentSequence(created, "2026-11-24T10:05:00.000Z")).toBeGreaterThan(300);
    expect(appointmentSequence(created, "not a date")).toBe(0);
  });

  it("names the file after the Madrid day", () => {
    // 23:30 UTC on 4 December is already the 5th in Madrid.
    expect(appointmentIcsFileName("2026-12-04T23:30:00.000Z")).toBe("cita-alejandra-nails-2026-12-05.ics");
  });
});
