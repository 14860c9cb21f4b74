import { describe, expect, it } from "vitest";
import { addDays } from "~/domain/calendar-dates.ts";
import { buildCalendar, escapeIcsText, foldLine, icsFileName } from "./ics.ts";

/** The day after an ISO date: what DTEND of an all-day event is. */
const nextDay = (isoDate: string) => addDays(isoDate, 1);

const now = new Date("2026-11-23T10:00:00.000Z");

describe("buildCalendar", () => {
  it("writes one all-day VEVENT per edition with CRLF line ends", () => {
    const ics = buildCalendar(
      [
        {
          uid: "order-1-formacion-inicio@alejandranails.es",
          title: "Formación de inicio",
          startsOn: "2027-02-09",
          endsOn: "2027-02-11",
          location: "Carrer Major, 48, 08750 Molins de Rei, Barcelona",
          url: "https://www.alejandranails.es/mis-cursos",
        },
        { uid: "order-1-expert-nails@alejandranails.es", title: "Expert Nails", startsOn: "2027-03-01", endsOn: null },
      ],
      now,
    );
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain("DTSTAMP:20261123T100000Z");
    expect(ics).toContain("DTSTART;VALUE=DATE:20270209\r\nDTEND;VALUE=DATE:20270212");
    // One-day event: DTEND is the next day (exclusive).
    expect(ics).toContain("DTSTART;VALUE=DATE:20270301\r\nDTEND;VALUE=DATE:20270302");
    expect(ics).toContain("LOCATION:Carrer Major\\, 48\\, 08750 Molins de Rei\\, Barcelona");
    expect(ics).toContain("SUMMARY:Formación de inicio");
  });

  it("keeps every physical line within 75 octets", () => {
    const ics = buildCalendar(
      [
        {
          uid: "u",
          title: "Técnico Manicurista ".repeat(10),
          startsOn: "2027-01-01",
          endsOn: null,
          description: "ñ".repeat(100),
        },
      ],
      now,
    );
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Unfolding restores the text.
    expect(ics.replace(/\r\n /g, "")).toContain(`DESCRIPTION:${"ñ".repeat(100)}`);
  });
});

describe("helpers", () => {
  it("escapes TEXT values", () => {
    expect(escapeIcsText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
  });

  it("folds long lines without splitting characters", () => {
    const folded = foldLine(`SUMMARY:${"é".repeat(60)}`);
    expect(folded.split("\r\n ").join("")).toBe(`SUMMARY:${"é".repeat(60)}`);
    expect(foldLine("SHORT")).toBe("SHORT");
  });

  it("computes the next day across month and year ends", () => {
    expect(nextDay("2027-01-31")).toBe("2027-02-01");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });

  it("makes ASCII file names", () => {
    expect(icsFileName("Formación de inicio 2027-02-09")).toBe("formacion-de-inicio-2027-02-09.ics");
    expect(icsFileName("¡¡!!")).toBe("calendario.ics");
  });
});
