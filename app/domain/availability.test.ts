import { describe, expect, it } from "vitest";
import {
  freeStarts,
  isFreeStart,
  type AvailabilityInput,
  type ProfessionalDiary,
  type WeeklyRange,
} from "./availability.ts";
import { formatTime } from "./salon-time.ts";

const H = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const range = (weekday: number, from: string, to: string): WeeklyRange => ({
  weekday,
  startMin: H(from),
  endMin: H(to),
});
/** Every quarter hour from `from` to `to` inclusive, as "HH:MM". */
const quarters = (from: string, to: string) => {
  const out: string[] = [];
  for (let m = H(from); m <= H(to); m += 15) out.push(formatTime(m));
  return out;
};
const iso = (s: string) => Date.parse(s);

// Monday 23 November 2026 (winter time, UTC+1); "now" is the Friday before.
const MONDAY = "2026-11-23";
const base = (over: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  now: iso("2026-11-20T08:00:00Z"),
  noticeMinutes: 120,
  horizonDays: 60,
  durationMin: 60,
  bufferMin: 10,
  fromDate: MONDAY,
  days: 1,
  professionals: [{ id: "ana", weekly: [range(1, "10:00", "14:00"), range(1, "16:00", "20:00")], busy: [] }],
  closures: [],
  ...over,
});
const times = (input: AvailabilityInput, index = 0) =>
  freeStarts(input)[index]!.starts.map((s) => formatTime(s.minutes));

