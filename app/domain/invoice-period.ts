/**
 * The periods Gestión's invoice list and exports are asked for (issue 13): a
 * quarter ("2026-T4", as Spanish VAT returns count them), a month ("2026-11"),
 * a year ("2026") or a range of days ("2026-10-01..2027-02-15"). Dates are
 * calendar days in Madrid, as invoices' issue dates are. Pure: no clock, the
 * caller passes today; bad input never throws, it falls back to the default.
 */
import { addDays } from "./calendar-dates.ts";
import { formatLongDate, formatMonthYear } from "./pricing.ts";

type PeriodKind = "quarter" | "month" | "year" | "range";

export interface InvoicePeriod {
  kind: PeriodKind;
  /** Canonical form, as the URL carries it: "2026-T4", "2026-11", "2026", "2026-10-01..2027-02-15". */
  key: string;
  /** First day, YYYY-MM-DD (inclusive). */
  from: string;
  /** Last day, YYYY-MM-DD (inclusive). */
  to: string;
  /** "4.º trimestre de 2026", "noviembre de 2026", "año 2026", "del 1 de octubre de 2026 al 15 de febrero de 2027". */
  label: string;
}

/** The URL parameter that carries a period's key. */
export const PERIOD_PARAM = "periodo";

const MIN_YEAR = 2000;
const MAX_YEAR = 2999;

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function lastDayOfMonth(year: number, month: number): string {
  return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

function yearOk(year: number): boolean {
  return Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR;
}

/** A real calendar day "YYYY-MM-DD" within the supported years. */
function isDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
  if (!m || !yearOk(Number(m[1]))) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function quarterPeriod(year: number, quarter: number): InvoicePeriod {
  const firstMonth = (quarter - 1) * 3 + 1;
  return {
    kind: "quarter",
    key: `${year}-T${quarter}`,
    from: `${year}-${pad(firstMonth)}-01`,
    to: lastDayOfMonth(year, firstMonth + 2),
    label: `${quarter}.º trimestre de ${year}`,
  };
}

function monthPeriod(year: number, month: number): InvoicePeriod {
  const from = `${year}-${pad(month)}-01`;
  return {
    kind: "month",
    key: `${year}-${pad(month)}`,
    from,
    to: lastDayOfMonth(year, month),
    label: formatMonthYear(from),
  };
}

function yearPeriod(year: number): InvoicePeriod {
  return { kind: "year", key: String(year), from: `${year}-01-01`, to: `${year}-12-31`, label: `año ${year}` };
}

function rangePeriod(from: string, to: string): InvoicePeriod {
  return {
    kind: "range",
    key: `${from}..${to}`,
    from,
    to,
    label: from === to ? `el ${formatLongDate(from)}` : `del ${formatLongDate(from)} al ${formatLongDate(to)}`,
  };
}

/** The quarter `today` (YYYY-MM-DD) falls in: the default period. */
export function currentQuarter(today: string): InvoicePeriod {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return quarterPeriod(year, Math.floor((month - 1) / 3) + 1);
}

/** The period a key names, or null when it names none (never throws). */
export function tryParsePeriod(raw: string | null | undefined): InvoicePeriod | null {
  const value = (raw ?? "").trim().toUpperCase();
  if (!value || value.length > 30) return null;
  let m = /^(\d{4})-T([1-4])$/u.exec(value);
  if (m) return yearOk(Number(m[1])) ? quarterPeriod(Number(m[1]), Number(m[2])) : null;
  m = /^(\d{4})-(0[1-9]|1[0-2])$/u.exec(value);
  if (m) return yearOk(Number(m[1])) ? monthPeriod(Number(m[1]), Number(m[2])) : null;
  m = /^(\d{4})$/u.exec(value);
  if (m) return yearOk(Number(m[1])) ? yearPeriod(Number(m[1])) : null;
  m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/u.exec(value);
  if (m && isDay(m[1]) && isDay(m[2]) && m[1] <= m[2]) return rangePeriod(m[1], m[2]);
  return null;
}

interface PeriodChoice {
  period: InvoicePeriod;
  /** Set when something was asked for and could not be read: the list says the default is shown instead. */
  note: string | null;
}

/**
 * The period of a list or export URL: the two days of the "other dates" form
 * (`desde` and `hasta`, both needed), else `periodo`, else the current quarter.
 */
export function periodFromSearch(params: URLSearchParams, today: string): PeriodChoice {
  const from = params.get("desde")?.trim() ?? "";
  const to = params.get("hasta")?.trim() ?? "";
  const fallback = currentQuarter(today);
  if (from || to) {
    if (isDay(from) && isDay(to) && from <= to) return { period: rangePeriod(from, to), note: null };
    return {
      period: fallback,
      note: `Las fechas no son válidas (hacen falta las dos, y «desde» no puede ser posterior a «hasta»): se muestra el ${fallback.label}.`,
    };
  }
  const raw = params.get(PERIOD_PARAM);
  if (!raw) return { period: fallback, note: null };
  const period = tryParsePeriod(raw);
  return period
    ? { period, note: null }
    : { period: fallback, note: `El periodo «${raw.slice(0, 30)}» no existe: se muestra el ${fallback.label}.` };
}

/** The last `count` quarters up to today's, newest first (for a select). */
export function recentQuarters(today: string, count = 8): InvoicePeriod[] {
  const current = currentQuarter(today);
  const index = Number(current.key.slice(0, 4)) * 4 + Number(current.key.slice(6)) - 1;
  return Array.from({ length: count }, (_, i) => quarterPeriod(Math.floor((index - i) / 4), ((index - i) % 4) + 1));
}

/** The last `count` months up to today's, newest first. */
export function recentMonths(today: string, count = 12): InvoicePeriod[] {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => monthPeriod(Math.floor((index - i) / 12), ((index - i) % 12) + 1));
}

/** The last `count` years up to today's, newest first. */
export function recentYears(today: string, count = 3): InvoicePeriod[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: count }, (_, i) => yearPeriod(year - i));
}

/** The months ("YYYY-MM") the period touches, oldest first. */
export function periodMonths(period: Pick<InvoicePeriod, "from" | "to">): string[] {
  const months: string[] = [];
  let year = Number(period.from.slice(0, 4));
  let month = Number(period.from.slice(5, 7));
  const last = period.to.slice(0, 7);
  for (let key = `${year}-${pad(month)}`; key <= last; key = `${year}-${pad(month)}`) {
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** True when the period runs past one year from its first day (2026-03-01..2027-02-28 is a year; ..2027-03-01 is more). */
export function longerThanAYear(period: Pick<InvoicePeriod, "from" | "to">): boolean {
  const [y, m, d] = period.from.split("-").map(Number);
  const sameDayNextYear = new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
  return period.to > addDays(sameDayNextYear, -1);
}

/** "facturas-2026-T4.csv", "facturas-2026-10-01_2027-02-15.zip". */
export function periodFileName(period: Pick<InvoicePeriod, "key">, extension: "csv" | "zip"): string {
  return `facturas-${period.key.replace("..", "_")}.${extension}`;
}

/** What the export buttons call the period: "del trimestre", "del mes", "del año", "del periodo". */
export function periodNoun(kind: PeriodKind): string {
  return { quarter: "del trimestre", month: "del mes", year: "del año", range: "del periodo" }[kind];
}
