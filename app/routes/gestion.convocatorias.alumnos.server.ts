/** /gestion/convocatorias/:editionId/alumnos (and its CSV): the students of one edition. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { formValues } from "~/auth/schemas.ts";
import { getServices } from "~/context.server.ts";
import { isLiveWaitlistEntry } from "~/domain/waitlist-messages.ts";
import { getStaffEdition, listEditionAttendees } from "~/orders/staff-attendees.server.ts";
import { getWaitlistOfferHours } from "~/salon/settings.server.ts";
import { changeWaitlistEntry, listEditionWaitlist, type WaitlistStaffResult } from "~/waitlist/staff.server.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

/** ?aviso= after a waiting-list write (PRG); anything else shows nothing. */
const WAITLIST_NOTICES: Record<string, (offerHours: number) => string> = {
  "espera-quitada": () => "Hemos quitado a esa persona de la lista de espera.",
  "plaza-ofrecida": (hours) =>
    `Plaza ofrecida: le hemos enviado un correo y se la guardamos ${hours} ${hours === 1 ? "hora" : "horas"}.`,
};

const WAITLIST_REFUSALS: Record<
  Exclude<WaitlistStaffResult, "removed" | "offered" | "confirm-removal">,
  [number, string]
> = {
  "not-found": [404, "Esa persona ya no está en la lista de espera de esta convocatoria."],
  "not-waiting": [409, "Esa persona ya no está en espera: recarga la página para ver su estado."],
  unconfirmed: [409, "Esa persona aún no ha confirmado su correo: hasta que lo haga no se le puede ofrecer una plaza."],
  "no-seat": [
    409,
    "No queda ninguna plaza libre: sube las plazas de la convocatoria o quita a alguien antes de ofrecerla.",
  ],
};

/** The edition and its students, active and ended apart; an unknown id is a 404. */
export async function loadEditionAttendees(
  editionId: string,
  context: Readonly<RouterContextProvider>,
  request?: Request,
) {
  const { db } = getServices(context);
  const edition = await getStaffEdition(db, editionId);
  if (!edition) throw data("Convocatoria no encontrada", { status: 404 });
  const [attendees, waitlist, offerHours] = await Promise.all([
    listEditionAttendees(db, edition.id),
    listEditionWaitlist(db, edition.id),
    getWaitlistOfferHours(db),
  ]);
  const search = request ? new URL(request.url).searchParams : new URLSearchParams();
  const aviso = search.get("aviso");
  // ?quitar=<entry>: the confirmation step before removing a live entry of this edition.
  const quitar = search.get("quitar");
  const removing = (quitar && waitlist.find((e) => e.id === quitar && isLiveWaitlistEntry(e.status))) || null;
  return {
    edition,
    active: attendees.filter((a) => a.endedAt === null),
    ended: attendees.filter((a) => a.endedAt !== null),
    waitlist,
    removing,
    notice: aviso && Object.hasOwn(WAITLIST_NOTICES, aviso) ? WAITLIST_NOTICES[aviso]!(offerHours) : null,
  };
}

/**
 * POST …/alumnos — intent waitlist-remove | waitlist-offer, entry = a
 * waiting-list id of this edition. A removal needs confirm=yes (sent by the
 * confirmation step); without it the staff member is taken to that step.
 */
export async function editionAttendeesAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  editionId: string,
) {
  const { db } = getServices(context);
  const values = formValues(await request.formData());
  const intent = values.intent;
  if (intent !== "waitlist-remove" && intent !== "waitlist-offer") return data({ error: "Acción desconocida." }, 400);
  const entryId = (values.entry ?? "").slice(0, 100);
  const edition = await getStaffEdition(db, editionId);
  if (!edition) throw data("Convocatoria no encontrada", { status: 404 });
  const result = await changeWaitlistEntry(db, actorOf(context), edition.id, entryId, intent, {
    confirmed: values.confirm === "yes",
  });
  const page = `/gestion/convocatorias/${encodeURIComponent(edition.id)}/alumnos`;
  if (result === "confirm-removal") throw redirect(`${page}?quitar=${encodeURIComponent(entryId)}#lista-espera`);
  if (result === "removed" || result === "offered") {
    const aviso = result === "removed" ? "espera-quitada" : "plaza-ofrecida";
    throw redirect(`${page}?aviso=${aviso}#lista-espera`);
  }
  const [status, error] = WAITLIST_REFUSALS[result];
  return data({ error }, status);
}
