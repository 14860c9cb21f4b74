/**
 * How long a buyer keeps access to a course's online material: 720 hours (the
 * old site's window). Starting it at purchase would end access before
 * a course that starts months later, so the 720 hours run from the last day of
 * the booked edition (or from the purchase when no edition is scheduled),
 * whichever is later.
 */
const ACCESS_WINDOW_HOURS = 720;

interface EditionDates {
  startsOn: string;
  endsOn: string | null;
}

/** ISO timestamp until which the enrolment gives access. */
export function accessUntil(paidAtIso: string, edition: EditionDates | null): string {
  const paidAt = Date.parse(paidAtIso);
  let from = paidAt;
  if (edition) {
    const lastDay = (edition.endsOn ?? edition.startsOn).slice(0, 10);
    // End of that day (UTC): the course runs all of its last day.
    const endOfLastDay = Date.parse(`${lastDay}T23:59:59.000Z`);
    if (Number.isFinite(endOfLastDay)) from = Math.max(paidAt, endOfLastDay);
  }
  return new Date(from + ACCESS_WINDOW_HOURS * 3600 * 1000).toISOString();
}

/** True while the enrolment still gives access. */
export function hasAccess(accessUntilIso: string, now: Date = new Date()): boolean {
  return Date.parse(accessUntilIso) > now.getTime();
}
