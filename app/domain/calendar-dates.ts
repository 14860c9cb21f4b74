/**
 * Calendar arithmetic on plain dates ("YYYY-MM-DD", a day in Madrid) and the
 * one conversion from a Madrid wall-clock time to an instant. Pure: no clock.
 */
import { lazy } from "../lib/lazy.ts";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function format(utc: Date): string {
  return utc.toISOString().slice(0, 10);
}

/** The date `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return format(new Date(Date.UTC(y, m - 1, d + days)));
}

/** The first Monday of the month `months` after the month of `date` ("2026-11-23", 2 → "2027-01-04"). */
export function firstMondayOfMonth(date: string, months: number): string {
  const [y, m] = parts(date);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  // getUTCDay: 0 Sunday … 1 Monday … 6 Saturday.
  const shift = (8 - first.getUTCDay()) % 7;
  return format(new Date(first.getTime() + shift * 86_400_000));
}

const madridDateFormat = lazy(() => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }));

/** The date in Madrid (YYYY-MM-DD) at `instant`: the salon's "today". */
export function madridDate(instant: Date | number = Date.now()): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  // en-CA formats dates as YYYY-MM-DD (the slow path, for an instant that is not a valid date).
  if (!Number.isFinite(ms)) return madridDateFormat().format(instant);
  return new Date(ms + madridOffsetMs(ms)).toISOString().slice(0, 10);
}

const madridWallFormat = lazy(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Madrid",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }),
);

const dateTimeOptions: Intl.DateTimeFormatOptions = {
  timeZone: "Europe/Madrid",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};
const madridDateTimeFormat = lazy(() => new Intl.DateTimeFormat("es-ES", dateTimeOptions));
/** The Catalan pages' (issue 34): "12 de gener de 2027, 14:05". */
const catalanDateTimeFormat = lazy(() => new Intl.DateTimeFormat("ca-ES", dateTimeOptions));

/**
 * An instant as people in Madrid read it, "12 de enero de 2027, 14:05" (ICU writes
 * " a las " instead of ", " in newer versions): order lists, expiry dates, emails.
 */
export function madridDateTimeText(instant: Date | number, locale: "es" | "ca" = "es"): string {
  return (locale === "ca" ? catalanDateTimeFormat() : madridDateTimeFormat()).format(instant);
}

const HOUR_MS = 3_600_000;
/** Bounds the memo below (a few years of hours); cleared when full. */
const MAX_MEMO_HOURS = 50_000;
const offsetByHour = new Map<number, number>();

/**
 * How far Madrid's clocks are ahead of UTC at `ms`, in milliseconds. The offset
 * only changes on a whole UTC hour (01:00 UTC, twice a year), so Intl, which is
 * slow (a diary week asks thousands of times), is asked once per hour.
 */
function madridOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const fields = madridWallFormat().formatToParts(start);
    const get = (type: string) => Number(fields.find((f) => f.type === type)?.value ?? NaN);
    offset = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute")) - start;
    if (offsetByHour.size >= MAX_MEMO_HOURS) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** What Madrid's clocks show at `instant`: the date (YYYY-MM-DD) and the minutes after midnight. */
export function madridWallClock(instant: Date | number): { date: string; minutes: number } {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  // As Intl would: an invalid date has no wall clock.
  if (!Number.isFinite(ms)) throw new RangeError("Invalid time value");
  const wall = new Date(ms + madridOffsetMs(ms));
  return { date: wall.toISOString().slice(0, 10), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/** Minutes Madrid is ahead of UTC at `instant` (60 in winter, 120 in summer). */
export function madridOffsetMinutes(instant: Date): number {
  const { date, minutes } = madridWallClock(instant);
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  return Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a Madrid calendar day ("YYYY-MM-DD") starts: its 00:00 in Madrid. */
export function madridDayStart(date: string): Date {
  return madridTimeToInstant(date, 0);
}

/**
 * The instant when Madrid's clocks show `hour`:`minute` on `date`. Meant for
 * daytime hours: the clock changes happen at night, so the offset found two
 * hours earlier is the one in force.
 */
export function madridTimeToInstant(date: string, hour: number, minute = 0): Date {
  const [y, m, d] = parts(date);
  const asUtc = Date.UTC(y, m - 1, d, hour, minute);
  const offset = madridOffsetMinutes(new Date(asUtc - 2 * 3_600_000));
  return new Date(asUtc - offset * 60_000);
}
