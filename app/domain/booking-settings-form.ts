/**
 * The salon's booking settings (issue 15): where "RESERVA TU CITA" leads (the
 * site's own /reservar, or an external booking page in a new tab) and the
 * booking rules. Pure: the shape, the defaults, the owner's form parser and
 * the link every booking button uses. Stored by
 * app/bookings/booking-settings.server.ts (salon_settings key `booking`).
 */
import { BOOKING_RULE_LIMITS, DEFAULT_BOOKING_RULES, type BookingRules } from "./booking-rules.ts";
import { decimalText } from "./es-format.ts";

const BOOKING_MODES = ["site", "external"] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

export interface BookingSettings {
  /** "site": the buttons lead to /reservar; "external": to `externalUrl`, in a new tab. */
  mode: BookingMode;
  /** An absolute https URL; kept while mode is "site" so switching back is one click. */
  externalUrl: string | null;
  rules: BookingRules;
}

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  mode: "site",
  externalUrl: null,
  rules: DEFAULT_BOOKING_RULES,
};

/** The site's own booking page. */
export const SITE_BOOKING_PATH = "/reservar";

/** What the site's booking pages say while the owner sends bookings to an external page. */
export const EXTERNAL_BOOKING_NOTICE =
  "Las citas ya no se reservan en esta web: resérvala en nuestra página de reservas.";

/** Where a booking button leads, and whether it opens a new tab (external pages only). */
export interface BookingLink {
  href: string;
  external: boolean;
}

export function bookingHref(settings: Pick<BookingSettings, "mode" | "externalUrl">): BookingLink {
  if (settings.mode === "external" && settings.externalUrl) return { href: settings.externalUrl, external: true };
  return { href: SITE_BOOKING_PATH, external: false };
}

const MAX_URL_LENGTH = 500;

/** An absolute https URL with a host, no credentials and no spaces; null otherwise. */
function cleanExternalUrl(raw: string): string | null {
  const text = raw.trim();
  if (!text || text.length > MAX_URL_LENGTH || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || !url.hostname || url.username || url.password) return null;
  return url.toString();
}

/** The form's fields: the rules in the units the owner thinks in. */
export const BOOKING_FORM_FIELDS = [
  "mode",
  "externalUrl",
  "noticeHours",
  "horizonDays",
  "cancelHours",
  "holdMinutes",
  "maxUpcoming",
] as const;
type BookingFormField = (typeof BOOKING_FORM_FIELDS)[number];
export type BookingFormValues = Record<BookingFormField, string>;
export type BookingFormErrors = Partial<Record<BookingFormField, string>>;

type BookingFormResult =
  { ok: true; settings: BookingSettings } | { ok: false; errors: BookingFormErrors; values: BookingFormValues };

