import { describe, expect, it } from "vitest";
import { madridWallClock } from "~/domain/calendar-dates.ts";
import { checkSlot, followingBackup, nextBackupDay, parseWallTime } from "./schedule.ts";

const AT_0330 = { hour: 3, minute: 30 };

describe("the daily backup's time", () => {
  it("parses HH:MM and refuses anything else", () => {
    expect(parseWallTime("03:30")).toEqual({ hour: 3, minute: 30 });
    expect(parseWallTime("3:05")).toEqual({ hour: 3, minute: 5 });
    expect(parseWallTime("24:00")).toBeNull();
    expect(parseWallTime("03:60")).toBeNull();
    expect(parseWallTime("0330")).toBeNull();
  });

  it("is 03:30 on Madrid's clocks in winter and in summer", () => {
    expect(followingBackup("2026-11-27", AT_0330).at.toISOString()).toBe("2026-11-28T02:30:00.000Z");
    expect(followingBackup("2026-07-14", AT_0330).at.toISOString()).toBe("2026-07-15T01:30:00.000Z");
  });

  it("stays at 03:30 Madrid on both nights the clocks change", () => {
    // 29 March 2026: 02:00 → 03:00. 25 October 2026: 03:00 → 02:00.
    const spring = followingBackup("2026-03-28", AT_0330);
    const autumn = followingBackup("2026-10-24", AT_0330);
    expect(spring).toEqual({ day: "2026-03-29", at: new Date("2026-03-29T01:30:00.000Z") });
    expect(autumn).toEqual({ day: "2026-10-25", at: new Date("2026-10-25T02:30:00.000Z") });
    for (const { at } of [spring, autumn]) expect(madridWallClock(at).minutes).toBe(3 * 60 + 30);
    // A time the spring night skips runs when the clocks jump: 02:30 is 03:30 summer time.
    expect(followingBackup("2026-03-28", { hour: 2, minute: 30 }).at.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("is today's before its time and tomorrow's after it; a start after it catches up today's", () => {
    const before = new Date("2026-11-28T01:00:00Z");
    const after = new Date("2026-11-28T09:00:00Z");
    expect(nextBackupDay(before, AT_0330)).toEqual({ day: "2026-11-28", at: new Date("2026-11-28T02:30:00Z") });
    expect(nextBackupDay(after, AT_0330)).toEqual({ day: "2026-11-29", at: new Date("2026-11-29T02:30:00Z") });
    expect(nextBackupDay(after, AT_0330, true)).toEqual({ day: "2026-11-28", at: new Date("2026-11-28T02:30:00Z") });
    // 23:30 UTC is already the next day in Madrid.
    expect(nextBackupDay(new Date("2026-11-28T23:30:00Z"), AT_0330).day).toBe("2026-11-29");
  });
});

describe("the hourly check", () => {
  it("belongs to the hour it runs in and queues the next", () => {
    expect(checkSlot(new Date("2026-11-28T14:59:59Z"))).toEqual({
      hour: "2026-11-28T14",
      next: { hour: "2026-11-28T15", at: new Date("2026-11-28T15:00:00Z") },
    });
  });
});
