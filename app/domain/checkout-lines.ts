/**
 * The lines of one checkout: a course and, if the buyer chose one, its edition.
 * The cart sends them as `/checkout?cursos=<courseId>:<editionId>,<courseId>`;
 * `/checkout/:courseId?convocatoria=<editionId>` is the one-line form. These are
 * wishes only: the server looks every id up before showing or charging anything.
 */

export interface CheckoutLine {
  courseId: string;
  editionId: string | null;
}

/** At most this many lines are read (the order refuses more anyway). */
export const MAX_CHECKOUT_LINES = 20;
const MAX_COURSE_ID = 100;
const MAX_EDITION_ID = 200;
const MAX_PARAM = MAX_CHECKOUT_LINES * (MAX_COURSE_ID + MAX_EDITION_ID + 2);

/** `a:e1,b` → [{a, e1}, {b, null}]; empty, overlong or repeated courses are dropped. */
export function parseCheckoutLines(raw: string | null | undefined): CheckoutLine[] {
  if (!raw || raw.length > MAX_PARAM) return [];
  const lines: CheckoutLine[] = [];
  const seen = new Set<string>();
  for (const part of raw.split(",")) {
    const [course = "", edition = ""] = part.split(":", 2).map((s) => s.trim());
    if (!course || course.length > MAX_COURSE_ID || edition.length > MAX_EDITION_ID || seen.has(course)) continue;
    seen.add(course);
    lines.push({ courseId: course, editionId: edition || null });
    if (lines.length === MAX_CHECKOUT_LINES) break;
  }
  return lines;
}

/** The `cursos` value for these lines (the inverse of parseCheckoutLines). */
export function formatCheckoutLines(lines: readonly CheckoutLine[]): string {
  return lines.map((l) => (l.editionId ? `${l.courseId}:${l.editionId}` : l.courseId)).join(",");
}

/** The checkout page for these lines: `/checkout?cursos=…`. */
export function checkoutPath(lines: readonly CheckoutLine[]): string {
  return `/checkout?${new URLSearchParams({ cursos: formatCheckoutLines(lines) }).toString()}`;
}

/** The form field holding a line's edition: `edition` when alone (the one-course page), else per course. */
export function editionFieldName(courseId: string, lineCount: number): string {
  return lineCount === 1 ? "edition" : `edition:${courseId}`;
}
