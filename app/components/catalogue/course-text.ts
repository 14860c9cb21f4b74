/**
 * The catalogue pages' phrases that depend on data (issue 34): the next
 * edition's month, the group sizes, why an edition cannot be chosen, with the
 * words from the "catalogue" namespace. The rules are the ones of
 * app/domain/course.ts and edition-dates.ts (which Gestión, the cart and the
 * assistant keep using in Spanish).
 */
import { unavailableLabel, type Course, type CourseEdition } from "~/domain/course.ts";
import { formatMonthYear } from "~/domain/pricing.ts";
import type { Locale } from "~/i18n/locales.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";

/** The catalogue's filters' names (COURSE_FILTERS' ids), spelt out so every key is findable. */
export const FILTER_KEYS: Record<"todos" | Course["category"], MessageKey> = {
  todos: "catalogue.filter.todos",
  iniciacion: "catalogue.filter.iniciacion",
  profesional: "catalogue.filter.profesional",
  experto: "catalogue.filter.experto",
  intensivo: "catalogue.filter.intensivo",
};

/** "febrero de 2027" / "febrer de 2027", or "nuevas fechas próximamente". */
export function nextEditionText(t: Translate, locale: Locale, course: Pick<Course, "nextEdition">): string {
  return course.nextEdition ? formatMonthYear(course.nextEdition.startsOn, locale) : t("catalogue.card.newDatesSoon");
}

/** "Grupos de 6 a 15 alumnos": the sizes the courses really have (groupSizeText's rule). */
export function groupSizeLabel(t: Translate, courses: readonly Pick<Course, "classSize">[]): string {
  const sizes = courses.map((c) => c.classSize).filter((n) => n > 0);
  if (sizes.length === 0) return t("catalogue.benefits.groups.small");
  const min = Math.min(...sizes);
  const max = Math.max(...sizes);
  return min === max ? t("catalogue.benefits.groups.max", { max }) : t("catalogue.benefits.groups.range", { min, max });
}

/** "Inscripción cerrada", "Completo", or null for an edition that can be chosen. */
export function unavailableText(t: Translate, edition: Pick<CourseEdition, "status" | "seatsLeft">): string | null {
  const label = unavailableLabel(edition);
  if (label === null) return null;
  return edition.status === "closed" ? t("catalogue.edition.closed") : t("catalogue.edition.full");
}
