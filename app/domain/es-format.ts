/**
 * es-ES text for euro amounts, plain decimals and calendar dates, written out
 * instead of asked of Intl.
 *
 * Why: in a browser tab the first Intl object loads ICU's locale data. Measured in
 * Chromium on this project's 2-core machine, that took 12–19 ms inside the
 * hydration of every page that shows a price or a date (the catalogue, a course,
 * the cart, the services, booking), as one task that cannot be split, which
 * Lighthouse's phone simulation counts four times over as blocking time. The
 * formats the site needs are few and fixed. The unit tests compare each function
 * here with Intl's es-ES output over its whole range of use, so the text is the
 * same one Intl would write, on the server and in the browser alike.
 */

/** The no-break space between an amount and "€", so "€" never wraps onto its own line. */
export const MONEY_SPACE = "\u00a0";

/** The months as es-ES writes them, January first. */
export const MONTH_NAMES: readonly string[] = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** In the order of Date#getUTCDay: Sunday first. */
const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;

/** The Catalan pages' months and weekdays (issue 34), in the same orders. */
const CATALAN_MONTH_NAMES: readonly string[] = [
  "gener",
  "febrer",
  "març",
  "abril",
  "maig",
  "juny",
  "juliol",
  "agost",
  "setembre",
  "octubre",
  "novembre",
  "desembre",
];
const CATALAN_WEEKDAYS = ["diumenge", "dilluns", "dimarts", "dimecres", "dijous", "divendres", "dissabte"] as const;

/** The true minus sign of a negative amount ("−82,64 €"), as the invoices print it. */
export const MINUS_SIGN = "\u2212";

/**
 * "1234567" → "1.234.567", and "1234" → "1.234": the site groups every amount from
 * four digits on, as its invoices do (Intl's es-ES default leaves "1234" ungrouped,
 * which is how the same price came to be written two ways).
 */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(?:\d{3})+$)/g, ".");
}

/**
 * Integer cents → "1.234,50 €", the one money format of every page, email and
 * invoice (Intl's es-ES currency format with `useGrouping: "always"`, and a true
 * minus sign); with `wholeEuros` → "1.235 €" (rounded half up, as Intl does), for
 * chart axes only. A fraction of a cent is rounded away first.
 */
export function euroText(cents: number, wholeEuros = false): string {
  const magnitude = Math.round(Math.abs(cents));
  const sign = cents < 0 && magnitude > 0 ? MINUS_SIGN : "";
  const amount = wholeEuros
    ? groupDigits(String(Math.round(magnitude / 100)))
    : `${groupDigits(String(Math.floor(magnitude / 100)))},${String(magnitude % 100).padStart(2, "0")}`;
  return `${sign}${amount}${MONEY_SPACE}€`;
}

/**
 * 4.2 → "4,2": a decimal with at most `fractionDigits` decimals, no trailing zeros
 * and no grouping (ratings and hours, which stay well below 10.000).
 */
export function decimalText(value: number, fractionDigits = 2): string {
  const scale = 10 ** fractionDigits;
  const rounded = Math.round(Math.abs(value) * scale) / scale;
  const text = String(rounded).replace(".", ",");
  return value < 0 && rounded !== 0 ? `-${text}` : text;
}

interface DateTextParts {
  weekday?: boolean;
  day?: boolean;
  year?: boolean;
}

/**
 * A calendar day (a Date at that day's UTC midnight) as es-ES writes it: the month
 * always, with the parts asked for: "noviembre de 2026", "24 de noviembre de 2026",
 * "martes, 24 de noviembre de 2026", "martes, 24 de noviembre". An invalid
 * date throws a RangeError, as Intl's format does. In Catalan ("ca"), as
 * ca-ES writes it: "dimarts, 24 de novembre de 2026", "4 d’abril de 2026".
 */
export function dateText(day: Date, parts: DateTextParts, locale: "es" | "ca" = "es"): string {
  if (Number.isNaN(day.getTime())) throw new RangeError("Invalid time value");
  if (locale === "ca") return catalanDateText(day, parts);
  const weekday = parts.weekday ? `${WEEKDAYS[day.getUTCDay()]}, ` : "";
  const dayOfMonth = parts.day ? `${day.getUTCDate()} de ` : "";
  const year = parts.year ? ` de ${day.getUTCFullYear()}` : "";
  return `${weekday}${dayOfMonth}${MONTH_NAMES[day.getUTCMonth()]}${year}`;
}

/** Catalan elides "de" before a vowel: "d’abril", "d’agost", "d’octubre". */
function catalanOf(word: string): string {
  return /^[aeiouàèéíòóú]/u.test(word) ? `d’${word}` : `de ${word}`;
}

function catalanDateText(day: Date, parts: DateTextParts): string {
  const month = CATALAN_MONTH_NAMES[day.getUTCMonth()]!;
  const weekday = parts.weekday ? `${CATALAN_WEEKDAYS[day.getUTCDay()]}, ` : "";
  // "novembre de 2026" without the day; with it, "30 de novembre", "4 d’abril".
  const dayAndMonth = parts.day ? `${day.getUTCDate()} ${catalanOf(month)}` : month;
  const year = parts.year ? ` de ${day.getUTCFullYear()}` : "";
  return `${weekday}${dayAndMonth}${year}`;
}
