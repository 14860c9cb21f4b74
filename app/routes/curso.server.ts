import { data } from "react-router";
import { getCourse, listEditionChoices } from "~/catalogue/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import { listEnrolledCourseIds } from "~/orders/queries.server.ts";
import type { Course, CourseEdition } from "~/domain/course.ts";
import type { Locale } from "~/i18n/locales.ts";

/**
 * The course and its upcoming editions (bookable, full or closed: only the
 * bookable ones can be chosen; full ones offer the waiting list, see
 * ~/waitlist/join.server.ts for the page's action); unknown or withdrawn ids are a 404.
 */
export async function loadCoursePage(
  db: Db,
  id: string,
  user: { id: string; email: string } | null = null,
  locale: Locale = "es",
): Promise<{ course: Course; editions: CourseEdition[]; enrolled: boolean; buyerEmail: string | null }> {
  const course = await getCourse(db, id, { locale });
  if (!course) throw data(null, { status: 404 });
  // Visitors: no query (and the page stays cacheable: a session cookie makes it private anyway).
  const enrolled = user ? (await listEnrolledCourseIds(db, user.id)).includes(course.id) : false;
  // The waiting-list form shows a signed-in buyer's own email (read-only).
  return {
    course,
    editions: await listEditionChoices(db, [id], { locale }),
    enrolled,
    buyerEmail: user?.email ?? null,
  };
}
