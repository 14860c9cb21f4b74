import { listCourses } from "~/catalogue.server.ts";
import type { Db } from "~/db/db.server.ts";
import type { Course } from "~/domain/course.ts";

/** Every active course: the page filters in the component so a filter change needs no request. */
export async function loadCourseList(db: Db): Promise<{ courses: Course[] }> {
  return { courses: await listCourses(db) };
}
