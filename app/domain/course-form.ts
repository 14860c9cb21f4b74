/**
 * The staff's course and edition forms (/gestion/cursos): what each field must
 * hold, with the Spanish message shown under it. Pure: the server validates every
 * submission with these schemas; the page reuses the limits for its hints.
 */
import { z } from "../lib/zod.ts";
import { COURSE_CATEGORIES, type CourseCategory } from "./course.ts";
import { centsToEurosInput, parseEuros } from "./euros.ts";

export { formErrors } from "./form-errors.ts";

export const COURSE_LIMITS = {
  slugMin: 3,
  slugMax: 60,
  titleMax: 120,
  levelMax: 40,
  descriptionMax: 1000,
  featuresMax: 20,
  featureMax: 160,
  durationMax: 60,
  classSizeMax: 100,
} as const;

export const EDITION_LIMITS = { scheduleMax: 200, seatsMax: 500 } as const;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Path words of /gestion/cursos/… that a course id would shadow. */
const RESERVED_SLUGS: readonly string[] = ["nuevo"];

export const CATEGORY_LABELS: Record<CourseCategory, string> = {
  iniciacion: "Iniciación",
  profesional: "Profesional",
  experto: "Experto",
  intensivo: "Intensivo",
};

/** A required text field: trimmed, not empty, at most `max` characters. */
const text = (empty: string, max: number, tooLong: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, tooLong);

const euros = (empty: string) =>
  z.string({ error: empty }).transform((value, ctx) => {
    const result = parseEuros(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return result.cents;
  });

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/**
 * An optional Catalan text (issue 34): trimmed, at most `max` characters; empty
 * → null ("not translated": the Catalan page shows the Spanish text).
 */
const catalan = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value.length <= max, tooLong)
    .transform((value) => (value === "" ? null : value));

/** Textarea lines → the features list: trimmed, blank lines dropped. */
export function featureLines(value: string): string[] {
  return value
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export const courseFormSchema = z
  .object({
    id: z
      .string({ error: "Escribe el identificador del curso" })
      .trim()
      .min(COURSE_LIMITS.slugMin, `El identificador debe tener al menos ${COURSE_LIMITS.slugMin} caracteres`)
      .max(COURSE_LIMITS.slugMax, `El identificador admite como mucho ${COURSE_LIMITS.slugMax} caracteres`)
      .regex(SLUG_PATTERN, "Usa solo minúsculas sin acentos, números y guiones (por ejemplo: unas-acrilicas)")
      .refine((id) => !RESERVED_SLUGS.includes(id), "Ese identificador está reservado; elige otro"),
    title: text(
      "Escribe el título",
      COURSE_LIMITS.titleMax,
      `El título admite como mucho ${COURSE_LIMITS.titleMax} caracteres`,
    ),
    category: z.enum(COURSE_CATEGORIES as readonly [CourseCategory, ...CourseCategory[]], {
      error: "Elige una categoría",
    }),
    level: text(
      "Escribe el nivel",
      COURSE_LIMITS.levelMax,
      `El nivel admite como mucho ${COURSE_LIMITS.levelMax} caracteres`,
    ),
    description: text(
      "Escribe la descripción",
      COURSE_LIMITS.descriptionMax,
      `La descripción admite como mucho ${COURSE_LIMITS.descriptionMax} caracteres`,
    ),
    features: z
      .string({ error: "Escribe al menos un punto del temario" })
      .max(COURSE_LIMITS.featuresMax * (COURSE_LIMITS.featureMax + 2), "El temario es demasiado largo")
      .transform(featureLines)
      .refine((lines) => lines.length > 0, "Escribe al menos un punto del temario, uno por línea")
      .refine(
        (lines) => lines.length <= COURSE_LIMITS.featuresMax,
        `El temario admite como mucho ${COURSE_LIMITS.featuresMax} líneas`,
      )
      .refine(
        (lines) => lines.every((line) => line.length <= COURSE_LIMITS.featureMax),
        `Cada línea del temario admite como mucho ${COURSE_LIMITS.featureMax} caracteres`,
      ),
    price: euros("Escribe el precio").refine((cents) => cents > 0, "El precio debe ser mayor que 0 €"),
    originalPrice: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === "") return 0;
        const result = parseEuros(value);
        if (!result.ok) {
          ctx.addIssue({ code: "custom", message: result.error });
          return z.NEVER;
        }
        return result.cents;
      }),
    duration: text(
      "Escribe la duración (por ejemplo: 20 horas)",
      COURSE_LIMITS.durationMax,
      `La duración admite como mucho ${COURSE_LIMITS.durationMax} caracteres`,
    ),
    classSize: wholeNumber(
      `Escribe el máximo de alumnas, un número entero entre 1 y ${COURSE_LIMITS.classSizeMax}`,
      1,
      COURSE_LIMITS.classSizeMax,
    ),
    highlighted: z
      .string()
      .optional()
      .transform((value) => value === "on" || value === "1"),
    /** How the price carries VAT on the invoice (issue 13): 21 % included, or exempt (art. 20.Uno.9º LIVA). */
    vatTreatment: z.enum(["standard", "exempt"], { error: "Elige cómo lleva el IVA el precio" }).default("standard"),
    titleCa: catalan(COURSE_LIMITS.titleMax, `El título admite como mucho ${COURSE_LIMITS.titleMax} caracteres`),
    levelCa: catalan(COURSE_LIMITS.levelMax, `El nivel admite como mucho ${COURSE_LIMITS.levelMax} caracteres`),
    descriptionCa: catalan(
      COURSE_LIMITS.descriptionMax,
      `La descripción admite como mucho ${COURSE_LIMITS.descriptionMax} caracteres`,
    ),
    featuresCa: z
      .string()
      .optional()
      .transform((value) => featureLines(value ?? ""))
      .refine(
        (lines) => lines.length <= COURSE_LIMITS.featuresMax,
        `El temario admite como mucho ${COURSE_LIMITS.featuresMax} líneas`,
      )
      .refine(
        (lines) => lines.every((line) => line.length <= COURSE_LIMITS.featureMax),
        `Cada línea del temario admite como mucho ${COURSE_LIMITS.featureMax} caracteres`,
      )
      .transform((lines) => (lines.length === 0 ? null : lines)),
    durationCa: catalan(
      COURSE_LIMITS.durationMax,
      `La duración admite como mucho ${COURSE_LIMITS.durationMax} caracteres`,
    ),
  })
  .superRefine((course, ctx) => {
    if (course.originalPrice !== 0 && course.originalPrice < course.price) {
      ctx.addIssue({
        code: "custom",
        path: ["originalPrice"],
        message: "El precio original debe ser igual o mayor que el precio (o déjalo vacío)",
      });
    }
  })
  .transform((c) => ({
    id: c.id,
    title: c.title,
    category: c.category,
    level: c.level,
    description: c.description,
    features: c.features,
    priceCents: c.price,
    /** 0: no original price to strike through. */
    originalPriceCents: c.originalPrice,
    duration: c.duration,
    classSize: c.classSize,
    highlighted: c.highlighted,
    vatTreatment: c.vatTreatment,
    titleCa: c.titleCa,
    levelCa: c.levelCa,
    descriptionCa: c.descriptionCa,
    featuresCa: c.featuresCa,
    durationCa: c.durationCa,
  }));

