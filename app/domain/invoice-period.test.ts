import { describe, expect, it } from "vitest";
import {
  currentQuarter,
  longerThanAYear,
  periodFileName,
  periodFromSearch,
  periodMonths,
  recentMonths,
  recentQuarters,
  recentYears,
  tryParsePeriod,
} from "./invoice-period.ts";

describe("invoice periods", () => {
  it("reads a quarter, a month, a year and a range of days", () => {
    expect(tryParsePeriod("2026-T4")).toEqual({
      kind: "quarter",
      key: "2026-T4",
      from: "2026-10-01",
      to: "2026-12-31",
      label: "4.º trimestre de 2026",
    });
    expect(tryParsePeriod("2024-t1")).toMatchObject({ key: "2024-T1", from: "2024-01-01", to: "2024-03-31" });
    expect(tryParsePeriod("2026-T3")).toMatchObject({ from: "2026-07-01", to: "2026-09-30" });
    expect(tryParsePeriod("2024-02")).toMatchObject({ kind: "month", to: "2024-02-29", label: "febrero de 2024" });
    expect(tryParsePeriod("2026-11")).toMatchObject({
      from: "2026-11-01",
      to: "2026-11-30",
      label: "noviembre de 2026",
    });
    expect(tryParsePeriod(" 2026 ")).toMatchObject({
      kind: "year",
      from: "2026-01-01",
      to: "2026-12-31",
      label: "año 2026",
    });
    expect(tryParsePeriod("2026-10-01..2027-02-15")).toMatchObject({
      kind: "range",
      key: "2026-10-01..2027-02-15",
      label: "del 1 de octubre de 2026 al 15 de febrero de 2027",
    });
  });

  it("falls back to the current quarter for anything else, never throwing", () => {
    const bad = [
      null,
      undefined,
      "",
      "2026-T5",
      "2026-T0",
      "2026-13",
      "2026-00",
      "1999",
      "26",
      "2026-02-30..2026-03-01",
      "2026-03-01..2026-02-01",
      "'; drop table invoices",
      "x".repeat(500),
    ];
    for (const raw of bad) {
      expect(tryParsePeriod(raw), String(raw)).toBeNull();
    }
    expect(currentQuarter("2027-01-01").key).toBe("2027-T1");
    expect(currentQuarter("2026-06-30").key).toBe("2026-T2");
  });

  it("reads the list's URL: the other dates first, then periodo, with a note when something was wrong", () => {
    const today = "2026-11-23";
    const read = (q: string) => periodFromSearch(new URLSearchParams(q), today);
    expect(read("")).toEqual({ period: currentQuarter(today), note: null });
    expect(read("periodo=2026-05").period.key).toBe("2026-05");
    expect(read("periodo=2026-T3&desde=2026-01-01&hasta=2026-01-31").period.key).toBe("2026-01-01..2026-01-31");
    expect(read("periodo=hoy")).toMatchObject({ period: { key: "2026-T4" }, note: expect.stringContaining("«hoy»") });
    expect(read("desde=2026-01-01").note).toContain("hacen falta las dos");
    expect(read("desde=2026-02-01&hasta=2026-01-01").period.key).toBe("2026-T4");
  });

  it("lists recent quarters, months and years for the select, newest first", () => {
    expect(recentQuarters("2027-02-10", 5).map((p) => p.key)).toEqual([
      "2027-T1",
      "2026-T4",
      "2026-T3",
      "2026-T2",
      "2026-T1",
    ]);
    expect(recentMonths("2027-02-10", 3).map((p) => p.key)).toEqual(["2027-02", "2027-01", "2026-12"]);
    expect(recentYears("2027-02-10", 2).map((p) => p.key)).toEqual(["2027", "2026"]);
  });

  it("knows the months a period touches, a year's limit and the export's file names", () => {
    expect(periodMonths(tryParsePeriod("2026-T4")!)).toEqual(["2026-10", "2026-11", "2026-12"]);
    expect(periodMonths(tryParsePeriod("2026-11-15..2027-01-02")!)).toEqual(["2026-11", "2026-12", "2027-01"]);
    expect(longerThanAYear(tryParsePeriod("2026")!)).toBe(false);
    expect(longerThanAYear(tryParsePeriod("2026-03-01..2027-02-28")!)).toBe(false);
    expect(longerThanAYear(tryParsePeriod("2026-03-01..2027-03-01")!)).toBe(true);
    expect(periodFileName(tryParsePeriod("2026-T4")!, "csv")).toBe("facturas-2026-T4.csv");
    expect(periodFileName(tryParsePeriod("2026-10-01..2027-02-15")!, "zip")).toBe("facturas-2026-10-01_2027-02-15.zip");
  });
});
