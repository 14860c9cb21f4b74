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