export type CourseInput = z.output<typeof courseFormSchema>;

/** A real calendar date written YYYY-MM-DD (what <input type="date"> sends). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 2000 && y <= 2100
  );
}

const isoDate = (message: string) => z.string({ error: message }).trim().refine(isIsoDate, message);

export const editionFormSchema = z
  .object({
    startsOn: isoDate("Elige la fecha de inicio"),
    endsOn: z
      .string()
      .optional()
      .transform((value) => value?.trim() ?? "")
      .refine((value) => value === "" || isIsoDate(value), "La fecha de fin no es válida"),
    schedule: z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim().replace(/\s+/gu, " "))
      .refine(
        (value) => value.length <= EDITION_LIMITS.scheduleMax,
        `El horario admite como mucho ${EDITION_LIMITS.scheduleMax} caracteres`,
      ),
    seats: wholeNumber(
      `Escribe el número de plazas, un número entero entre 1 y ${EDITION_LIMITS.seatsMax}`,
      1,
      EDITION_LIMITS.seatsMax,
    ),
  })
  .superRefine((edition, ctx) => {
    if (edition.endsOn !== "" && edition.endsOn < edition.startsOn) {
      ctx.addIssue({
        code: "custom",
        path: ["endsOn"],
        message: "La fecha de fin no puede ser anterior a la de inicio",
      });
    }
  })
  .transform((e) => ({
    startsOn: e.startsOn,
    endsOn: e.endsOn === "" ? null : e.endsOn,
    schedule: e.schedule,
    seats: e.seats,
  }));

export type EditionInput = z.output<typeof editionFormSchema>;

/** A stored course as its form shows it (prices back in euros, features one per line). */
export function courseFormValues(c: {
  id: string;
  title: string;
  category: string;
  level: string;
  description: string;
  features: readonly string[];
  priceCents: number;
  originalPriceCents: number;
  duration: string;
  classSize: number;
  highlighted: boolean;
  vatTreatment: "standard" | "exempt";
  titleCa?: string | null;
  levelCa?: string | null;
  descriptionCa?: string | null;
  featuresCa?: readonly string[] | null;
  durationCa?: string | null;
}): Record<string, string> {
  return {
    id: c.id,
    title: c.title,
    category: c.category,
    level: c.level,
    description: c.description,
    features: c.features.join("\n"),
    price: centsToEurosInput(c.priceCents),
    originalPrice: c.originalPriceCents > c.priceCents ? centsToEurosInput(c.originalPriceCents) : "",
    duration: c.duration,
    classSize: String(c.classSize),
    highlighted: c.highlighted ? "on" : "",
    vatTreatment: c.vatTreatment,
    titleCa: c.titleCa ?? "",
    levelCa: c.levelCa ?? "",
    descriptionCa: c.descriptionCa ?? "",
    featuresCa: c.featuresCa?.join("\n") ?? "",
    durationCa: c.durationCa ?? "",
  };
}

/** A stored edition as its form shows it. */
export function editionFormValues(e: {
  startsOn: string;
  endsOn: string | null;
  schedule: string;
  seats: number;
}): Record<string, string> {
  return { startsOn: e.startsOn, endsOn: e.endsOn ?? "", schedule: e.schedule, seats: String(e.seats) };
}

/** The strings of a form, each cut to `max` characters (what is echoed back into the fields). */
export function echoValues(values: Record<string, string>, max = 4000): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, max)]));
}
