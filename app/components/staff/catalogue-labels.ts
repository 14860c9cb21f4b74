// Spanish names shared by the staff's course screens (/gestion/cursos…).
import type { CourseEdition } from "~/domain/course.ts";
import { lookup } from "~/lib/lookup.ts";

export const EDITION_STATUS_LABELS: Record<CourseEdition["status"], string> = {
  open: "abierta",
  full: "completa",
  closed: "cerrada",
  cancelled: "cancelada",
};

/** The notice shown after a redirect (`?aviso=`). */
const NOTICES: Record<string, string> = {
  creado: "Curso creado. Aún no está publicado: revísalo y publícalo cuando esté listo.",
  guardado: "Cambios guardados. Ya se ven en la web.",
  publicado: "Curso publicado: ya aparece en /formaciones.",
  retirado: "Curso retirado de la web: ya no se puede comprar.",
  imagen: "Imagen actualizada.",
  "convocatoria-creada": "Convocatoria añadida.",
  "convocatoria-guardada": "Convocatoria guardada.",
  "convocatoria-cerrada": "Convocatoria cerrada: ya no admite ventas.",
  "convocatoria-reabierta": "Convocatoria reabierta.",
  "convocatoria-cancelada": "Convocatoria cancelada.",
};

export function noticeOf(request: Request): string | null {
  return lookup(NOTICES, new URL(request.url).searchParams.get("aviso")) ?? null;
}
