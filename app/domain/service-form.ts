/**
 * The staff's service form (/gestion/servicios…): what each field must hold,
 * with the Spanish message shown under it, and the slug a new service gets
 * from its name. Pure: the server validates every submission here; the page
 * reuses the limits and labels. Money is integer cents (parsed by ./euros.ts).
 */
import { z } from "../lib/zod.ts";
import { centsToEurosInput, parseEuros } from "./euros.ts";
import { formErrors } from "./form-errors.ts";

export { SERVICE_CATEGORY_IDS, SERVICE_CATEGORY_NAMES, type ServiceCategoryId } from "./service-categories.ts";
import { SERVICE_CATEGORY_IDS, type ServiceCategoryId } from "./service-categories.ts";

export const SERVICE_LIMITS = {
  nameMax: 80,
  descriptionMax: 600,
  durationMin: 5,
  durationMax: 480,
  bufferMax: 120,
  priceMaxCents: 5_000_00,
  /** Card payments below 1 € cost more than they bring (and Stripe refuses under 0,50 €). */
  depositMinCents: 1_00,
  professionalsMax: 50,
} as const;

/** Path words of /gestion/servicios/… and /gestion/profesionales/… that an id would shadow. */
const RESERVED_IDS: readonly string[] = ["nuevo", "nueva"];

/**
 * "Manicura Semipermanente (Gel)" → "manicura-semipermanente-gel": lower case,
 * accents dropped, anything else a single dash; at most 60 characters. "" when
 * the name has no letter or digit.
 */
export function slugFromName(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ñ/gu, "n")
    .replace(/[^a-z0-9]+/gu, "-")
    .replace(/^-+|-+$/gu, "")
    .slice(0, 60)
    .replace(/-+$/u, "");
  return RESERVED_IDS.includes(slug) ? `${slug}-1` : slug;
}

/** `base`, or `base-2`, `base-3`… : the first not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A form's fields: the first value of each, and every value of the repeated (checkbox) ones. */
export interface PostedForm {
  values: Record<string, string>;
  lists: Record<string, string[]>;
}

export function readPostedForm(form: FormData, listNames: readonly string[]): PostedForm {
  const values: Record<string, string> = {};
  for (const [key, value] of form)
    if (typeof value === "string" && !(key in values)) values[key] = value.slice(0, 4000);
  const lists: Record<string, string[]> = {};
  for (const name of listNames) {
    lists[name] = [...new Set(form.getAll(name).filter((v): v is string => typeof v === "string"))].slice(0, 200);
  }
  return { values, lists };
}

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "1");

/** Whole minutes, a multiple of 5, between min and max. */
const minutes = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,4}$/u, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max && n % 5 === 0, message);

export const SERVICE_MESSAGES = {
  name: "Escribe el nombre del servicio",
  nameLong: `El nombre admite como mucho ${SERVICE_LIMITS.nameMax} caracteres`,
  nameSlug: "El nombre debe tener alguna letra o número",
  category: "Elige una categoría: manos, pies, facial o diseño de uñas",
  description: `La descripción admite como mucho ${SERVICE_LIMITS.descriptionMax} caracteres`,
  duration: `La duración son minutos en múltiplos de 5, entre ${SERVICE_LIMITS.durationMin} y ${SERVICE_LIMITS.durationMax}`,
  buffer: `El tiempo después son minutos en múltiplos de 5, entre 0 y ${SERVICE_LIMITS.bufferMax}`,
  priceMax: "El precio admite como mucho 5.000 €",
  deposit: "La señal no puede ser mayor que el precio del servicio",
  depositMin: "La señal mínima es de 1 € (o déjala vacía si no pides señal)",
  professionals: "Alguna de las profesionales elegidas ya no existe; vuelve a cargar la página",
} as const;

