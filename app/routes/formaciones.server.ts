import { listCourses } from "~/catalogue/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import { listEnrolledCourseIds } from "~/orders/queries.server.ts";
import type { Course } from "~/domain/course.ts";
import type { Locale } from "~/i18n/locales.ts";

/** Every active course: the page filters in the component so a filter change needs no request. */
export async function loadCourseList(
  db: Db,
  user: { id: string } | null = null,
  locale: Locale = "es",
): Promise<{ courses: Course[]; enrolledCourseIds: string[] }> {
  // Visitors: no query (and the page stays cacheable: a session cookie makes it private anyway).
  const [courses, enrolledCourseIds] = await Promise.all([
    listCourses(db, { locale }),
    user ? listEnrolledCourseIds(db, user.id) : Promise.resolve([]),
  ]);
  return { courses, enrolledCourseIds };
}
