/**
 * The Catalan texts of Gestión's edition and service forms (issue 34): the
 * edition's schedule, the service's name and description, each optional and
 * held to its Spanish field's limit. Empty → null ("not translated": the Catalan
 * page shows the Spanish text). Pure, with the Spanish messages shown under the
 * fields. The course's Catalan fields are in app/domain/course-form.ts; these sit
 * beside the Spanish schemas (course-form.ts, service-form.ts) and check every
 * field of a post at once, so all the errors show together.
 */
import { echoValues, EDITION_LIMITS, editionFormSchema, type EditionInput } from "~/domain/course-form.ts";
import { formErrors } from "~/domain/form-errors.ts";
import {
  parseServiceForm,
  SERVICE_LIMITS,
  type FormResult,
  type PostedForm,
  type ServiceInput,
} from "~/domain/service-form.ts";
import { z } from "./zod.ts";

/** An optional Catalan text: tidied by `tidy`, at most `max` characters, empty → null. */
const catalan = (max: number, tooLong: string, tidy: (value: string) => string) =>
  z
    .string()
    .optional()
    .transform((value) => tidy(value ?? ""))
    .refine((value) => value.length <= max, tooLong)
    .transform((value) => (value === "" ? null : value));

/** One line: trimmed, inner runs of spaces (and line breaks) made one space, as the Spanish schedule and name. */
const oneLine = (value: string) => value.trim().replace(/\s+/gu, " ");

export const editionCatalanSchema = z.object({
  scheduleCa: catalan(
    EDITION_LIMITS.scheduleMax,
    `El horario admite como mucho ${EDITION_LIMITS.scheduleMax} caracteres`,
    oneLine,
  ),
});

export const serviceCatalanSchema = z.object({
  nameCa: catalan(SERVICE_LIMITS.nameMax, `El nombre admite como mucho ${SERVICE_LIMITS.nameMax} caracteres`, oneLine),
  descriptionCa: catalan(
    SERVICE_LIMITS.descriptionMax,
    `La descripción admite como mucho ${SERVICE_LIMITS.descriptionMax} caracteres`,
    (value) => value.replace(/\r\n?/gu, "\n").trim(),
  ),
});

/** The edition's Catalan schedule; undefined (a caller outside the form) keeps the stored one. */
export type EditionFormInput = EditionInput & { scheduleCa?: string | null };

/** The service's Catalan texts; undefined (a caller outside the form) keeps the stored ones. */
export type ServiceFormInput = ServiceInput & { nameCa?: string | null; descriptionCa?: string | null };

/** A posted edition form: the input to save, or every field's error with what was typed. */
export function parseEditionForm(
  values: Record<string, string>,
):
  | { ok: true; input: Required<EditionFormInput> }
  | { ok: false; errors: Record<string, string>; values: Record<string, string> } {
  const spanish = editionFormSchema.safeParse(values);
  const catalanPart = editionCatalanSchema.safeParse(values);
  if (!spanish.success || !catalanPart.success) {
    return {
      ok: false,
      errors: {
        ...(spanish.success ? {} : formErrors(spanish.error)),
        ...(catalanPart.success ? {} : formErrors(catalanPart.error)),
      },
      values: echoValues(values),
    };
  }
  return { ok: true, input: { ...spanish.data, ...catalanPart.data } };
}

/** A stored edition's Catalan schedule as its form shows it. */
export function editionCatalanValues(e: { scheduleCa: string | null }): Record<string, string> {
  return { scheduleCa: e.scheduleCa ?? "" };
}

/** A posted service form (parseServiceForm) with its Catalan texts. */
export function parseServiceFormWithCatalan(posted: PostedForm): FormResult<Required<ServiceFormInput>> {
  const spanish = parseServiceForm(posted);
  const catalanPart = serviceCatalanSchema.safeParse(posted.values);
  if (!catalanPart.success) {
    const errors = { ...(spanish.ok ? {} : spanish.errors), ...formErrors(catalanPart.error) };
    return { ok: false, errors, values: posted.values, lists: posted.lists };
  }
  if (!spanish.ok) return spanish;
  return { ok: true, input: { ...spanish.input, ...catalanPart.data } };
}

/** A stored service's Catalan texts as its form shows them. */
export function serviceCatalanValues(s: {
  nameCa: string | null;
  descriptionCa: string | null;
}): Record<string, string> {
  return { nameCa: s.nameCa ?? "", descriptionCa: s.descriptionCa ?? "" };
}
