/** /gestion/convocatorias/:editionId/alumnos (and its CSV): the students of one edition. */
import { data, type RouterContextProvider } from "react-router";
import { getServices } from "~/context.server.ts";
import { getStaffEdition, listEditionAttendees } from "~/orders/staff-attendees.server.ts";

/** The edition and its students, active and ended apart; an unknown id is a 404. */
export async function loadEditionAttendees(editionId: string, context: Readonly<RouterContextProvider>) {
  const { db } = getServices(context);
  const edition = await getStaffEdition(db, editionId);
  if (!edition) throw data("Convocatoria no encontrada", { status: 404 });
  const attendees = await listEditionAttendees(db, edition.id);
  return {
    edition,
    active: attendees.filter((a) => a.endedAt === null),
    ended: attendees.filter((a) => a.endedAt !== null),
  };
}
