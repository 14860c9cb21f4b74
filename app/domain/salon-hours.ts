/**
 * The salon's opening hours by ISO weekday, in Madrid minutes after midnight,
 * read from the one place the site's facts live (app/content/site.ts). A
 * professional's hours are only bookable inside them.
 */
import { site } from "~/content/site.ts";

const SCHEMA_DAY: Record<string, number> = {
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
  Sunday: 7,
};

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface OpeningRange {
  opens: number;
  closes: number;
}

/** weekday (1–7) → opening range; a weekday absent from the map is closed. */
export const salonOpening: ReadonlyMap<number, OpeningRange> = new Map(
  site.hours.flatMap((h) =>
    h.opens && h.closes
      ? h.schemaDays.map((d) => [SCHEMA_DAY[d]!, { opens: toMinutes(h.opens), closes: toMinutes(h.closes) }] as const)
      : [],
  ),
);

/** Spanish weekday names, 1 Monday … 7 Sunday. */
export const WEEKDAY_NAMES = ["", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"] as const;

/** The part of [start, end) inside the salon's hours on that weekday, or null. */
export function clipToOpening(weekday: number, start: number, end: number): OpeningRange | null {
  const open = salonOpening.get(weekday);
  if (!open) return null;
  const opens = Math.max(open.opens, start);
  const closes = Math.min(open.closes, end);
  return opens < closes ? { opens, closes } : null;
}
