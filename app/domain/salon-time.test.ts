import { describe, expect, it } from "vitest";
import { formatAppointmentLabel, formatAppointmentTime, formatDayLabel, formatDayLong } from "./salon-time.ts";

describe("weekday capitalisation", () => {
  it("keeps the weekday lower case in running text, and capitalises only the first word of a label", () => {
    expect(formatDayLong("2026-11-30")).toBe("lunes, 30 de noviembre");
    expect(formatDayLabel("2026-11-30")).toBe("Lunes, 30 de noviembre");
    expect(formatDayLabel("2026-12-02")).toBe("Miércoles, 2 de diciembre");
    // 2026-12-04 09:30 UTC is 10:30 in Madrid.
    const instant = Date.parse("2026-12-04T09:30:00Z");
    expect(formatAppointmentTime(instant)).toBe("viernes, 4 de diciembre, 10:30");
    expect(formatAppointmentLabel(instant)).toBe("Viernes, 4 de diciembre, 10:30");
  });
});

describe("days and times in Catalan", () => {
  it("writes Catalan weekdays and months, eliding «de» before a vowel", () => {
    expect(formatDayLong("2026-11-30", "ca")).toBe("dilluns, 30 de novembre");
    expect(formatDayLabel("2027-04-04", "ca")).toBe("Diumenge, 4 d’abril");
    expect(formatDayLong("2026-10-02", "ca")).toBe("divendres, 2 d’octubre");
    const instant = Date.parse("2026-12-04T09:30:00Z");
    expect(formatAppointmentLabel(instant, "ca")).toBe("Divendres, 4 de desembre, 10:30");
    expect(formatAppointmentTime(instant)).toBe("viernes, 4 de diciembre, 10:30");
  });
});
