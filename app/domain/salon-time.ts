/**
 * Time at the salon (Europe/Madrid) for appointments: Madrid wall-clock days
 * and minutes ↔ instants, across the daylight-saving changes, and the
 * five-minute slots appointments occupy. Pure: no clock.
 */
import { madridTimeToInstant, madridWallClock } from "./calendar-dates.ts";
import type { Locale } from "../i18n/locales.ts";
import { dateText } from "./es-format.ts";

/** Appointments occupy whole five-minute slots; durations are multiples of 5. */
const SLOT_MINUTES = 5;
const SLOT_MS = SLOT_MINUTES * 60_000;

/** The slot an instant (epoch ms) falls in. */
const slotOf = (ms: number): number => Math.floor(ms / SLOT_MS);

/** The slots of [startMs, endMs): what an appointment from start to end occupies. */
export function slotsBetween(startMs: number, endMs: number): number[] {
  const out: number[] = [];
  for (let s = slotOf(startMs); s * SLOT_MS < endMs; s++) out.push(s);
  return out;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The instant (epoch ms) Madrid's clocks show `minutes` after midnight on `date` (daytime hours). */
export function wallToInstant(date: string, minutes: number): number {
  return madridTimeToInstant(date, Math.floor(minutes / 60), minutes % 60).getTime();
}

/** Madrid's date and minutes after midnight at an instant. */
export const wallClockOf = madridWallClock;

/** 570 → "09:30". */
export function formatTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "09:30" → 570; null for anything else. */
export function parseTime(value: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** "2026-11-27" → "viernes, 27 de noviembre" (in Catalan: "divendres, 27 de novembre"). */
export function formatDayLong(date: string, locale: Locale = "es"): string {
  const m = DATE.exec(date);
  if (!m) return date;
  return dateText(
    new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))),
    { weekday: true, day: true },
    locale,
  );
}

/** Text that stands on its own (a label, a heading, a table cell): its first letter upper case. */
function asLabel(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * "2026-11-27" → "Viernes, 27 de noviembre": a day standing on its own (a
 * label, a heading). Inside a sentence the weekday stays lower case: formatDayLong.
 */
export function formatDayLabel(date: string, locale: Locale = "es"): string {
  return asLabel(formatDayLong(date, locale));
}

/** An instant as Madrid's "Viernes, 27 de noviembre, 10:30", standing on its own. */
export function formatAppointmentLabel(instant: number | Date, locale: Locale = "es"): string {
  return asLabel(formatAppointmentTime(instant, locale));
}

/** An instant as Madrid's "viernes, 27 de noviembre, 10:30". */
export function formatAppointmentTime(instant: number | Date, locale: Locale = "es"): string {
  const { date, minutes } = wallClockOf(instant);
  return `${formatDayLong(date, locale)}, ${formatTime(minutes)}`;
}
