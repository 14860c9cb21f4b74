import { describe, expect, it } from "vitest";
import type { WeeklyRange } from "./availability.ts";
import { dayState, type DayStateInput } from "./booking-days.ts";
import { wallToInstant } from "./salon-time.ts";

// Monday 23 November 2026 (the salon opens 09:00–21:00); Sunday 29th it is closed.
const MONDAY = "2026-11-23";
const SUNDAY = "2026-11-29";
const mondays: WeeklyRange[] = [{ weekday: 1, startMin: 600, endMin: 840 }];
const at = (date: string, minutes: number) => wallToInstant(date, minutes);
const input = (over: Partial<DayStateInput> = {}): DayStateInput => ({
  date: MONDAY,
  starts: 0,
  professionals: [{ weekly: mondays, timeOff: [] }],
  closures: [],
  ...over,
});

describe("booking calendar: what a day without free times is", () => {
  it("is free whenever it has a free start", () => {
    expect(dayState(input({ starts: 3 }))).toBe("free");
  });

  it("is closed on a weekday the salon does not open, whoever works", () => {
    const sundays: WeeklyRange[] = [{ weekday: 7, startMin: 600, endMin: 840 }];
    expect(dayState(input({ date: SUNDAY, professionals: [{ weekly: sundays, timeOff: [] }] }))).toBe("closed");
  });

  it("is closed when a whole-salon closure covers the opening hours, or every working hour", () => {
    expect(dayState(input({ closures: [{ start: at(MONDAY, 0), end: at("2026-11-24", 0) }] }))).toBe("closed");
    // Closed 10:00–14:00 only: the one professional's hours that day.
    expect(dayState(input({ closures: [{ start: at(MONDAY, 600), end: at(MONDAY, 840) }] }))).toBe("closed");
  });

  it("is a day off when the chosen professional does not work that weekday or is away", () => {
    expect(
      dayState(input({ professionals: [{ weekly: [{ weekday: 2, startMin: 600, endMin: 840 }], timeOff: [] }] })),
    ).toBe("off");
    const away = [{ start: at(MONDAY, 540), end: at(MONDAY, 900) }];
    expect(dayState(input({ professionals: [{ weekly: mondays, timeOff: away }] }))).toBe("off");
    // Away in two pieces that together cover her hours.
    const pieces = [
      { start: at(MONDAY, 600), end: at(MONDAY, 700) },
      { start: at(MONDAY, 700), end: at(MONDAY, 840) },
    ];
    expect(dayState(input({ professionals: [{ weekly: mondays, timeOff: pieces }] }))).toBe("off");
  });

  it("is full when someone works and no start is free", () => {
    expect(dayState(input())).toBe("full");
    // Away only in the morning: she still works that day.
    const morning = [{ start: at(MONDAY, 600), end: at(MONDAY, 720) }];
    expect(dayState(input({ professionals: [{ weekly: mondays, timeOff: morning }] }))).toBe("full");
    // Anyone: one is off, the other works.
    expect(
      dayState(
        input({
          professionals: [
            { weekly: [], timeOff: [] },
            { weekly: mondays, timeOff: [] },
          ],
        }),
      ),
    ).toBe("full");
  });
});
