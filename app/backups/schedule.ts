/**
 * When the scheduled backups run: once a day at BACKUP_TIME on Madrid's
 * clocks (default 03:30), whatever the clock change; and when the hourly
 * check looks for a stale backup. Pure: the outbox jobs (jobs.server.ts)
 * turn these into dedupe keys and run_after instants.
 */
import { addDays, madridTimeToInstant, madridWallClock } from "~/domain/calendar-dates.ts";

export interface WallTime {
  hour: number;
  minute: number;
}

export const DEFAULT_BACKUP_TIME = "03:30";

/** "03:30" → { hour: 3, minute: 30 }; null when it is not a HH:MM time of day. */
export function parseWallTime(text: string): WallTime | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

/**
 * The instant Madrid's clocks show `time` on `date`. On the night the clocks
 * go forward a time that does not exist (02:30) is the same instant as one
 * hour later (03:30); on the night they go back, a time that happens twice is
 * its first occurrence.
 */
export function madridInstant(date: string, time: WallTime): Date {
  return madridTimeToInstant(date, time.hour, time.minute);
}

/**
 * The Madrid day whose backup comes next at `now`: today's while its time has
 * not passed or `catchUp` (a start after the time: today's backup runs at once
 * unless it already ran; its dedupe key says so), else tomorrow's.
 */
export function nextBackupDay(now: Date, time: WallTime, catchUp = false): { day: string; at: Date } {
  const today = madridWallClock(now).date;
  const todayAt = madridInstant(today, time);
  if (catchUp || todayAt.getTime() > now.getTime()) return { day: today, at: todayAt };
  const tomorrow = addDays(today, 1);
  return { day: tomorrow, at: madridInstant(tomorrow, time) };
}

/** The backup of the day after `day`, for the job that just ran to enqueue. */
export function followingBackup(day: string, time: WallTime): { day: string; at: Date } {
  const next = addDays(day, 1);
  return { day: next, at: madridInstant(next, time) };
}

/** The hour (UTC, "2026-11-28T14") a check at `now` belongs to, and the start of the next one. */
export function checkSlot(now: Date): { hour: string; next: { hour: string; at: Date } } {
  const start = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const at = new Date(start + 3_600_000);
  return { hour: new Date(start).toISOString().slice(0, 13), next: { hour: at.toISOString().slice(0, 13), at } };
}

/** No successful backup for this long: the panel warns and the owner gets an email. */
export const STALE_AFTER_MS = 26 * 3_600_000;
