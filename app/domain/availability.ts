/**
 * Free start times for an appointment (issue 15): one service or several in a
 * row, with one professional or any of several. Pure: the caller loads the
 * diaries and passes the clock.
 *
 * Rules:
 * - A start lies on a quarter hour of Madrid wall-clock time (START_STEP_MINUTES).
 * - The whole occupied span [at, at + duration + buffer) lies inside one of the
 *   professional's weekly ranges for that weekday, clipped to the salon's
 *   opening hours (`clipToOpening`). The buffer too: the last start of a
 *   range leaves room for the cleaning after it. Overlapping or touching
 *   ranges of a day are merged, so a service may run across them.
 * - The occupied span overlaps none of her busy intervals (her live
 *   appointments up to their `blocks_until`, which includes their own buffer,
 *   and her time off) nor any whole-salon closure. Intervals are half open, so
 *   a start exactly when another appointment's buffer ends is free.
 * - at ≥ now + notice, and the start's Madrid date is at most today + horizon.
 *
 * Wall-clock minutes become instants through `wallToInstant`, once per date:
 * Madrid's clock changes happen at 02:00/03:00, before any opening hour, so one
 * offset holds for the whole working day, and the DST weeks come out right.
 */
import { START_STEP_MINUTES } from "./booking-rules.ts";
import { addDays, madridDate } from "./calendar-dates.ts";
import { clipToOpening } from "./salon-hours.ts";
import { isoWeekday, wallClockOf, wallToInstant } from "./salon-time.ts";

/** [start, end) in epoch ms. */
export interface Interval {
  start: number;
  end: number;
}

/** A weekly working range: ISO weekday (1 Monday … 7 Sunday), Madrid minutes after midnight. */
export interface WeeklyRange {
  weekday: number;
  startMin: number;
  endMin: number;
}

export interface ProfessionalDiary {
  id: string;
  weekly: WeeklyRange[];
  /** Her live appointments [starts_at, blocks_until) and her time off, in any order. */
  busy: Interval[];
}

export interface AvailabilityInput {
  now: number;
  noticeMinutes: number;
  horizonDays: number;
  /** Services in a row: the sum of their durations. */
  durationMin: number;
  /** The buffer after the last service. */
  bufferMin: number;
  /** Madrid dates fromDate … fromDate + days − 1, clipped to today … today + horizonDays. */
  fromDate: string;
  days: number;
  /** Only the professionals able to perform every service, in the order to report them. */
  professionals: ProfessionalDiary[];
  /** Whole-salon closures. */
  closures: Interval[];
}

interface FreeStart {
  /** Madrid minutes after midnight. */
  minutes: number;
  /** The instant, epoch ms. */
  at: number;
  /** Who is free at that start, in input order. */
  professionalIds: string[];
}

