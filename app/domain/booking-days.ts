/**
 * What a day of the booking calendar says when it has no free start, and what
 * it says when it has some. Pure: the caller passes the diaries it loaded.
 *
 * - closed: the salon does not open that weekday, or a whole-salon closure
 *   covers its hours (or every working hour of the professionals asked for);
 * - off: the salon is open, but the professional chosen (or, for "cualquier
 *   profesional", every one able) does not work that day: no weekly hours that
 *   weekday, or her time off covers them;
 * - full: someone works, and every time is taken (or too soon to book);
 * - free: there are free starts.
 */
import type { Interval, WeeklyRange } from "./availability.ts";
import { clipToOpening, salonOpening } from "./salon-hours.ts";
import { isoWeekday, wallToInstant } from "./salon-time.ts";

export type DayState = "closed" | "off" | "full" | "free";

export interface DayStateInput {
  date: string;
  /** How many free starts the day has. */
  starts: number;
  /** The professionals asked for: their weekly hours and their time off (not their appointments). */
  professionals: readonly { weekly: readonly WeeklyRange[]; timeOff: readonly Interval[] }[];
  /** Whole-salon closures. */
  closures: readonly Interval[];
}

/** Whether the union of `intervals` covers all of [start, end). */
function covered(start: number, end: number, intervals: readonly Interval[]): boolean {
  let reached = start;
  for (const i of [...intervals].sort((a, b) => a.start - b.start)) {
    if (i.start > reached) break;
    if (i.end > reached) reached = i.end;
    if (reached >= end) return true;
  }
  return reached >= end;
}

/** A professional's hours that day (clipped to the salon's), as instants. */
function workingRanges(date: string, weekly: readonly WeeklyRange[]): Interval[] {
  const weekday = isoWeekday(date);
  return weekly.flatMap((r) => {
    if (r.weekday !== weekday) return [];
    const clipped = clipToOpening(weekday, r.startMin, r.endMin);
    return clipped ? [{ start: wallToInstant(date, clipped.opens), end: wallToInstant(date, clipped.closes) }] : [];
  });
}

export function dayState(input: DayStateInput): DayState {
  if (input.starts > 0) return "free";
  const opening = salonOpening.get(isoWeekday(input.date));
  if (!opening) return "closed";
  const opens = wallToInstant(input.date, opening.opens);
  const closes = wallToInstant(input.date, opening.closes);
  if (covered(opens, closes, input.closures)) return "closed";
  const scheduled = input.professionals
    .map((p) => ({ ranges: workingRanges(input.date, p.weekly), timeOff: p.timeOff }))
    .filter((p) => p.ranges.length > 0);
  const allCovered = (p: { ranges: Interval[] }, by: readonly Interval[]) =>
    p.ranges.every((r) => covered(r.start, r.end, by));
  if (scheduled.some((p) => !allCovered(p, [...p.timeOff, ...input.closures]))) return "full";
  // Nobody works: the salon's closure alone stops every one who would have → closed.
  if (scheduled.length > 0 && scheduled.every((p) => allCovered(p, input.closures))) return "closed";
  return "off";
}
