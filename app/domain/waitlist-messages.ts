/**
 * The Spanish texts of the "Avísame si queda una plaza" form: its consent line,
 * its errors and the answer to each result of `joinWaitlist`. No zod here, so the
 * course page's form can use them without shipping the validation library.
 */
export const WAITLIST_CONSENT_TEXT =
  "Acepto que Alejandra Nails use mi correo solo para avisarme si queda una plaza en esta convocatoria; lo borraremos después.";

export const WAITLIST_MESSAGES = {
  edition: "Esa convocatoria no existe o ya no admite lista de espera.",
  email: "Escribe un correo electrónico válido, por ejemplo nombre@ejemplo.com.",
  consent: "Marca la casilla para que podamos avisarte por correo.",
  rateLimited: "Has hecho demasiadas solicitudes seguidas. Vuelve a intentarlo dentro de un rato.",
} as const;

export type WaitlistJoinResult = "joined" | "already" | "not-full" | "unavailable";

/** The confirmation shown for each answer. */
export const WAITLIST_RESULT_MESSAGES: Record<WaitlistJoinResult, string> = {
  joined:
    "Te avisaremos por correo si queda una plaza en esta convocatoria. Tendrás 24 horas para reservarla; después, borraremos tu correo de la lista.",
  already: "Ya estás en la lista de espera de esta convocatoria: te avisaremos por correo si queda una plaza.",
  "not-full": "¡Buenas noticias! Ahora mismo quedan plazas en esta convocatoria: puedes reservarla ya.",
  unavailable: "Esta convocatoria ya no admite lista de espera. Mira las otras fechas o escríbenos.",
};