export interface FreeDay {
  date: string;
  /** Empty when the day is full or closed: a calendar still shows it. */
  starts: FreeStart[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Sorted, disjoint intervals (touching ones merged). */
function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out.at(-1);
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/** A professional's bookable ranges per weekday: clipped to the salon's hours, sorted, merged. */
function rangesByWeekday(weekly: readonly WeeklyRange[]): Map<number, { startMin: number; endMin: number }[]> {
  const byDay = new Map<number, { startMin: number; endMin: number }[]>();
  for (const r of weekly) {
    const clipped = clipToOpening(r.weekday, r.startMin, r.endMin);
    if (!clipped) continue;
    byDay.set(r.weekday, [...(byDay.get(r.weekday) ?? []), { startMin: clipped.opens, endMin: clipped.closes }]);
  }
  for (const [day, ranges] of byDay) {
    ranges.sort((a, b) => a.startMin - b.startMin);
    const merged: { startMin: number; endMin: number }[] = [];
    for (const r of ranges) {
      const last = merged.at(-1);
      if (last && r.startMin <= last.endMin) last.endMin = Math.max(last.endMin, r.endMin);
      else merged.push({ ...r });
    }
    byDay.set(day, merged);
  }
  return byDay;
}

/** One professional prepared for a sweep: her ranges, her blocked time and a cursor into it. */
interface Sweep {
  id: string;
  ranges: Map<number, { startMin: number; endMin: number }[]>;
  blocked: Interval[];
  cursor: number;
}

function prepare(pro: ProfessionalDiary, closures: readonly Interval[]): Sweep {
  return {
    id: pro.id,
    ranges: rangesByWeekday(pro.weekly),
    blocked: mergeIntervals([...pro.busy, ...closures]),
    cursor: 0,
  };
}

/**
 * The free starts (Madrid minutes) of one professional on one date. Calls for
 * one Sweep must come in increasing date order: the cursor only moves forward.
 */
function dayStarts(s: Sweep, date: string, midnight: number, earliest: number, occupiedMs: number): number[] {
  const out: number[] = [];
  for (const range of s.ranges.get(isoWeekday(date)) ?? []) {
    const first = Math.ceil(range.startMin / START_STEP_MINUTES) * START_STEP_MINUTES;
    const rangeEnd = midnight + range.endMin * MINUTE;
    for (let m = first; ; m += START_STEP_MINUTES) {
      const at = midnight + m * MINUTE;
      const end = at + occupiedMs;
      if (end > rangeEnd) break;
      if (at < earliest) continue;
      while (s.cursor < s.blocked.length && s.blocked[s.cursor]!.end <= at) s.cursor++;
      const next = s.blocked[s.cursor];
      if (next && next.start < end) {
        // Jump to the first quarter hour at or after the blocked interval's end.
        const resume = Math.ceil((next.end - midnight) / MINUTE / START_STEP_MINUTES) * START_STEP_MINUTES;
        m = Math.max(m, resume - START_STEP_MINUTES);
        continue;
      }
      out.push(m);
    }
  }
  return out;
}

/** The instant of Madrid's midnight as the day's working hours count it (one offset per day). */
function workingMidnight(date: string): number {
  return wallToInstant(date, 12 * 60) - 12 * HOUR;
}

type Window = Pick<AvailabilityInput, "now" | "noticeMinutes" | "horizonDays">;

function bounds(input: Window): { today: string; lastDate: string; earliest: number } {
  const today = madridDate(input.now);
  return { today, lastDate: addDays(today, input.horizonDays), earliest: input.now + input.noticeMinutes * MINUTE };
}

/** Free start times per date; every date in the (clipped) range is present, full ones with no starts. */
export function freeStarts(input: AvailabilityInput): FreeDay[] {
  const { today, lastDate, earliest } = bounds(input);
  const first = input.fromDate < today ? today : input.fromDate;
  const requestedLast = addDays(input.fromDate, Math.max(0, input.days) - 1);
  const last = requestedLast < lastDate ? requestedLast : lastDate;
  if (input.days < 1 || first > last) return [];

  const occupiedMs = (input.durationMin + input.bufferMin) * MINUTE;
  const sweeps = input.professionals.map((p) => prepare(p, input.closures));
  const out: FreeDay[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const midnight = workingMidnight(date);
    const byMinute = new Map<number, string[]>();
    for (const s of sweeps) {
      for (const m of dayStarts(s, date, midnight, earliest, occupiedMs)) {
        const ids = byMinute.get(m);
        if (ids) ids.push(s.id);
        else byMinute.set(m, [s.id]);
      }
    }
    const starts = [...byMinute.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([minutes, professionalIds]) => ({ minutes, at: midnight + minutes * MINUTE, professionalIds }));
    out.push({ date, starts });
  }
  return out;
}

/** Whether `professionalId` (one of input.professionals) may start at `at`: the same rules as freeStarts. */
export function isFreeStart(
  input: Omit<AvailabilityInput, "fromDate" | "days">,
  professionalId: string,
  at: number,
): boolean {
  const pro = input.professionals.find((p) => p.id === professionalId);
  if (!pro || !Number.isFinite(at) || at % MINUTE !== 0) return false;
  const { date, minutes } = wallClockOf(at);
  if (minutes % START_STEP_MINUTES !== 0) return false;
  const { today, lastDate, earliest } = bounds(input);
  if (date < today || date > lastDate) return false;
  const midnight = workingMidnight(date);
  if (midnight + minutes * MINUTE !== at) return false;
  const occupiedMs = (input.durationMin + input.bufferMin) * MINUTE;
  return dayStarts(prepare(pro, input.closures), date, midnight, earliest, occupiedMs).includes(minutes);
}