describe("freeStarts", () => {
  it("offers quarter hours inside a split shift, the service and its buffer fitting in each range", () => {
    const [day] = freeStarts(base());
    expect(day!.date).toBe(MONDAY);
    expect(day!.starts.map((s) => formatTime(s.minutes))).toEqual([
      ...quarters("10:00", "12:45"),
      ...quarters("16:00", "18:45"),
    ]);
    // 10:00 in Madrid in November is 09:00 UTC.
    expect(day!.starts[0]).toEqual({ minutes: H("10:00"), at: iso("2026-11-23T09:00:00Z"), professionalIds: ["ana"] });
  });

  it("rounds a range that starts off the quarter up to the next quarter hour", () => {
    const pros = [{ id: "ana", weekly: [range(1, "10:10", "12:00")], busy: [] }];
    expect(times(base({ professionals: pros }))).toEqual(quarters("10:15", "10:45"));
  });

  it("clips her hours to the salon's opening hours, and offers nothing on Sunday", () => {
    const pros = [{ id: "ana", weekly: [range(6, "08:00", "19:00"), range(7, "10:00", "14:00")], busy: [] }];
    const days = freeStarts(base({ professionals: pros, fromDate: "2026-11-28", days: 2 }));
    expect(days.map((d) => d.date)).toEqual(["2026-11-28", "2026-11-29"]);
    // Saturday: the salon opens 09:00–17:00; 15:45 + 60 + 10 = 16:55.
    expect(days[0]!.starts.map((s) => formatTime(s.minutes))).toEqual(quarters("09:00", "15:45"));
    expect(days[1]!.starts).toEqual([]);
  });

  it("respects the minimum notice", () => {
    // 09:50 in Madrid, two hours' notice: 11:50 → the first start is 12:00.
    expect(times(base({ now: iso("2026-11-23T08:50:00Z") }))[0]).toBe("12:00");
    // A start exactly at now + notice is allowed.
    expect(times(base({ now: iso("2026-11-23T09:00:00Z") }))[0]).toBe("12:00");
    expect(times(base({ now: iso("2026-11-23T08:45:00Z") }))[0]).toBe("11:45");
  });

  it("returns only the dates between today and today + horizon", () => {
    const days = freeStarts(base({ fromDate: "2026-11-18", days: 10, horizonDays: 3 }));
    expect(days.map((d) => d.date)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"]);
    expect(days.at(-1)!.starts.length).toBeGreaterThan(0);
    expect(freeStarts(base({ fromDate: "2026-11-24", horizonDays: 3 }))).toEqual([]);
    expect(freeStarts(base({ days: 0 }))).toEqual([]);
  });

  it("keeps clear of an appointment and its buffer, and of the new service's own buffer", () => {
    // 11:00–12:00 in Madrid, blocking until 12:10 (its buffer).
    const busy = [{ start: iso("2026-11-23T10:00:00Z"), end: iso("2026-11-23T11:10:00Z") }];
    const pros: ProfessionalDiary[] = [{ id: "ana", weekly: [range(1, "10:00", "14:00")], busy }];
    // 10:00 + 60 + 10 ends 11:10, past 11:00: nothing before; 12:15 is the first quarter after 12:10.
    expect(times(base({ professionals: pros }))).toEqual(["12:15", "12:30", "12:45"]);
    // Without buffers, a start right when the other appointment begins its service is fine.
    expect(times(base({ professionals: pros, bufferMin: 0 }))).toEqual(["10:00", ...quarters("12:15", "13:00")]);
  });

  it("needs the whole length of several services in a row", () => {
    // Removal (20) + semipermanente (60), 10 minutes after: 90 minutes in a 10:00–14:00 range.
    const pros = [{ id: "ana", weekly: [range(1, "10:00", "14:00")], busy: [] }];
    expect(times(base({ professionals: pros, durationMin: 80, bufferMin: 10 }))).toEqual(quarters("10:00", "12:30"));
  });

  it("offers nothing during a closure of the salon, and still returns the day", () => {
    const closures = [{ start: iso("2026-11-22T23:00:00Z"), end: iso("2026-11-23T23:00:00Z") }];
    const days = freeStarts(base({ closures, days: 2 }));
    expect(days[0]).toEqual({ date: MONDAY, starts: [] });
    expect(days[1]!.date).toBe("2026-11-24");
    // A closure of part of the day removes only that part (time off works the same way).
    const afternoon = [{ start: iso("2026-11-23T15:00:00Z"), end: iso("2026-11-23T16:00:00Z") }];
    expect(times(base({ closures: afternoon }))).toEqual([
      ...quarters("10:00", "12:45"),
      ...quarters("17:00", "18:45"),
    ]);
  });

  it("merges everyone's starts for 'any professional', naming who is free in input order", () => {
    const pros: ProfessionalDiary[] = [
      {
        id: "bea",
        weekly: [range(1, "12:00", "16:00")],
        busy: [{ start: iso("2026-11-23T12:15:00Z"), end: iso("2026-11-23T13:00:00Z") }],
      },
      { id: "ana", weekly: [range(1, "10:00", "14:00")], busy: [] },
    ];
    const starts = freeStarts(base({ professionals: pros }))[0]!.starts;
    const who = Object.fromEntries(starts.map((s) => [formatTime(s.minutes), s.professionalIds]));
    expect(who["10:00"]).toEqual(["ana"]);
    expect(who["12:00"]).toEqual(["bea", "ana"]);
    // Bea is busy 13:15–14:00 Madrid: at 12:15 only Ana can; at 14:00 Ana's hours are over.
    expect(who["12:15"]).toEqual(["ana"]);
    expect(who["14:00"]).toEqual(["bea"]);
    expect(starts.map((s) => s.minutes)).toEqual([...starts.map((s) => s.minutes)].sort((a, b) => a - b));
  });

  it("handles the October change to winter time (25 October 2026)", () => {
    const pros = [{ id: "ana", weekly: [range(6, "10:00", "14:00"), range(1, "10:00", "14:00")], busy: [] }];
    const days = freeStarts(
      base({ now: iso("2026-10-20T08:00:00Z"), fromDate: "2026-10-24", days: 3, professionals: pros }),
    );
    expect(days.map((d) => d.date)).toEqual(["2026-10-24", "2026-10-25", "2026-10-26"]);
    // Saturday, summer time (UTC+2): 10:00 is 08:00Z. Monday, winter time (UTC+1): 10:00 is 09:00Z.
    expect(days[0]!.starts[0]!.at).toBe(iso("2026-10-24T08:00:00Z"));
    expect(days[1]!.starts).toEqual([]);
    expect(days[2]!.starts[0]!.at).toBe(iso("2026-10-26T09:00:00Z"));
    expect(days[2]!.starts.at(-1)).toMatchObject({ minutes: H("12:45"), at: iso("2026-10-26T11:45:00Z") });
    // An appointment stored in UTC lands on the right wall-clock time after the change.
    const busy = [{ start: iso("2026-10-26T09:00:00Z"), end: iso("2026-10-26T10:10:00Z") }];
    const moved = freeStarts(
      base({ now: iso("2026-10-20T08:00:00Z"), fromDate: "2026-10-26", professionals: [{ ...pros[0]!, busy }] }),
    );
    expect(moved[0]!.starts.map((s) => formatTime(s.minutes))).toEqual(quarters("11:15", "12:45"));
  });

  it("handles the March change to summer time (28 March 2027)", () => {
    const pros = [{ id: "ana", weekly: [range(6, "10:00", "14:00"), range(1, "10:00", "14:00")], busy: [] }];
    const days = freeStarts(
      base({ now: iso("2027-03-20T08:00:00Z"), fromDate: "2027-03-27", days: 3, professionals: pros }),
    );
    expect(days.map((d) => d.date)).toEqual(["2027-03-27", "2027-03-28", "2027-03-29"]);
    expect(days[0]!.starts[0]!.at).toBe(iso("2027-03-27T09:00:00Z"));
    expect(days[1]!.starts).toEqual([]);
    expect(days[2]!.starts[0]!.at).toBe(iso("2027-03-29T08:00:00Z"));
    expect(days[2]!.starts.map((s) => formatTime(s.minutes))).toEqual(quarters("10:00", "12:45"));
  });
});

describe("isFreeStart", () => {
  const busy = [
    { start: iso("2026-11-23T10:00:00Z"), end: iso("2026-11-23T11:10:00Z") },
    { start: iso("2026-11-25T16:30:00Z"), end: iso("2026-11-25T17:45:00Z") },
  ];
  const input = base({
    now: iso("2026-11-23T08:20:00Z"),
    horizonDays: 5,
    fromDate: "2026-11-23",
    days: 7,
    professionals: [
      {
        id: "ana",
        weekly: [1, 2, 3, 4, 5, 6].flatMap((d) => [range(d, "10:00", "14:00"), range(d, "16:00", "20:00")]),
        busy,
      },
      { id: "bea", weekly: [range(2, "09:00", "21:00")], busy: [] },
    ],
    closures: [{ start: iso("2026-11-24T15:00:00Z"), end: iso("2026-11-24T17:00:00Z") }],
  });

  it("agrees with freeStarts on every quarter hour of the week, for each professional", () => {
    const offered = new Set(
      freeStarts(input).flatMap((d) => d.starts.flatMap((s) => s.professionalIds.map((id) => `${id}@${s.at}`))),
    );
    expect(offered.size).toBeGreaterThan(100);
    let checked = 0;
    for (let at = iso("2026-11-22T23:00:00Z"); at < iso("2026-11-30T23:00:00Z"); at += 15 * 60_000) {
      for (const id of ["ana", "bea"]) {
        expect(isFreeStart(input, id, at), `${id} at ${new Date(at).toISOString()}`).toBe(offered.has(`${id}@${at}`));
        checked++;
      }
    }
    expect(checked).toBe(8 * 96 * 2);
  });

  it("refuses a time off the quarter hour, an unknown professional and a date past the horizon", () => {
    const ok = iso("2026-11-24T09:00:00Z");
    expect(isFreeStart(input, "ana", ok)).toBe(true);
    expect(isFreeStart(input, "ana", ok + 5 * 60_000)).toBe(false);
    expect(isFreeStart(input, "ana", ok + 1)).toBe(false);
    expect(isFreeStart(input, "nadie", ok)).toBe(false);
    expect(isFreeStart(input, "ana", iso("2026-12-01T09:00:00Z"))).toBe(false);
    expect(isFreeStart(input, "ana", Number.NaN)).toBe(false);
  });
});
