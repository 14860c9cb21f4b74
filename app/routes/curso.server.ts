import { data } from "react-router";
import { getCourse, listEditionChoices } from "~/catalogue.server.ts";
import type { Db } from "~/db/db.server.ts";
import type { Course, CourseEdition } from "~/domain/course.ts";

/**
 * The course and its upcoming editions (bookable, full or closed: only the
 * bookable ones can be chosen); unknown or withdrawn ids are a 404.
 */
export async function loadCoursePage(db: Db, id: string): Promise<{ course: Course; editions: CourseEdition[] }> {
  const course = await getCourse(db, id);
  if (!course) throw data(null, { status: 404 });
  return { course, editions: await listEditionChoices(db, [id]) };
}
