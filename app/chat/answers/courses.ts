/**
 * Course answers composed from catalogue courses (prices in cents, as the
 * server's catalogue gives them), in Spanish or Catalan (issue 34; the course's
 * own texts — title, duration, level, description, features — are the
 * catalogue's, read by the caller in the answer's language). Pure: the caller
 * loads the courses.
 */
import { coursePath } from "~/components/catalogue/course-jsonld.ts";
import type { Course } from "~/domain/course.ts";
import { nextDateText } from "~/domain/edition-dates.ts";
import { dateText } from "~/domain/es-format.ts";
import { formatEuros, monthlyFinancingText } from "~/domain/pricing.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import { link } from "../reply-format.ts";

const COURSES_PATH = "/formaciones";

export const bullet = (lines: string[]) => lines.map((l) => `• ${l}`).join("\n");

const isoDay = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/** "martes, 9 de febrero de 2027"; in Catalan "dimarts, 9 de febrer de 2027". */
export function weekdayDate(isoDate: string, locale: Locale = "es"): string {
  return dateText(isoDay(isoDate), { weekday: true, day: true, year: true }, locale);
}

/** A course's next edition: "febrero de 2027" or "nuevas fechas próximamente" (Catalan "febrer de 2027", "noves dates aviat"). */
export function nextDate(course: Pick<Course, "nextEdition">, locale: Locale = "es"): string {
  if (locale === "es") return nextDateText(course);
  return course.nextEdition
    ? dateText(isoDay(course.nextEdition.startsOn), { year: true }, locale)
    : "noves dates aviat";
}

/** "Ver formaciones" → /formaciones. */
export const coursesLink = (locale: Locale = "es") =>
  link(locale === "ca" ? "Veure les formacions" : "Ver formaciones", COURSES_PATH);
/** "Ver Expert Nails" → /formaciones/expert-nails. */
export const courseLink = (c: Course, locale: Locale = "es") =>
  link(`${locale === "ca" ? "Veure" : "Ver"} ${c.title}`, coursePath(c.id));

export function financing(course: Course, locale: Locale = "es"): string {
  const monthly = monthlyFinancingText(course.priceCents);
  return locale === "ca" ? `finança’l des de ${monthly} sense interessos` : `financia desde ${monthly} sin intereses`;
}

export function priceText(course: Course, locale: Locale = "es"): string {
  const before = locale === "ca" ? "abans" : "antes";
  const original =
    course.originalPriceCents > course.priceCents ? ` (${before} ${formatEuros(course.originalPriceCents)})` : "";
  return `${formatEuros(course.priceCents)}${original}`;
}

/** One course's price, and nothing about the others. */
export function coursePriceAnswer(c: Course, locale: Locale = "es"): string {
  const costs = locale === "ca" ? "costa" : "cuesta";
  return `${c.title} ${costs} ${priceText(c, locale)}; ${financing(c, locale)}.\n${courseLink(c, locale)}`;
}

/** Every course's price. */
export function coursePricesAnswer(courses: Course[], some: boolean, locale: Locale = "es"): string {
  const lead =
    locale === "ca"
      ? `Preus de ${some ? "aquestes" : "les nostres"} formacions:`
      : `Precios de ${some ? "esas" : "nuestras"} formaciones:`;
  return `${lead}\n${bullet(
    courses.map((c) => `${c.title}: ${priceText(c, locale)}; ${financing(c, locale)}`),
  )}\n${coursesLink(locale)}`;
}

/** The course's own lines about materials ("Kit profesional de materiales incluido", "Materials inclosos"). */
function materialFeatures(c: Course): string[] {
  return c.features.filter((f) => /material/i.test(f) && /inclu|incl[oò]s/i.test(f));
}

/** "uñas" → "Uñas". */
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Whether materials are included: the academy's rule (as /formaciones says it), and what a named course lists. */
export function materialsAnswer(named: Course[], locale: Locale = "es"): string {
  const rule = `Sí. ${serverTranslator(locale)("catalogue.benefits.materials.text")}`;
  const listed = named.flatMap((c) => materialFeatures(c).map((f) => `${c.title}: ${capitalise(f)}.`));
  const links = named.length === 1 ? courseLink(named[0], locale) : coursesLink(locale);
  return [rule, ...listed, links].join("\n");
}

export function courseInfo(c: Course, locale: Locale = "es"): string {
  if (locale === "ca") {
    return [
      `${c.title} (nivell ${c.level}): ${c.description}`,
      `Durada: ${c.duration}. Grup de com a màxim ${c.classSize} alumnes.`,
      `Preu: ${priceText(c, locale)}; ${financing(c, locale)}.`,
      `Propera convocatòria: ${nextDate(c, locale)}.`,
      courseLink(c, locale),
    ].join("\n");
  }
  return [
    `${c.title} (nivel ${c.level}): ${c.description}`,
    `Duración: ${c.duration}. Grupo de máximo ${c.classSize} alumnos.`,
    `Precio: ${priceText(c)}; ${financing(c)}.`,
    `Próxima convocatoria: ${nextDateText(c)}.`,
    courseLink(c),
  ].join("\n");
}

/**
 * The next edition of every course, earliest first, with its exact date
 * ("martes, 9 de febrero de 2027") and a link to the course; undated ones last.
 */
export function datesAnswer(courses: Course[], locale: Locale = "es"): string {
  const dated = courses
    .filter((c) => c.nextEdition)
    .sort((a, b) => (a.nextEdition?.startsOn ?? "").localeCompare(b.nextEdition?.startsOn ?? ""));
  const undated = courses.filter((c) => !c.nextEdition);
  const starts = locale === "ca" ? "comença el" : "empieza el";
  const lines = [
    ...dated.map(
      (c) => `${c.title}: ${starts} ${weekdayDate(c.nextEdition?.startsOn ?? "", locale)}. ${courseLink(c, locale)}`,
    ),
    ...undated.map((c) => `${c.title}: ${nextDate(c, locale)}. ${courseLink(c, locale)}`),
  ];
  const lead = locale === "ca" ? "Properes convocatòries:" : "Próximas convocatorias:";
  return `${lead}\n${bullet(lines)}\n${coursesLink(locale)}`;
}