const serviceFieldsSchema = z
  .object({
    name: z
      .string({ error: SERVICE_MESSAGES.name })
      .transform((v) => v.replace(/\s+/gu, " ").trim())
      .pipe(
        z
          .string()
          .min(1, SERVICE_MESSAGES.name)
          .max(SERVICE_LIMITS.nameMax, SERVICE_MESSAGES.nameLong)
          .refine((v) => slugFromName(v) !== "", SERVICE_MESSAGES.nameSlug),
      ),
    category: z.enum(SERVICE_CATEGORY_IDS, { error: SERVICE_MESSAGES.category }),
    description: z
      .string()
      .optional()
      .transform((v) => (v ?? "").replace(/\r\n?/gu, "\n").trim())
      .refine((v) => v.length <= SERVICE_LIMITS.descriptionMax, SERVICE_MESSAGES.description),
    duration: minutes(SERVICE_MESSAGES.duration, SERVICE_LIMITS.durationMin, SERVICE_LIMITS.durationMax),
    buffer: minutes(SERVICE_MESSAGES.buffer, 0, SERVICE_LIMITS.bufferMax),
    price: z.string({ error: "Escribe el precio" }).transform((value, ctx) => {
      const result = parseEuros(value);
      if (!result.ok) {
        ctx.addIssue({ code: "custom", message: result.error });
        return z.NEVER;
      }
      if (result.cents > SERVICE_LIMITS.priceMaxCents) {
        ctx.addIssue({ code: "custom", message: SERVICE_MESSAGES.priceMax });
        return z.NEVER;
      }
      return result.cents;
    }),
    /** Empty: no deposit. */
    deposit: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return null;
        const result = parseEuros(value);
        if (!result.ok) {
          ctx.addIssue({ code: "custom", message: result.error });
          return z.NEVER;
        }
        if (result.cents === 0) return null;
        if (result.cents < SERVICE_LIMITS.depositMinCents) {
          ctx.addIssue({ code: "custom", message: SERVICE_MESSAGES.depositMin });
          return z.NEVER;
        }
        return result.cents;
      }),
    priceFrom: checkbox,
    bookableOnline: checkbox,
    active: checkbox,
  })
  .superRefine((s, ctx) => {
    // A señal is part of the price paid in advance: never more than the price.
    if (s.deposit !== null && s.deposit > s.price) {
      ctx.addIssue({ code: "custom", path: ["deposit"], message: SERVICE_MESSAGES.deposit });
    }
  });

export interface ServiceInput {
  name: string;
  category: ServiceCategoryId;
  description: string;
  durationMin: number;
  bufferMin: number;
  priceCents: number;
  priceFrom: boolean;
  /** The señal paid online when booking; null for none. */
  depositCents: number | null;
  bookableOnline: boolean;
  active: boolean;
  /** Who performs it (ids of professionals; the server checks they exist). */
  professionalIds: string[];
}

export type FormResult<T> =
  | { ok: true; input: T }
  | { ok: false; errors: Record<string, string>; values: Record<string, string>; lists: Record<string, string[]> };

/** Checks a posted service form: the input to save, or the errors with the typed values to show again. */
export function parseServiceForm(posted: PostedForm): FormResult<ServiceInput> {
  const parsed = serviceFieldsSchema.safeParse(posted.values);
  const professionalIds = posted.lists.professionals ?? [];
  if (!parsed.success) {
    return { ok: false, errors: formErrors(parsed.error), values: posted.values, lists: posted.lists };
  }
  const s = parsed.data;
  return {
    ok: true,
    input: {
      name: s.name,
      category: s.category,
      description: s.description,
      durationMin: s.duration,
      bufferMin: s.buffer,
      priceCents: s.price,
      priceFrom: s.priceFrom,
      depositCents: s.deposit,
      bookableOnline: s.bookableOnline,
      active: s.active,
      professionalIds: professionalIds.slice(0, SERVICE_LIMITS.professionalsMax),
    },
  };
}

/** A stored service as its form shows it. */
export function serviceFormValues(s: {
  name: string;
  category: string;
  description: string;
  durationMin: number;
  bufferMin: number;
  priceCents: number;
  priceFrom: boolean;
  depositCents: number | null;
  bookableOnline: boolean;
  active: boolean;
  professionalIds: readonly string[];
}): { values: Record<string, string>; lists: Record<string, string[]> } {
  return {
    values: {
      name: s.name,
      category: s.category,
      description: s.description,
      duration: String(s.durationMin),
      buffer: String(s.bufferMin),
      price: centsToEurosInput(s.priceCents),
      priceFrom: s.priceFrom ? "on" : "",
      deposit: s.depositCents === null ? "" : centsToEurosInput(s.depositCents),
      bookableOnline: s.bookableOnline ? "on" : "",
      active: s.active ? "on" : "",
    },
    lists: { professionals: [...s.professionalIds] },
  };
}

/** The values of a new service's empty form. */
export const NEW_SERVICE_VALUES = {
  values: { category: "manos", duration: "30", buffer: "0", bookableOnline: "on", active: "on" },
  lists: { professionals: [] as string[] },
};
