// Spanish texts shared by the staff's menu, professionals and time-off screens
// (/gestion/servicios, /gestion/profesionales, /gestion/horarios).
import { lookup } from "~/lib/lookup.ts";

/** The notice shown after a redirect (`?aviso=`). */
const NOTICES: Record<string, string> = {
  "servicio-creado": "Servicio creado.",
  "servicio-guardado": "Servicio guardado y marcado como revisado.",
  "servicio-revisado": "Servicio marcado como revisado.",
  "servicio-ya-revisado": "Ese servicio ya estaba revisado.",
  "profesional-creada": "Profesional añadida.",
  "profesional-guardada": "Cambios guardados.",
  "bloqueo-creado": "Bloqueo guardado: esas horas ya no se pueden reservar.",
  "bloqueo-borrado": "Bloqueo borrado: esas horas vuelven a estar disponibles.",
};

/** The one-step review's forms post `intent=revisar` (on the list, with the service's id as `servicio`). */
export const REVIEW_INTENT = "revisar";

export function bookingNoticeOf(request: Request): string | null {
  return lookup(NOTICES, new URL(request.url).searchParams.get("aviso")) ?? null;
}

/** Why a menu write was refused, as the form says it. */
export const MENU_WRITE_MESSAGES = {
  "unknown-professional": "Alguna de las profesionales elegidas ya no está activa; vuelve a cargar la página.",
  "unknown-service": "Alguno de los servicios elegidos ya no existe; vuelve a cargar la página.",
  "bad-account": "Esa cuenta no es del equipo: elige una de la lista.",
  "account-taken": "Esa cuenta ya está vinculada a otra profesional.",
} as const;

/** What a refused form posts back: an error per field, and what was typed (checkbox lists apart). */
export interface BookingFormState {
  errors: Record<string, string>;
  values: Record<string, string>;
  lists: Record<string, string[]>;
}
