/**
 * What a buyer sees of their purchases: /mis-cursos and calendars. Titles and
 * edition dates come from the order lines copied at purchase, so a course that
 * later leaves the catalogue still shows (DESIGN.md §5 order_items).
 */
import type { Db } from "~/db/db.server.ts";

export interface MyCourse {
  enrollmentId: string;
  courseId: string;
  orderId: string;
  title: string;
  /** Catalogue image name, null when the course is no longer in the catalogue. */
  image: string | null;
  duration: string | null;
  enrolledAt: string;
  accessUntil: string;
  editionStartsOn: string | null;
  editionEndsOn: string | null;
  progress: number;
  completed: boolean;
}

export async function listMyCourses(db: Db, userId: string): Promise<MyCourse[]> {
  const rows = await db
    .selectFrom("enrollments")
    .innerJoin("order_items", (join) =>
      join
        .onRef("order_items.order_id", "=", "enrollments.order_id")
        .onRef("order_items.course_id", "=", "enrollments.course_id"),
    )
    .leftJoin("courses", "courses.id", "enrollments.course_id")
    .select([
      "enrollments.id as enrollmentId",
      "enrollments.course_id as courseId",
      "enrollments.order_id as orderId",
      "order_items.title as title",
      "courses.image as image",
      "courses.duration as duration",
      "enrollments.enrolled_at as enrolledAt",
      "enrollments.access_until as accessUntil",
      "order_items.edition_starts_on as editionStartsOn",
      "order_items.edition_ends_on as editionEndsOn",
      "enrollments.progress as progress",
      "enrollments.completed as completed",
    ])
    .where("enrollments.user_id", "=", userId)
    .orderBy("enrollments.enrolled_at", "desc")
    .orderBy("order_items.id")
    .execute();
  return rows.map((r) => ({ ...r, progress: Number(r.progress), completed: Number(r.completed) === 1 }));
}
