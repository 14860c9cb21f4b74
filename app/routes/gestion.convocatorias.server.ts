/** /gestion/convocatorias: every edition, upcoming first, optionally of one course. */
import type { RouterContextProvider } from "react-router";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { getServices } from "~/context.server.ts";
import { listCourseChoices, listStaffEditions } from "~/orders/staff-attendees.server.ts";

export async function loadEditionList(request: Request, context: Readonly<RouterContextProvider>) {
  const { db } = getServices(context);
  const raw = (new URL(request.url).searchParams.get("curso") ?? "").trim();
  const courses = await listCourseChoices(db);
  const notes: string[] = [];
  let courseId: string | null = null;
  if (raw && courses.some((c) => c.id === raw)) courseId = raw;
  else if (raw) notes.push("El curso indicado no existe: se muestran las convocatorias de todos los cursos.");
  const { upcoming, past } = await listStaffEditions(db, { courseId, today: todayInMadrid() });
  return { courses, courseId, notes, upcoming, past };
}
