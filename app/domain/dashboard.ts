/**
 * Pure rules of the staff panel (/gestion): calendar buckets in Madrid time
 * (timestamps are stored as ISO-8601 UTC), chart axes, and the grouping of the
 * assistant's unanswered questions. No I/O: app/staff/dashboard.server.ts
 * queries, the chart components draw.
 */
import { madridDate as madridDateOf } from "./calendar-dates.ts";
import { lazy } from "../lib/lazy.ts";

const shortMonth = lazy(() => new Intl.DateTimeFormat("es-ES", { month: "short", timeZone: "UTC" }));

function toDate(at: Date | string): Date {
  return typeof at === "string" ? new Date(at) : at;
}

/** The calendar day in Madrid of an instant: "2027-01-31T23:30:00Z" → "2027-02-01". */
export function madridDate(at: Date | string): string {
  return madridDateOf(toDate(at));
}

/** The calendar month in Madrid of an instant, "YYYY-MM". */
export function madridMonth(at: Date | string): string {
  return madridDate(at).slice(0, 7);
}

/** "2027-01" + 2 → "2027-03"; negative deltas go back. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The `count` months ending with `last`, oldest first. */
export function monthsEndingAt(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));
}

const shortDate = lazy(
  () =>
    new Intl.DateTimeFormat("es-ES", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }),
);

/** "2027-02-15" → "15 feb 2027" (chart labels, where space is short). */
export function shortDateLabel(date: string): string {
  return shortDate()
    .format(new Date(`${date.slice(0, 10)}T00:00:00Z`))
    .replace(".", "");
}

/** "2027-02" → "feb", "2027-09" → "sep": three letters (axis label; the data table uses the long form). */
export function shortMonthLabel(month: string): string {
  return shortMonth()
    .format(new Date(`${month}-01T00:00:00Z`))
    .replace(".", "")
    .slice(0, 3);
}

export interface MonthTotal {
  /** "YYYY-MM" in Madrid time. */
  month: string;
  cents: number;
  orders: number;
}

/** Sums amounts into the given months by the Madrid month of `at`; instants outside them are left out. */
export function bucketByMonth(rows: { at: string; cents: number }[], months: string[]): MonthTotal[] {
  const totals = new Map(months.map((month) => [month, { month, cents: 0, orders: 0 }]));
  for (const row of rows) {
    const bucket = totals.get(madridMonth(row.at));
    if (!bucket) continue;
    bucket.cents += row.cents;
    bucket.orders += 1;
  }
  return months.map((m) => totals.get(m)!);
}

/**
 * The months' net takings: sales by the Madrid month they were paid, minus
 * refunds by the month they were made (app/domain/takings.ts); `orders`
 * counts the sales.
 */
export function netMonthTotals(
  sales: { at: string; cents: number }[],
  refunds: { at: string; cents: number }[],
  months: string[],
): MonthTotal[] {
  const refunded = bucketByMonth(refunds, months);
  return bucketByMonth(sales, months).map((m, i) => ({ ...m, cents: m.cents - refunded[i].cents }));
}

export interface Axis {
  /** The top of the axis (≥ the largest value, > 0). */
  max: number;
  /** From 0 to max, evenly spaced. */
  ticks: number[];
}

/**
 * A readable axis for values up to `max`: steps of 1, 2, 2.5 or 5 × 10ⁿ, never
 * finer than `minStep` (100 cents = one euro; 1 seat).
 */
export function niceAxis(max: number, { ticks = 4, minStep = 1 }: { ticks?: number; minStep?: number } = {}): Axis {
  if (!Number.isFinite(max) || max <= 0) return { max: minStep, ticks: [0, minStep] };
  const rough = Math.max(max / ticks, minStep);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough && s % minStep === 0) ?? 10 * power;
  const top = Math.ceil(max / step) * step;
  return { max: top, ticks: Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step) };
}

/** Questions that differ only in case, accents, punctuation or spacing are the same question. */
export function normaliseQuestion(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}#[\]\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export interface QuestionGroup {
  /** The most recent wording. */
  text: string;
  count: number;
  /** ISO timestamp of the latest time it was asked. */
  lastAskedAt: string;
  /** The classifier's closest topic (below the threshold), from the latest time. */
  guess: string;
}

/** Groups questions by normalised text; most asked first, then most recent. */
export function groupQuestions(
  rows: { text: string; intent: string; created_at: string }[],
  limit = 20,
): QuestionGroup[] {
  const groups = new Map<string, QuestionGroup>();
  for (const row of rows) {
    const key = normaliseQuestion(row.text);
    if (!key) continue;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { text: row.text, count: 1, lastAskedAt: row.created_at, guess: row.intent });
      continue;
    }
    group.count += 1;
    if (row.created_at > group.lastAskedAt) {
      Object.assign(group, { text: row.text, lastAskedAt: row.created_at, guess: row.intent });
    }
  }
  return [...groups.values()]
    .sort((a, b) => b.count - a.count || b.lastAskedAt.localeCompare(a.lastAskedAt))
    .slice(0, limit);
}

const INTENT_TOPICS: Record<string, string> = {
  greeting: "Saludo",
  thanks: "Agradecimiento",
  goodbye: "Despedida",
  "courses.list": "Lista de cursos",
  "courses.info": "Información de un curso",
  "courses.price": "Precio de un curso",
  "courses.prices": "Precios de los cursos",
  "courses.duration": "Duración",
  "courses.level": "Nivel",
  "courses.dates": "Fechas",
  "courses.groupSize": "Tamaño del grupo",
  "courses.certificate": "Certificado",
  "courses.materials": "Material",
  "payment.financing": "Pago a plazos",
  "payment.refund": "Devoluciones",
  booking: "Reservas",
  "salon.services": "Servicios del salón",
  "salon.hours": "Horario",
  "salon.location": "Ubicación",
  "salon.parking": "Aparcamiento",
  "salon.contact": "Contacto",
};

/** The assistant's closest topic in Spanish; "Ninguno" when it had no idea. */
export function intentTopic(intent: string): string {
  return INTENT_TOPICS[intent] ?? (intent === "None" || intent === "" ? "Ninguno" : intent);
}
