/**
 * Which edition each line of a new order is for. The browser's choice is only a
 * wish: the edition must exist, belong to that course and still be bookable
 * (open, not started, a seat left). Without a choice the next bookable edition
 * is taken. A course with no edition ahead at all is sold without one ("fecha
 * por confirmar"); one whose editions are all full or closed is refused. The
 * seat itself is decided later, by the hold in the order's transaction.
 */
import { getEditionsByIds, listEditionChoices } from "~/catalogue.server.ts";
import type { Db } from "~/db/db.server.ts";
import { isBookable, type Course, type CourseEdition } from "~/domain/course.ts";
import { formatLongDate } from "~/domain/pricing.ts";
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
        throw new CheckoutError(`La convocatoria elegida no es de «${course.title}»`, 400);
      }
      const when = formatLongDate(edition.startsOn);
      if (edition.status === "cancelled") {
        throw new CheckoutError(`La convocatoria del ${when} de «${course.title}» se ha cancelado. Elige otra fecha.`, 409);
      }
      if (edition.startsOn < options.today) {
        throw new CheckoutError(`La convocatoria del ${when} de «${course.title}» ya ha empezado. Elige otra fecha.`, 409);
      }
      if (!isBookable(edition)) {
        const why = edition.status === "closed" ? "tiene la inscripción cerrada" : "está completa";
        throw new CheckoutError(`La convocatoria del ${when} de «${course.title}» ${why}. Elige otra fecha.`, 409);
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
    if (full) throw new CheckoutError(`No quedan plazas en ninguna convocatoria de «${full.title}»`, 409);
  }
  return chosen;
}
