/**
 * A course edition's dates as every page, table and sheet writes them (the
 * buyer's order pages, Mis cursos, the cart, checkout and Gestión). Pure: server and
 * browser alike. Dates are YYYY-MM-DD.
 */
import type { Course } from "./course.ts";
import { formatLongDate, formatMonthYear } from "./pricing.ts";

/** What an edition without dates says. */
export const UNDATED_EDITION = "Fecha por confirmar";

/** The same with what happens next, where a sentence fits (the cart, Mis cursos' state). */
export const UNDATED_EDITION_NOTICE = `${UNDATED_EDITION}: te escribiremos en cuanto se abra la próxima convocatoria`;

/**
 * "9 de febrero de 2027 – 11 de febrero de 2027"; one day (no end, or the same
 * end) → "9 de febrero de 2027"; no start yet → "Fecha por confirmar".
 */
export function editionDatesText(startsOn: string | null, endsOn: string | null): string {
  if (!startsOn) return UNDATED_EDITION;
  if (!endsOn || endsOn === startsOn) return formatLongDate(startsOn);
  return `${formatLongDate(startsOn)} – ${formatLongDate(endsOn)}`;
}

/** A course's next edition, as its card and the assistant say it: "febrero de 2027" or "nuevas fechas próximamente". */
export function nextDateText(course: Pick<Course, "nextEdition">): string {
  return course.nextEdition ? formatMonthYear(course.nextEdition.startsOn) : "nuevas fechas próximamente";
}
