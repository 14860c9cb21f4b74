import { describe, expect, it } from "vitest";
import {
  addMonths,
  bucketByMonth,
  groupQuestions,
  intentTopic,
  madridDate,
  madridMonth,
  monthsEndingAt,
  netMonthTotals,
  niceAxis,
  normaliseQuestion,
  shortDateLabel,
  shortMonthLabel,
} from "./dashboard.ts";
import { madridDayStart } from "./calendar-dates.ts";

describe("Madrid calendar", () => {
  it("puts an instant on the Madrid day, across midnight and the month boundary", () => {
    // Winter: UTC+1.
    expect(madridDate("2027-01-31T22:59:59.999Z")).toBe("2027-01-31");
    expect(madridDate("2027-01-31T23:00:00.000Z")).toBe("2027-02-01");
    expect(madridMonth("2027-01-31T23:00:00.000Z")).toBe("2027-02");
    // Summer: UTC+2.
    expect(madridDate("2027-06-30T21:59:59Z")).toBe("2027-06-30");
    expect(madridDate("2027-06-30T22:00:00Z")).toBe("2027-07-01");
    // New year.
    expect(madridMonth("2026-12-31T23:30:00Z")).toBe("2027-01");
  });

  it("finds the UTC instant a Madrid day starts, in winter, summer and on the DST days", () => {
    expect(madridDayStart("2027-02-01").toISOString()).toBe("2027-01-31T23:00:00.000Z");
    expect(madridDayStart("2027-07-01").toISOString()).toBe("2027-06-30T22:00:00.000Z");
    // Clocks go forward on 28 March 2027 and back on 31 October 2027 (both at night, after midnight).
    expect(madridDayStart("2027-03-28").toISOString()).toBe("2027-03-27T23:00:00.000Z");
    expect(madridDayStart("2027-03-29").toISOString()).toBe("2027-03-28T22:00:00.000Z");
    expect(madridDayStart("2027-10-31").toISOString()).toBe("2027-10-30T22:00:00.000Z");
    expect(madridDayStart("2027-11-01").toISOString()).toBe("2027-10-31T23:00:00.000Z");
  });

  it("counts months across years", () => {
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-03", -14)).toBe("2026-01");
    expect(monthsEndingAt("2027-02", 12)).toEqual([
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
    ]);
    expect(shortMonthLabel("2027-02")).toBe("feb");
    expect(shortDateLabel("2027-02-15")).toBe("15 feb 2027");
    expect(shortMonthLabel("2027-09")).toMatch(/^sept?$/);
    // Three letters at most, so twelve fit under the chart side by side.
    expect(shortMonthLabel("2027-09")).toBe("sep");
  });

  it("sums amounts into Madrid months and leaves out instants outside them", () => {
    const months = ["2027-01", "2027-02"];
    const totals = bucketByMonth(
      [
        { at: "2027-01-31T22:30:00Z", cents: 1000 }, // 23:30 on 31 January in Madrid
        { at: "2027-01-31T23:30:00Z", cents: 2000 }, // 00:30 on 1 February in Madrid
        { at: "2026-12-31T22:59:00Z", cents: 4000 }, // December: outside
        { at: "2027-02-28T23:00:00Z", cents: 8000 }, // 1 March: outside
      ],
      months,
    );
    expect(totals).toEqual([
      { month: "2027-01", cents: 1000, orders: 1 },
      { month: "2027-02", cents: 2000, orders: 1 },
    ]);
  });

  it("subtracts a refund in the month it was made, not the month of the sale; orders count sales", () => {
    const totals = netMonthTotals(
      [{ at: "2027-01-20T10:00:00Z", cents: 28000 }],
      [{ at: "2027-01-31T23:30:00Z", cents: 10000 }], // 00:30 on 1 February in Madrid
      ["2027-01", "2027-02"],
    );
    expect(totals).toEqual([
      { month: "2027-01", cents: 28000, orders: 1 },
      { month: "2027-02", cents: -10000, orders: 0 },
    ]);
  });
});

describe("niceAxis", () => {
  it("rounds the top up to a readable step", () => {
    expect(niceAxis(127_900, { minStep: 100 })).toEqual({ max: 150_000, ticks: [0, 50_000, 100_000, 150_000] });
    expect(niceAxis(9)).toEqual({ max: 10, ticks: [0, 5, 10] });
    expect(niceAxis(12)).toEqual({ max: 15, ticks: [0, 5, 10, 15] });
    expect(niceAxis(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
  });

  it("never uses steps finer than the minimum, nor a zero top", () => {
    expect(niceAxis(150, { minStep: 100 })).toEqual({ max: 200, ticks: [0, 100, 200] });
    expect(niceAxis(0, { minStep: 100 })).toEqual({ max: 100, ticks: [0, 100] });
    expect(niceAxis(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
    const { ticks } = niceAxis(2_345_678, { minStep: 100 });
    expect(ticks.every((t) => t % 100 === 0)).toBe(true);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(2_345_678);
  });
});

describe("unanswered questions", () => {
  it("normalises case, accents, punctuation and spacing", () => {
    expect(normaliseQuestion("¿Hacéis  UÑAS de gel?")).toBe("haceis unas de gel");
    expect(normaliseQuestion("hacéis uñas de gel")).toBe("haceis unas de gel");
    expect(normaliseQuestion("Llamadme al [número]")).toBe("llamadme al [numero]");
    expect(normaliseQuestion("¿¿??")).toBe("");
  });

  it("groups by normalised text with the count, the latest wording and date; most asked first", () => {
    const groups = groupQuestions([
      { text: "¿Hacéis uñas de gel?", intent: "salon.services", created_at: "2027-02-01T10:00:00Z" },
      { text: "haceis unas de gel", intent: "None", created_at: "2027-02-03T10:00:00Z" },
      { text: "¿Aparcamiento?", intent: "salon.location", created_at: "2027-02-05T10:00:00Z" },
      { text: "HACÉIS UÑAS DE GEL", intent: "salon.services", created_at: "2027-02-02T10:00:00Z" },
      { text: "???", intent: "None", created_at: "2027-02-06T10:00:00Z" },
    ]);
    expect(groups).toEqual([
      { text: "haceis unas de gel", count: 3, lastAskedAt: "2027-02-03T10:00:00Z", guess: "None" },
      { text: "¿Aparcamiento?", count: 1, lastAskedAt: "2027-02-05T10:00:00Z", guess: "salon.location" },
    ]);
  });

  it("names the closest topic in Spanish", () => {
    expect(intentTopic("salon.hours")).toBe("Horario");
    expect(intentTopic("None")).toBe("Ninguno");
    expect(intentTopic("nuevo.tema")).toBe("nuevo.tema");
  });
});
