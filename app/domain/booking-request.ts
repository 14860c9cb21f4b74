/**
 * What /reservar reads from its address and its form (issue 15). The booking is
 * a series of GET steps (services → professional → day → time) that work
 * without JavaScript, then one POST with the client's details. Pure: shared by
 * the page and its action, and unit-tested; nothing here is trusted further
 * than its shape (services, professionals and times are looked up again).
 */
import type { MessageKey } from "~/i18n/messages.ts";
import { formatTime, isDate, parseTime } from "./salon-time.ts";

/** At most this many services booked in a row. */
const MAX_SERVICES = 4;

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface BookingQuery {
  serviceIds: string[];
  /** "any" (cualquier profesional), a professional's id, or not chosen yet. */
  professional: string | null;
  /** First day of the days shown. */
  from: string | null;
  day: string | null;
  /** Madrid minutes after midnight. */
  time: number | null;
}

export function parseBookingQuery(params: URLSearchParams): BookingQuery {
  const ids = params.getAll("servicio").filter((id) => ID.test(id));
  const serviceIds = [...new Set(ids)].slice(0, MAX_SERVICES);
  const pro = params.get("profesional");
  const date = (key: string) => {
    const v = params.get(key);
    return v && isDate(v) ? v : null;
  };
  return {
    serviceIds,
    professional: pro === "any" || (pro && ID.test(pro)) ? pro : null,
    from: date("desde"),
    day: date("dia"),
    time: parseTime(params.get("hora") ?? ""),
  };
}

/**
 * The element each step's address scrolls to (and focuses once hydrated), so on
 * a phone the choice to make next is in view rather than a screen or two down.
 */
export const STEP_ANCHOR = "paso";
/** The chosen day's free times, which choosing a day leads to. */
export const TIMES_ANCHOR = "horas-libres";

/** The address of a step: "/reservar?servicio=a&servicio=b&profesional=any&dia=…". */
export function bookingStepHref(q: Partial<BookingQuery>, base = "/reservar"): string {
  const p = new URLSearchParams();
  for (const id of q.serviceIds ?? []) p.append("servicio", id);
  if (q.professional) p.set("profesional", q.professional);
  if (q.from) p.set("desde", q.from);
  if (q.day) p.set("dia", q.day);
  if (q.time != null) p.set("hora", formatTime(q.time));
  const s = p.toString();
  return s ? `${base}?${s}` : base;
}

interface ClientDetails {
  name: string;
  email: string;
  phone: string;
  comment: string;
}

type ClientDetailsField = "name" | "email" | "phone" | "comment" | "consent";

/** The form's errors as the page shows them (in its language). */
export type ClientDetailsErrors = Partial<Record<ClientDetailsField, string>>;

/** The errors as catalogue keys: the action words them in the page's language (translateErrors). */
export type ClientDetailsErrorKeys = Partial<Record<ClientDetailsField, MessageKey>>;

const CLIENT_DETAILS_MESSAGES = {
  name: "booking.validation.name",
  email: "booking.validation.email",
  phone: "booking.validation.phone",
  comment: "booking.validation.comment",
  consent: "booking.validation.consent",
} as const satisfies Record<ClientDetailsField, MessageKey>;

/** The errors' words, through a translate function of the page's language. */
export function translateErrors(errors: ClientDetailsErrorKeys, t: (key: MessageKey) => string): ClientDetailsErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "612 34 56 78", "+34 612345678", "0034…" → "+34612345678"; other countries' numbers with their prefix. */
function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, "");
  if (/^[67]\d{8}$/.test(compact)) return `+34${compact}`;
  if (/^(\+|00)34[67]\d{8}$/.test(compact)) return `+34${compact.slice(-9)}`;
  if (/^(\+|00)[1-9]\d{7,14}$/.test(compact)) return `+${compact.replace(/^(\+|00)/, "")}`;
  return null;
}

const text = (v: FormDataEntryValue | null | undefined) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() : "");

/**
 * The client's details from the booking form. A signed-in client's name and
 * email come from her account (`fromAccount`); she may still have to give a phone.
 */
export function parseClientDetails(
  form: { get(name: string): FormDataEntryValue | null },
  fromAccount?: { name: string; email: string; phone: string },
): { ok: true; value: ClientDetails } | { ok: false; errors: ClientDetailsErrorKeys } {
  const errors: ClientDetailsErrorKeys = {};
  const name = fromAccount?.name.trim() || text(form.get("nombre"));
  if (name.length < 2 || name.length > 100) errors.name = CLIENT_DETAILS_MESSAGES.name;
  const email = (fromAccount?.email || text(form.get("email"))).toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) errors.email = CLIENT_DETAILS_MESSAGES.email;
  const phone = normalizePhone(text(form.get("telefono")) || fromAccount?.phone || "");
  if (!phone) errors.phone = CLIENT_DETAILS_MESSAGES.phone;
  const rawComment = form.get("comentario");
  const comment = typeof rawComment === "string" ? rawComment.trim() : "";
  if (comment.length > 500) errors.comment = CLIENT_DETAILS_MESSAGES.comment;
  if (!fromAccount && form.get("acepto") !== "on") errors.consent = CLIENT_DETAILS_MESSAGES.consent;
  if (Object.keys(errors).length > 0 || !phone) return { ok: false, errors };
  return { ok: true, value: { name, email, phone, comment } };
}

/** The page of a booking waiting for its email confirmation or its deposit, and of its outcome. */
export function depositPagePath(appointmentId: string): string {
  return `/reservar/pendiente?cita=${encodeURIComponent(appointmentId)}`;
}
