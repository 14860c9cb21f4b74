import { describe, expect, it } from "vitest";
import { madridTimeToInstant } from "~/domain/calendar-dates.ts";
import { archivesToDelete, archivesToKeep, isoWeek, type Archive } from "./retention.ts";

/** One archive a day at 03:30 Madrid, from `first` for `days` days, named by its Madrid date. */
function daily(first: string, days: number): Archive[] {
  const start = Date.parse(`${first}T12:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return { name: date, takenAt: madridTimeToInstant(date, 3, 30) };
  });
}

describe("isoWeek", () => {
  it("numbers weeks from Monday, week 1 holding the year's first Thursday", () => {
    expect(isoWeek("2026-11-28")).toBe("2026-W48");
    expect(isoWeek("2026-11-30")).toBe("2026-W49");
    // 1 January 2027 is a Friday: it belongs to the last week of 2026.
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
    expect(isoWeek("2027-01-04")).toBe("2027-W01");
    expect(isoWeek("2024-12-30")).toBe("2025-W01");
  });
});

describe("the retention ladder", () => {
  it("keeps everything while there are fewer archives than daily copies", () => {
    const archives = daily("2026-11-20", 7);
    expect(archivesToDelete(archives)).toEqual([]);
  });

  it("keeps 7 daily, 5 weekly, 12 monthly and 6 yearly copies of eight years of nightly backups", () => {
    const archives = daily("2019-01-01", 8 * 365 + 2);
    const last = archives.at(-1)!.name;
    expect(last).toBe("2026-12-31");
    const kept = archivesToKeep(archives);
    // Daily: the last 7 days.
    expect(kept.slice(0, 7)).toEqual([
      "2026-12-31",
      "2026-12-30",
      "2026-12-29",
      "2026-12-28",
      "2026-12-27",
      "2026-12-26",
      "2026-12-25",
    ]);
    // Weekly: the newest of each of the last 5 ISO weeks: 31 December (a Thursday), then Sundays.
    for (const sunday of ["2026-12-20", "2026-12-13", "2026-12-06"]) expect(kept).toContain(sunday);
    // Monthly: the last day of each of the last 12 months.
    for (const endOfMonth of ["2026-11-30", "2026-06-30", "2026-01-31"]) expect(kept).toContain(endOfMonth);
    expect(kept).not.toContain("2025-12-30");
    // Yearly: the last day of each of the last 6 years; 2020 and 2019 are gone.
    for (const endOfYear of ["2025-12-31", "2024-12-31", "2023-12-31", "2022-12-31", "2021-12-31"]) {
      expect(kept).toContain(endOfYear);
    }
    expect(kept.some((k) => k.startsWith("2020") || k.startsWith("2019"))).toBe(false);
    // 7 daily + 3 more weekly + 11 more monthly + 5 more yearly (the current year already holds one).
    expect(kept).toHaveLength(7 + 3 + 11 + 5);
    const deleted = archivesToDelete(archives);
    expect(deleted).toHaveLength(archives.length - kept.length);
    expect(deleted[0]).toBe("2019-01-01");
    expect(new Set([...deleted, ...kept]).size).toBe(archives.length);
  });

  it("counts only periods that have a backup: a long gap does not delete the copies before it", () => {
    const before = daily("2026-01-01", 3);
    const after = daily("2026-11-01", 10);
    const deleted = archivesToDelete([...before, ...after]);
    expect(deleted).not.toContain("2026-01-03");
    // Kept: 4–10 November (daily), 1 and 8 November, 3 January (weekly: the week before the gap counts next).
    expect(deleted).toEqual(["2026-01-01", "2026-01-02", "2026-11-02", "2026-11-03"]);
  });

  it("keeps the newest of several archives of one day, and uses Madrid's date around midnight", () => {
    // 23:30 UTC on 28 November is 00:30 on 29 November in Madrid.
    const archives: Archive[] = [
      { name: "a", takenAt: new Date("2026-11-28T22:30:00Z") },
      { name: "b", takenAt: new Date("2026-11-28T23:30:00Z") },
      { name: "c", takenAt: new Date("2026-11-29T10:00:00Z") },
    ];
    expect(archivesToDelete(archives, { daily: 2, weekly: 0, monthly: 0, yearly: 0 })).toEqual(["b"]);
    expect(archivesToDelete(archives, { daily: 1, weekly: 0, monthly: 0, yearly: 0 })).toEqual(["a", "b"]);
  });
});
