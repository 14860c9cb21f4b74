/**
 * Money and date display for es-ES. Prices are integer cents everywhere; only
 * these helpers turn them into text (es-format.ts writes it, without Intl).
 * One money format everywhere (pages, emails, invoice PDFs): "1.649,00 €", grouped
 * from four digits on, two decimals, and between amount and "€" a no-break space
 * (U+00A0, `MONEY_SPACE`), so "€" never wraps onto its own line. Playwright's text
 * matching collapses whitespace, so e2e tests may write "1.279,00 €" with a plain
 * space. CSV exports write plain numbers instead.
 */
import type { Course } from "./course.ts";
import { dateText, euroText } from "./es-format.ts";

/** 127900 → "1.279,00 €": the money format of every page, email and invoice. */
export function formatEuros(cents: number): string {
  return euroText(cents);
}

/**
 * 28000 → "280 €"; keeps the cents when there are any (32950 → "329,50 €"). Only
 * where room is short and no amount is read as a price: chart axes (and the
 * assistant's answers); prices a buyer reads use `formatEuros`.
 */
export function formatPriceShort(cents: number): string {
  return cents % 100 === 0 ? euroText(cents, true) : euroText(cents);
}

/** Monthly instalment in whole euros for 3 interest-free payments: ceil(price / 3), rounded up so 3 payments never fall short. */
export function monthlyFinancingEuros(cents: number): number {
  return Math.ceil(cents / 300);
}

/** "94,00 €/mes": the monthly instalment as the course cards and checkout write it (the one money format). */
export function monthlyFinancingText(cents: number): string {
  return `${euroText(monthlyFinancingEuros(cents) * 100)}/mes`;
}

/** Original price minus price, never negative (checkout "Descuento"). */
export function discountCents(course: Pick<Course, "priceCents" | "originalPriceCents">): number {
  return Math.max(0, course.originalPriceCents - course.priceCents);
}

function parseIsoDate(isoDate: string): Date {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(y, (m ?? 1) - 1, d ?? 1));
}

/** "2027-02-09" → "febrero de 2027". */
export function formatMonthYear(isoDate: string, locale: "es" | "ca" = "es"): string {
  return dateText(parseIsoDate(isoDate), { year: true }, locale);
}

/** "2027-02-09" → "9 de febrero de 2027" ("9 de febrer de 2027" in Catalan). */
export function formatLongDate(isoDate: string, locale: "es" | "ca" = "es"): string {
  return dateText(parseIsoDate(isoDate), { day: true, year: true }, locale);
}

/** "2027-02-09" → "martes, 9 de febrero de 2027" ("dimarts, 9 de febrer de 2027" in Catalan). */
export function formatWeekdayDate(isoDate: string, locale: "es" | "ca" = "es"): string {
  return dateText(parseIsoDate(isoDate), { weekday: true, day: true, year: true }, locale);
}
