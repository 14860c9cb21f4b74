/**
 * Which backup archives to keep: a ladder of 7 daily, 5 weekly, 12 monthly
 * and 6 yearly copies, on Madrid dates. Pure: the caller passes the archives
 * and deletes what this returns (app/backups/scheduled.server.ts).
 *
 * Each rung keeps the newest archive of each of its most recent periods that
 * have one (as restic's `forget --keep-*` does): a gap without backups does
 * not use up a rung, so old copies are not deleted because the backups
 * stopped for a while. An archive kept by any rung stays; the newest archive
 * always stays.
 */
import { madridDate } from "~/domain/calendar-dates.ts";

export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
  yearly: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { daily: 7, weekly: 5, monthly: 12, yearly: 6 };

export interface Archive {
  /** A file name or an object key: what is returned when it is to be deleted. */
  name: string;
  /** When the backup was taken. */
  takenAt: Date;
}

/** The ISO week ("2026-W48") of a date ("YYYY-MM-DD"): weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  // getUTCDay: 0 Sunday … 6 Saturday → 1 Monday … 7 Sunday.
  const weekday = day.getUTCDay() || 7;
  const thursday = new Date(day.getTime() + (4 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

type PeriodOf = (date: string) => string;

const PERIODS: [keyof RetentionPolicy, PeriodOf][] = [
  ["daily", (date) => date],
  ["weekly", isoWeek],
  ["monthly", (date) => date.slice(0, 7)],
  ["yearly", (date) => date.slice(0, 4)],
];

/** The names of the archives to keep under `policy`, newest first. */
export function archivesToKeep(archives: Archive[], policy: RetentionPolicy = DEFAULT_RETENTION): string[] {
  const newestFirst = [...archives].sort(
    (a, b) => b.takenAt.getTime() - a.takenAt.getTime() || (a.name < b.name ? 1 : -1),
  );
  const keep = new Set<string>();
  if (newestFirst.length > 0) keep.add(newestFirst[0].name);
  for (const [rung, periodOf] of PERIODS) {
    const seen = new Set<string>();
    for (const archive of newestFirst) {
      if (seen.size >= policy[rung]) break;
      const period = periodOf(madridDate(archive.takenAt));
      if (seen.has(period)) continue;
      seen.add(period);
      keep.add(archive.name);
    }
  }
  return newestFirst.filter((a) => keep.has(a.name)).map((a) => a.name);
}

/** The names of the archives the ladder no longer keeps, oldest first. */
export function archivesToDelete(archives: Archive[], policy: RetentionPolicy = DEFAULT_RETENTION): string[] {
  const keep = new Set(archivesToKeep(archives, policy));
  return [...archives]
    .sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime())
    .filter((a) => !keep.has(a.name))
    .map((a) => a.name);
}
