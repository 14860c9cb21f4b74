/**
 * Course answers composed from catalogue courses (prices in cents, as the
 * server's catalogue gives them). Pure: the caller loads the courses.
 */
import { coursePath } from "~/components/catalogue/course-jsonld.ts";
import { site } from "~/content/site.ts";
import type { Course } from "~/domain/course.ts";
import { nextDateText } from "~/domain/edition-dates.ts";
import { formatEuros, formatWeekdayDate, monthlyFinancingText } from "~/domain/pricing.ts";
import { link } from "../reply-format.ts";

const COURSES_PATH = "/formaciones";

export const bullet = (lines: string[]) => lines.map((l) => `• ${l}`).join("\n");

/** "Ver formaciones" → /formaciones. */
export const coursesLink = () => link("Ver formaciones", COURSES_PATH);
/** "Ver Expert Nails" → /formaciones/expert-nails. */
export const courseLink = (c: Course) => link(`Ver ${c.title}`, coursePath(c.id));

export function financing(course: Course): string {
  return `financia desde ${monthlyFinancingText(course.priceCents)} sin intereses`;
}

export function priceText(course: Course): string {
  const original =
    course.originalPriceCents > course.priceCents ? ` (antes ${formatEuros(course.originalPriceCents)})` : "";
  return `${formatEuros(course.priceCents)}${original}`;
}

/** One course's price, and nothing about the others. */
export function coursePriceAnswer(c: Course): string {
  return `${c.title} cuesta ${priceText(c)}; ${financing(c)}.\n${courseLink(c)}`;
}

/** Every course's price. */
export function coursePricesAnswer(courses: Course[], some: boolean): string {
  return `Precios de ${some ? "esas" : "nuestras"} formaciones:\n${bullet(
    courses.map((c) => `${c.title}: ${priceText(c)}; ${financing(c)}`),
  )}\n${coursesLink()}`;
}

/** The course's own lines about materials ("Kit profesional de materiales incluido"), from its features. */
function materialFeatures(c: Course): string[] {
  return c.features.filter((f) => /material/i.test(f) && /inclu/i.test(f));
}

/** "uñas" → "Uñas". */
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Whether materials are included: the academy's rule (site.ts), and what a named course lists. */
export function materialsAnswer(named: Course[]): string {
  const rule = `Sí: ${site.academy.materialsIncluded}, solo tienes que venir.`;
  const listed = named.flatMap((c) => materialFeatures(c).map((f) => `${c.title}: ${capitalise(f)}.`));
  const links = named.length === 1 ? courseLink(named[0]) : coursesLink();
  return [rule, ...listed, links].join("\n");
}

export function courseInfo(c: Course): string {
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
export function datesAnswer(courses: Course[]): string {
  const dated = courses
    .filter((c) => c.nextEdition)
    .sort((a, b) => (a.nextEdition?.startsOn ?? "").localeCompare(b.nextEdition?.startsOn ?? ""));
  const undated = courses.filter((c) => !c.nextEdition);
  const lines = [
    ...dated.map((c) => `${c.title}: empieza el ${formatWeekdayDate(c.nextEdition?.startsOn ?? "")}. ${courseLink(c)}`),
    ...undated.map((c) => `${c.title}: ${nextDateText(c)}. ${courseLink(c)}`),
  ];
  return `Próximas convocatorias:\n${bullet(lines)}\n${coursesLink()}`;
}
