/**
 * Order lines name what they sell in a column each (0014): `course_id` for a
 * course place, `service_id` for an appointment's deposit. Code about course
 * places keeps the lines that sell one.
 */

/** The lines of an order that sell a course place, typed so. */
export function courseLines<T extends { course_id: string | null }>(
  items: readonly T[],
): (T & { course_id: string })[] {
  return items.filter((i): i is T & { course_id: string } => i.course_id !== null);
}