/** The settings as the form shows them (notice in hours, "1,5" for 90 minutes). */
export function bookingFormValues(settings: BookingSettings, defaultExternalUrl: string): BookingFormValues {
  return {
    mode: settings.mode,
    externalUrl: settings.externalUrl ?? defaultExternalUrl,
    noticeHours: decimalText(settings.rules.noticeMinutes / 60),
    horizonDays: String(settings.rules.horizonDays),
    cancelHours: String(settings.rules.cancelHours),
    holdMinutes: String(settings.rules.holdMinutes),
    maxUpcoming: String(settings.rules.maxUpcomingPerClient),
  };
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** "2", "1,5", "0.25" → a number; null when it is not a plain non-negative number. */
function parseNumber(raw: string, decimals: boolean): number | null {
  const pattern = decimals ? /^\d{1,6}(?:[.,]\d{1,2})?$/ : /^\d{1,6}$/;
  if (!pattern.test(raw)) return null;
  return Number(raw.replace(",", "."));
}

function rangeMessage(min: number, max: number, unit: string, decimals = false): string {
  const kind = decimals ? "un número" : "un número entero";
  return `Escribe ${kind} entre ${min} y ${max} (${unit}).`;
}

/**
 * Checks what the owner sent. The external address must be an absolute https
 * URL when the mode is "external" (and, when filled in, in any mode: it is
 * kept); every rule must lie within BOOKING_RULE_LIMITS.
 */
export function parseBookingSettingsForm(input: Partial<Record<BookingFormField, unknown>>): BookingFormResult {
  const values = Object.fromEntries(BOOKING_FORM_FIELDS.map((f) => [f, text(input[f])])) as BookingFormValues;
  const errors: BookingFormErrors = {};

  const mode = BOOKING_MODES.find((m) => m === values.mode);
  if (!mode) errors.mode = "Elige dónde se reserva: en esta web o en una página externa.";

  let externalUrl: string | null = null;
  if (values.externalUrl) {
    externalUrl = cleanExternalUrl(values.externalUrl);
    if (!externalUrl) {
      errors.externalUrl =
        "Escribe una dirección completa que empiece por https://, por ejemplo https://www.fresha.com/…";
    }
  } else if (mode === "external") {
    errors.externalUrl = "Para reservar en una página externa, escribe su dirección (https://…).";
  }

  const L = BOOKING_RULE_LIMITS;
  const notice = parseNumber(values.noticeHours, true);
  const noticeMinutes = notice === null ? null : Math.round(notice * 60);
  if (noticeMinutes === null || noticeMinutes < L.noticeMinutes.min || noticeMinutes > L.noticeMinutes.max) {
    errors.noticeHours = rangeMessage(L.noticeMinutes.min / 60, L.noticeMinutes.max / 60, "horas", true);
  }
  const whole = (field: "horizonDays" | "cancelHours" | "holdMinutes" | "maxUpcoming", unit: string): number | null => {
    const n = parseNumber(values[field], false);
    const { min, max } = L[field === "maxUpcoming" ? "maxUpcomingPerClient" : field];
    if (n === null || n < min || n > max) {
      errors[field] = rangeMessage(min, max, unit);
      return null;
    }
    return n;
  };
  const horizonDays = whole("horizonDays", "días");
  const cancelHours = whole("cancelHours", "horas");
  const holdMinutes = whole("holdMinutes", "minutos");
  const maxUpcomingPerClient = whole("maxUpcoming", "citas");

  if (
    !mode ||
    noticeMinutes === null ||
    horizonDays === null ||
    cancelHours === null ||
    holdMinutes === null ||
    maxUpcomingPerClient === null ||
    Object.keys(errors).length > 0
  ) {
    return { ok: false, errors, values };
  }
  return {
    ok: true,
    settings: {
      mode,
      externalUrl,
      rules: { noticeMinutes, horizonDays, cancelHours, holdMinutes, maxUpcomingPerClient },
    },
  };
}

/** Stored JSON → settings; anything missing or out of bounds falls back to its default. */
export function settingsFromStored(value: string | undefined): BookingSettings {
  if (!value) return DEFAULT_BOOKING_SETTINGS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return DEFAULT_BOOKING_SETTINGS;
  }
  if (!parsed || typeof parsed !== "object") return DEFAULT_BOOKING_SETTINGS;
  const raw = parsed as Record<string, unknown>;
  const externalUrl = typeof raw.externalUrl === "string" ? cleanExternalUrl(raw.externalUrl) : null;
  const mode: BookingMode = raw.mode === "external" && externalUrl ? "external" : "site";
  const storedRules = raw.rules && typeof raw.rules === "object" ? (raw.rules as Record<string, unknown>) : {};
  const rules = { ...DEFAULT_BOOKING_RULES };
  for (const key of Object.keys(BOOKING_RULE_LIMITS) as (keyof BookingRules)[]) {
    const v = storedRules[key];
    const { min, max } = BOOKING_RULE_LIMITS[key];
    if (typeof v === "number" && Number.isInteger(v) && v >= min && v <= max) rules[key] = v;
  }
  return { mode, externalUrl, rules };
}
