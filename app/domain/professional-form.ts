/**
 * The staff's professional form (/gestion/profesionales…): name, title, the
 * services she performs, an optional staff account, and her weekly hours (up
 * to two ranges a weekday, inside the salon's opening hours from
 * app/content/site.ts). Pure.
 */
import { z } from "../lib/zod.ts";
import { formatTime, parseTime } from "./salon-time.ts";
import { salonOpening, WEEKDAY_NAMES } from "./salon-hours.ts";
import { formErrors } from "./form-errors.ts";
import type { FormResult, PostedForm } from "./service-form.ts";

export const PROFESSIONAL_LIMITS = { nameMax: 80, titleMax: 80, rangesPerDay: 2 } as const;

/** ISO weekdays, Monday first. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The name of a time input: `h-<weekday>-<range 1|2>-<start|end>`. */
export const hourField = (weekday: number, range: number, edge: "start" | "end") => `h-${weekday}-${range}-${edge}`;
/** The key of a weekday's error line. */
export const dayErrorKey = (weekday: number) => `day-${weekday}`;

export interface WeeklyRange {
  weekday: number;
  startsMin: number;
  endsMin: number;
}

export interface ProfessionalInput {
  name: string;
  title: string;
  active: boolean;
  serviceIds: string[];
  /** A staff account to link, or null. */
  userId: string | null;
  hours: WeeklyRange[];
}

const dayName = (weekday: number) => WEEKDAY_NAMES[weekday] ?? "";
/** "El sábado" (Spanish weekdays are masculine). */
const theDay = (weekday: number) => `El ${dayName(weekday)}`;

/** The salon's hours that day, as the error names them. */
export function openingText(weekday: number): string {
  const open = salonOpening.get(weekday);
  return open
    ? `${theDay(weekday)} el salón abre de ${formatTime(open.opens)} a ${formatTime(open.closes)}`
    : `${theDay(weekday)} el salón está cerrado`;
}

/**
 * A weekday's ranges from the form's time inputs: the ranges, or the Spanish
 * reason they cannot be saved (incomplete, not a time, inverted, outside the
 * salon's hours, overlapping).
 */
export function parseDayRanges(
  weekday: number,
  values: Readonly<Record<string, string>>,
): { ok: true; ranges: WeeklyRange[] } | { ok: false; error: string } {
  const ranges: WeeklyRange[] = [];
  for (let r = 1; r <= PROFESSIONAL_LIMITS.rangesPerDay; r++) {
    const startText = (values[hourField(weekday, r, "start")] ?? "").trim();
    const endText = (values[hourField(weekday, r, "end")] ?? "").trim();
    if (startText === "" && endText === "") continue;
    if (startText === "" || endText === "") {
      return { ok: false, error: `${theDay(weekday)}: escribe la hora de inicio y la de fin de cada tramo` };
    }
    const start = parseTime(startText);
    const end = parseTime(endText);
    if (start === null || end === null) {
      return { ok: false, error: `${theDay(weekday)}: escribe las horas como HH:MM, por ejemplo 09:30` };
    }
    if (start % 5 !== 0 || end % 5 !== 0) {
      return { ok: false, error: `${theDay(weekday)}: usa horas en múltiplos de 5 minutos` };
    }
    if (end <= start) {
      return {
        ok: false,
        error: `${theDay(weekday)}: el tramo ${formatTime(start)}–${formatTime(end)} termina antes de empezar`,
      };
    }
    const open = salonOpening.get(weekday);
    if (!open || start < open.opens || end > open.closes) return { ok: false, error: openingText(weekday) };
    ranges.push({ weekday, startsMin: start, endsMin: end });
  }
  ranges.sort((a, b) => a.startsMin - b.startsMin);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i]!.startsMin < ranges[i - 1]!.endsMin) {
      return { ok: false, error: `${theDay(weekday)}: los dos tramos se solapan` };
    }
  }
  return { ok: true, ranges };
}

const fieldsSchema = z.object({
  name: z
    .string({ error: "Escribe el nombre" })
    .transform((v) => v.replace(/\s+/gu, " ").trim())
    .pipe(
      z
        .string()
        .min(1, "Escribe el nombre")
        .max(PROFESSIONAL_LIMITS.nameMax, `El nombre admite como mucho ${PROFESSIONAL_LIMITS.nameMax} caracteres`),
    ),
  title: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\s+/gu, " ").trim())
    .refine(
      (v) => v.length <= PROFESSIONAL_LIMITS.titleMax,
      `El puesto admite como mucho ${PROFESSIONAL_LIMITS.titleMax} caracteres`,
    ),
  active: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "1"),
  userId: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= 100, "Elige una cuenta de la lista"),
});

/** Checks a posted professional form: the input to save, or the errors with the typed values. */
export function parseProfessionalForm(posted: PostedForm): FormResult<ProfessionalInput> {
  const parsed = fieldsSchema.safeParse(posted.values);
  const errors: Record<string, string> = parsed.success ? {} : formErrors(parsed.error);
  const hours: WeeklyRange[] = [];
  for (const weekday of WEEKDAYS) {
    const day = parseDayRanges(weekday, posted.values);
    if (day.ok) hours.push(...day.ranges);
    else errors[dayErrorKey(weekday)] = day.error;
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return { ok: false, errors, values: posted.values, lists: posted.lists };
  }
  return {
    ok: true,
    input: {
      name: parsed.data.name,
      title: parsed.data.title,
      active: parsed.data.active,
      serviceIds: posted.lists.services ?? [],
      userId: parsed.data.userId === "" ? null : parsed.data.userId,
      hours,
    },
  };
}

/** A stored professional as her form shows it (hours back in HH:MM, by weekday). */
export function professionalFormValues(p: {
  name: string;
  title: string;
  active: boolean;
  userId: string | null;
  serviceIds: readonly string[];
  hours: readonly WeeklyRange[];
}): { values: Record<string, string>; lists: Record<string, string[]> } {
  const values: Record<string, string> = {
    name: p.name,
    title: p.title,
    active: p.active ? "on" : "",
    userId: p.userId ?? "",
  };
  for (const weekday of WEEKDAYS) {
    const day = p.hours.filter((h) => h.weekday === weekday).sort((a, b) => a.startsMin - b.startsMin);
    day.slice(0, PROFESSIONAL_LIMITS.rangesPerDay).forEach((h, i) => {
      values[hourField(weekday, i + 1, "start")] = formatTime(h.startsMin);
      values[hourField(weekday, i + 1, "end")] = formatTime(h.endsMin);
    });
  }
  return { values, lists: { services: [...p.serviceIds] } };
}

/** "lunes 10:00–14:00 y 16:00–20:00 · martes …": a week in one line, for the list. */
export function weekSummary(hours: readonly WeeklyRange[]): string {
  const parts: string[] = [];
  for (const weekday of WEEKDAYS) {
    const day = hours.filter((h) => h.weekday === weekday).sort((a, b) => a.startsMin - b.startsMin);
    if (day.length === 0) continue;
    parts.push(
      `${dayName(weekday)} ${day.map((h) => `${formatTime(h.startsMin)}–${formatTime(h.endsMin)}`).join(" y ")}`,
    );
  }
  return parts.join(" · ");
}
