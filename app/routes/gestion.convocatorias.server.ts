/** /gestion/convocatorias: every edition, upcoming first, optionally of one course; and the waiting list's hold. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { formValues } from "~/auth/schemas.ts";
import { getUser, requireOwner } from "~/auth/user-context.server.ts";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { getServices } from "~/context.server.ts";
import { isOwnerRole } from "~/domain/roles.ts";
import { parseOfferHours, WAITLIST_OFFER_HOURS_ERROR } from "~/domain/waitlist-settings.ts";
import { listCourseChoices, listStaffEditions } from "~/orders/staff-attendees.server.ts";
import { getWaitlistOfferHours, saveWaitlistOfferHours } from "~/salon/settings.server.ts";

export async function loadEditionList(request: Request, context: Readonly<RouterContextProvider>) {
  const { db } = getServices(context);
  const search = new URL(request.url).searchParams;
  const raw = (search.get("curso") ?? "").trim();
  const courses = await listCourseChoices(db);
  const notes: string[] = [];
  let courseId: string | null = null;
  if (raw && courses.some((c) => c.id === raw)) courseId = raw;
  else if (raw) notes.push("El curso indicado no existe: se muestran las convocatorias de todos los cursos.");
  const { upcoming, past } = await listStaffEditions(db, { courseId, today: todayInMadrid() });
  return {
    courses,
    courseId,
    notes,
    upcoming,
    past,
    offerHours: await getWaitlistOfferHours(db),
    canEditOfferHours: isOwnerRole(getUser(context).role),
    offerHoursSaved: search.get("guardado") === "espera",
  };
}

/** POST: the owner sets how many hours a seat offered from the waiting list is held (audited). */
export async function saveWaitlistSettings(request: Request, context: Readonly<RouterContextProvider>) {
  const owner = requireOwner(context);
  const { db } = getServices(context);
  const values = formValues(await request.formData());
  const hours = parseOfferHours(values.offerHours);
  if (hours === null) {
    return data(
      { errors: { offerHours: WAITLIST_OFFER_HOURS_ERROR }, value: (values.offerHours ?? "").slice(0, 10) },
      400,
    );
  }
  await saveWaitlistOfferHours(db, { id: owner.id, email: owner.email }, hours);
  return redirect("/gestion/convocatorias?guardado=espera#lista-espera");
}
