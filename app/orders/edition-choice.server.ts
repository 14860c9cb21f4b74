/**
 * Which edition each line of a new order is for. The browser's choice is only a
 * wish: the edition must exist, belong to that course and still be bookable
 * (open, not started, a seat left). Without a choice the next bookable edition
 * is taken. A course with no edition ahead at all is sold without one ("fecha
 * por confirmar"); one whose editions are all full or closed is refused. The
 * seat itself is decided later, by the hold in the order's transaction.
 */
import { getEditionsByIds, listEditionChoices } from "~/catalogue/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import { isBookable, type Course, type CourseEdition } from "~/domain/course.ts";
import { CheckoutError } from "./checkout-error.ts";

type CourseRef = Pick<Course, "id" | "title" | "nextEdition">;

/** Course id → the edition its line is for (courses sold without an edition are absent). */
export async function chooseEditions(
  db: Db,
  courses: readonly CourseRef[],
  wanted: Readonly<Record<string, string | undefined>>,
  options: { today: string; now: Date },
): Promise<Map<string, CourseEdition>> {
  const chosen = new Map<string, CourseEdition>();
  const wish = (courseId: string) => (Object.hasOwn(wanted, courseId) ? wanted[courseId] : undefined);
  const wantedIds = courses.map((c) => wish(c.id)).filter((id): id is string => typeof id === "string" && id !== "");
  const byId = new Map((await getEditionsByIds(db, wantedIds, { now: options.now })).map((e) => [e.id, e]));
  for (const course of courses) {
    const editionId = wish(course.id);
    if (editionId) {
      const edition = byId.get(editionId);
      if (!edition || edition.courseId !== course.id) {
        throw new CheckoutError("edition-mismatch", { title: course.title });
      }
      const which = { title: course.title, startsOn: edition.startsOn };
      if (edition.status === "cancelled") throw new CheckoutError("edition-cancelled", which);
      if (edition.startsOn < options.today) throw new CheckoutError("edition-started", which);
      if (!isBookable(edition)) {
        throw new CheckoutError(edition.status === "closed" ? "edition-closed" : "edition-full", which);
      }
      chosen.set(course.id, edition);
    } else if (course.nextEdition) {
      chosen.set(course.id, course.nextEdition);
    }
  }
  // No choice and nothing bookable: refused if editions exist but are all full or closed.
  const undated = courses.filter((c) => !chosen.has(c.id));
  if (undated.length > 0) {
    const ahead = await listEditionChoices(
      db,
      undated.map((c) => c.id),
      options,
    );
    const full = undated.find((c) => ahead.some((e) => e.courseId === c.id));
    if (full) throw new CheckoutError("sold-out", { title: full.title });
  }
  return chosen;
}
