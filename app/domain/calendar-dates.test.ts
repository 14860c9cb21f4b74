import { describe, expect, it } from "vitest";
import {
  addDays,
  firstMondayOfMonth,
  madridDate,
  madridDateTimeText,
  madridTimeToInstant,
  madridWallClock,
} from "./calendar-dates.ts";

describe("calendar dates", () => {
  it("adds days across months and years", () => {
    expect(addDays("2027-01-04", 4)).toBe("2027-01-08");
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2027-03-01", -3)).toBe("2027-02-26");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("finds the first Monday of a later month", () => {
    expect(firstMondayOfMonth("2026-11-23", 2)).toBe("2027-01-04");
    expect(firstMondayOfMonth("2026-11-23", 4)).toBe("2027-03-01");
    expect(firstMondayOfMonth("2026-11-23", 6)).toBe("2027-05-03");
    // A month starting on a Monday keeps its 1st; December + 2 crosses the year.
    expect(firstMondayOfMonth("2027-01-31", 1)).toBe("2027-02-01");
    expect(firstMondayOfMonth("2027-12-15", 2)).toBe("2028-02-07");
  });

  it("converts a Madrid wall-clock time in winter and in summer", () => {
    expect(madridTimeToInstant("2027-01-04", 9).toISOString()).toBe("2027-01-04T08:00:00.000Z");
    expect(madridTimeToInstant("2027-07-05", 9).toISOString()).toBe("2027-07-05T07:00:00.000Z");
    // The days of the clock changes (last Sunday of March and of October 2027).
    expect(madridTimeToInstant("2027-03-28", 9).toISOString()).toBe("2027-03-28T07:00:00.000Z");
    expect(madridTimeToInstant("2027-10-31", 9).toISOString()).toBe("2027-10-31T08:00:00.000Z");
  });

  it("refuses what is not a date", () => {
    expect(() => addDays("4 de enero", 1)).toThrow(RangeError);
  });
});

describe("madridDate", () => {
  it("is the salon's date, which turns at midnight in Madrid, not in UTC", () => {
    expect(madridDate(Date.parse("2026-11-24T22:59:59Z"))).toBe("2026-11-24"); // 23:59:59 in winter
    expect(madridDate(Date.parse("2026-11-24T23:00:00Z"))).toBe("2026-11-25");
    expect(madridDate(new Date("2026-07-14T21:59:59Z"))).toBe("2026-07-14"); // 23:59:59 in summer
    expect(madridDate(new Date("2026-07-14T22:00:00Z"))).toBe("2026-07-15");
  });
});

describe("madridWallClock", () => {
  it("reads Madrid's clocks as Intl does, minute by minute across both clock changes", () => {
    const intl = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Madrid",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    const expected = (ms: number) => {
      const f = Object.fromEntries(intl.formatToParts(ms).map((p) => [p.type, p.value]));
      return { date: `${f.year}-${f.month}-${f.day}`, minutes: Number(f.hour) * 60 + Number(f.minute) };
    };
    for (const day of ["2027-03-27T22:00:00Z", "2027-10-30T22:00:00Z", "2026-12-31T20:00:00Z"]) {
      // Every 7 minutes and 13 seconds for a day and a half: seconds never round a minute up.
      for (let ms = Date.parse(day); ms < Date.parse(day) + 36 * 3_600_000; ms += 433_000) {
        expect(madridWallClock(ms)).toEqual(expected(ms));
        expect(madridDate(new Date(ms))).toBe(expected(ms).date);
      }
    }
    expect(madridWallClock(Date.parse("2027-03-28T01:00:00Z"))).toEqual({ date: "2027-03-28", minutes: 3 * 60 });
    expect(madridWallClock(Date.parse("2027-10-31T00:59:00Z"))).toEqual({ date: "2027-10-31", minutes: 2 * 60 + 59 });
    expect(madridWallClock(Date.parse("2027-10-31T01:00:00Z"))).toEqual({ date: "2027-10-31", minutes: 2 * 60 });
    expect(() => madridWallClock(Number.NaN)).toThrow(RangeError);
  });
});

describe("madridDateTimeText", () => {
  // ICU joins date and time with ", " or " a las " depending on its version.
  const joined = (text: string) => text.replace(" a las ", ", ");

  it("writes an instant as Madrid's clocks show it, hours with two digits, in winter and in summer", () => {
    expect(joined(madridDateTimeText(Date.parse("2027-01-12T13:05:00Z")))).toBe("12 de enero de 2027, 14:05");
    expect(joined(madridDateTimeText(new Date("2027-07-01T06:30:00Z")))).toBe("1 de julio de 2027, 08:30");
    expect(joined(madridDateTimeText(Date.parse("2026-12-31T23:30:00Z")))).toBe("1 de enero de 2027, 00:30");
  });
});
