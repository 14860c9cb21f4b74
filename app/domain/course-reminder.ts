/**
 * When the "Recordatorios de mis cursos" email goes out: three days before the
 * edition starts, at 09:00 in Madrid. An enrolment made later than that (but
 * before the first day) is reminded at once; an edition already under way, or
 * without a date, gets no reminder.
 */
import { addDays, madridTimeToInstant } from "./calendar-dates.ts";

const REMINDER_DAYS_BEFORE = 3;
const REMINDER_HOUR = 9;

/** When to send the reminder, or null when there is nothing to remind of any more. */
export function reminderRunAfter(startsOn: string | null, now: Date, todayMadrid: string): Date | null {
  if (!startsOn || !/^\d{4}-\d{2}-\d{2}$/.test(startsOn)) return null;
  if (todayMadrid >= startsOn) return null;
  const due = madridTimeToInstant(addDays(startsOn, -REMINDER_DAYS_BEFORE), REMINDER_HOUR);
  return due.getTime() > now.getTime() ? due : now;
}
