/**
 * The filters of the staff order list (/gestion/pedidos) and its CSV export, read
 * from the query string. Anything malformed is dropped with a Spanish note for
 * the page (never an error): an unknown status or method, an impossible date, a
 * page number that is not one. Dates are calendar days in Madrid; the range
 * covers `from` 00:00 to the end of `to`, as UTC instants to compare with
 * orders.created_at.
 */
import { isPaymentMethodKey, type PaymentMethodKey } from "./payment-methods.ts";
import { addDays, madridDayStart } from "./calendar-dates.ts";

const ORDER_STATUSES = ["pending", "paid", "failed", "cancelled", "refunded"] as const;
/**
 * What the status filter accepts: the stored statuses, plus the paid orders of
 * which part was given back, shown as "Reembolso parcial" though their status
 * is still "paid" (so "paid" alone lists the paid orders with nothing refunded).
 */
export const PARTIALLY_REFUNDED = "partially-refunded";
const ORDER_STATUS_FILTERS = [...ORDER_STATUSES, PARTIALLY_REFUNDED] as const;
type OrderStatus = (typeof ORDER_STATUS_FILTERS)[number];

export const ORDERS_PAGE_SIZE = 25;
/** Past this the page number is nonsense (25 × 10 000 orders). */
export const MAX_ORDERS_PAGE = 10_000;
const MAX_SEARCH_LENGTH = 100;

/** The names in the URL (Spanish, as the staff read them). */
export const ORDER_FILTER_PARAMS = {
  status: "estado",
  method: "metodo",
  courseId: "curso",
  from: "desde",
  to: "hasta",
  q: "q",
  page: "pagina",
} as const;

export interface OrderFilters {
  status: OrderStatus | null;
  method: PaymentMethodKey | null;
  courseId: string | null;
  /** YYYY-MM-DD (Madrid), inclusive. */
  from: string | null;
  /** YYYY-MM-DD (Madrid), inclusive. */
  to: string | null;
  /** Buyer email or order id, trimmed; "" for none. */
  q: string;
}

interface ParsedOrderFilters {
  filters: OrderFilters;
  page: number;
  /** What was ignored or changed, in Spanish, to show above the list. */
  notes: string[];
}

const COURSE_ID = /^[a-z0-9][a-z0-9-]{0,79}$/u;

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUS_FILTERS as readonly string[]).includes(value);
}

/** A real calendar day written YYYY-MM-DD (no 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2999) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Collapses runs of whitespace (and strips control characters) in a search text. */
function cleanSearch(raw: string): string {
  return raw.replace(/[\p{Cc}\s]+/gu, " ").trim();
}

/** Reads the query string; never throws. */
export function parseOrderFilters(params: URLSearchParams): ParsedOrderFilters {
  const notes: string[] = [];
  const get = (name: string) => (params.get(name) ?? "").trim();

  const rawStatus = get(ORDER_FILTER_PARAMS.status);
  let status: OrderStatus | null = null;
  if (rawStatus && isOrderStatus(rawStatus)) status = rawStatus;
  else if (rawStatus) notes.push("El estado indicado no existe: se muestran todos los estados.");

  const rawMethod = get(ORDER_FILTER_PARAMS.method);
  let method: PaymentMethodKey | null = null;
  if (rawMethod && isPaymentMethodKey(rawMethod)) method = rawMethod;
  else if (rawMethod) notes.push("El método de pago indicado no existe: se muestran todos los métodos.");

  const rawCourse = get(ORDER_FILTER_PARAMS.courseId);
  let courseId: string | null = null;
  if (rawCourse && COURSE_ID.test(rawCourse)) courseId = rawCourse;
  else if (rawCourse) notes.push("El curso indicado no es válido: se muestran todos los cursos.");

  const date = (name: string, label: string): string | null => {
    const raw = get(name);
    if (!raw) return null;
    if (isCalendarDate(raw)) return raw;
    notes.push(`La fecha «${label}» no es válida y no se ha aplicado.`);
    return null;
  };
  let from = date(ORDER_FILTER_PARAMS.from, "desde");
  let to = date(ORDER_FILTER_PARAMS.to, "hasta");
  if (from && to && from > to) {
    [from, to] = [to, from];
    notes.push("Las fechas estaban al revés: se han intercambiado.");
  }

  let q = cleanSearch(params.get(ORDER_FILTER_PARAMS.q) ?? "");
  if (q.length > MAX_SEARCH_LENGTH) {
    q = q.slice(0, MAX_SEARCH_LENGTH).trim();
    notes.push(`La búsqueda se ha acortado a ${MAX_SEARCH_LENGTH} caracteres.`);
  }

  const rawPage = get(ORDER_FILTER_PARAMS.page);
  let page = 1;
  if (rawPage) {
    const n = /^\d{1,9}$/u.test(rawPage) ? Number(rawPage) : Number.NaN;
    if (Number.isNaN(n)) notes.push("El número de página no es válido: se muestra la primera.");
    else page = Math.min(Math.max(n, 1), MAX_ORDERS_PAGE);
  }

  return { filters: { status, method, courseId, from, to, q }, page, notes };
}

/** The query string of these filters (and page, when past the first), "" when none: links and the CSV export. */
export function orderFiltersSearch(filters: OrderFilters, page = 1): string {
  const params = new URLSearchParams();
  const P = ORDER_FILTER_PARAMS;
  if (filters.status) params.set(P.status, filters.status);
  if (filters.method) params.set(P.method, filters.method);
  if (filters.courseId) params.set(P.courseId, filters.courseId);
  if (filters.from) params.set(P.from, filters.from);
  if (filters.to) params.set(P.to, filters.to);
  if (filters.q) params.set(P.q, filters.q);
  if (page > 1) params.set(P.page, String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasOrderFilters(filters: OrderFilters): boolean {
  return Boolean(filters.status || filters.method || filters.courseId || filters.from || filters.to || filters.q);
}

/** The created_at bounds of the filters: `fromIso` inclusive, `toIso` exclusive. */
export function createdAtRange(filters: Pick<OrderFilters, "from" | "to">): {
  fromIso: string | null;
  toIso: string | null;
} {
  return {
    fromIso: filters.from ? madridDayStart(filters.from).toISOString() : null,
    toIso: filters.to ? madridDayStart(addDays(filters.to, 1)).toISOString() : null,
  };
}
