/**
 * The period of the counter's figures (/gestion/caja/cifras?periodo=…&fecha=…):
 * a day, an ISO week (Monday to Sunday) or a calendar month, as Madrid dates
 * (YYYY-MM-DD strings, the cash days sales are counted in). Pure.
 */
import { addDays } from "~/domain/calendar-dates.ts";
import { formatLongDate, formatMonthYear, formatWeekdayDate } from "~/domain/pricing.ts";
import { isDate, isoWeekday } from "~/domain/salon-time.ts";

/** The screen and its CSV. */
export const FIGURES_PATH = "/gestion/caja/cifras";
export const FIGURES_CSV_PATH = "/gestion/caja/cifras.csv";

export const FIGURES_PERIOD_KINDS = ["dia", "semana", "mes"] as const;
export type FiguresPeriodKind = (typeof FIGURES_PERIOD_KINDS)[number];

export const FIGURES_PERIOD_NAMES: Record<FiguresPeriodKind, string> = { dia: "Día", semana: "Semana", mes: "Mes" };

export interface FiguresPeriod {
  kind: FiguresPeriodKind;
  /** First and last cash day, both included. */
  from: string;
  to: string;
  /** Every day from `from` to `to`. */
  days: string[];
  /** "noviembre de 2026", "semana del 23 de noviembre de 2026 al 29 de noviembre de 2026", "martes, 24 de …". */
  label: string;
  /** A date inside the period before and after (for `?fecha=`). */
  previous: string;
  next: string;
}

const isKind = (value: string): value is FiguresPeriodKind =>
  (FIGURES_PERIOD_KINDS as readonly string[]).includes(value);

/** Dates the screen accepts: real dates within reason (the links stay within them too). */
function inRange(date: string): boolean {
  return isDate(date) && date >= "2000-01-01" && date <= "2999-12-31";
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** The period of this kind that holds `date`. */
export function figuresPeriod(kind: FiguresPeriodKind, date: string): FiguresPeriod {
  let from: string;
  let to: string;
  if (kind === "dia") {
    from = date;
    to = date;
  } else if (kind === "semana") {
    from = addDays(date, 1 - isoWeekday(date));
    to = addDays(from, 6);
  } else {
    from = firstOfMonth(date);
    // The day before the first of next month (day 28 + 4 is always in the next month).
    to = addDays(firstOfMonth(addDays(from, 31)), -1);
  }
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  const label =
    kind === "dia"
      ? formatWeekdayDate(from)
      : kind === "semana"
        ? `semana del ${formatLongDate(from)} al ${formatLongDate(to)}`
        : formatMonthYear(from);
  const previous = kind === "mes" ? firstOfMonth(addDays(from, -1)) : addDays(from, -days.length);
  return { kind, from, to, days, label, previous, next: addDays(to, 1) };
}

export type ParsedPeriod = { ok: true; period: FiguresPeriod } | { ok: false; error: string };

/** `?periodo=dia|semana|mes&fecha=YYYY-MM-DD`; each missing one defaults: this month, today. */
export function parseFiguresPeriod(params: URLSearchParams, today: string): ParsedPeriod {
  const kind = params.get("periodo") ?? "mes";
  const date = params.get("fecha") ?? today;
  if (!isKind(kind)) return { ok: false, error: "El periodo no es válido: elige día, semana o mes." };
  if (!inRange(date)) return { ok: false, error: "La fecha no es válida: escríbela como AAAA-MM-DD." };
  return { ok: true, period: figuresPeriod(kind, date) };
}

/** "?periodo=semana&fecha=2026-11-23": the query of a period (the screen's and the CSV's). */
export function figuresPeriodQuery(kind: FiguresPeriodKind, date: string): string {
  return `?periodo=${kind}&fecha=${date}`;
}

/** Whether the period's neighbour is still a date the screen accepts (no link past year 2999). */
export function periodLinkable(date: string): boolean {
  return inRange(date);
}
