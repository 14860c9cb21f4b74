/**
 * The Spanish texts of the "Avísame si queda una plaza" form: its consent line,
 * its errors and the answer to each result of `joinWaitlist`; with the few
 * rules they state (the 48 h, the cap per address, which entries are live). No zod here, so the course page's
 * form can use them without shipping the validation library.
 */
export const WAITLIST_CONSENT_TEXT =
  "Acepto que Alejandra Nails use mi correo solo para avisarme si queda una plaza en esta convocatoria; lo borraremos después.";

/** How long an unconfirmed entry (and its emailed link) lasts. */
export const WAITLIST_CONFIRM_HOURS = 48;
/** Live entries (unconfirmed, waiting or offered) one address may have at once, across editions. */
export const WAITLIST_MAX_ACTIVE_PER_EMAIL = 5;

/** Entries that hold a place in a list (one per edition and address; the staff may remove them). */
export const WAITLIST_LIVE_STATUSES = ["pending", "waiting", "offered"] as const;
export const isLiveWaitlistEntry = (status: string): boolean =>
  (WAITLIST_LIVE_STATUSES as readonly string[]).includes(status);

export const WAITLIST_MESSAGES = {
  edition: "Esa convocatoria no existe o ya no admite lista de espera.",
  email: "Escribe un correo electrónico válido, por ejemplo nombre@ejemplo.com.",
  consent: "Marca la casilla para que podamos avisarte por correo.",
  rateLimited: "Has hecho demasiadas solicitudes seguidas. Vuelve a intentarlo dentro de un rato.",
  networkLimited:
    "Desde tu conexión ya se han apuntado varias personas a listas de espera en la última hora. Vuelve a intentarlo más tarde.",
  emailLimited:
    "Ya hemos enviado varios correos de confirmación a esa dirección en la última hora. Busca el último en tu bandeja de entrada (y en la carpeta de spam) o vuelve a intentarlo más tarde.",
  tooManyLists: `Esa dirección ya está en ${WAITLIST_MAX_ACTIVE_PER_EMAIL} listas de espera, el máximo a la vez. Cuando se resuelva alguna podrás apuntarte a otra.`,
} as const;

export type WaitlistJoinResult = "joined" | "pending" | "already" | "not-full" | "unavailable";

/** The confirmation shown for each answer. */
export const WAITLIST_RESULT_MESSAGES: Record<WaitlistJoinResult, string> = {
  joined:
    "Te avisaremos por correo si queda una plaza en esta convocatoria. Te la guardaremos unas horas (el correo te dirá hasta cuándo); después, borraremos tu correo de la lista.",
  pending: `Casi está: te hemos enviado un correo con un enlace para confirmar tu dirección. Ábrelo en las próximas ${WAITLIST_CONFIRM_HOURS} horas: hasta que lo confirmes no entras en la lista. Te avisaremos por correo si queda una plaza.`,
  already: "Ya estás en la lista de espera de esta convocatoria: te avisaremos por correo si queda una plaza.",
  "not-full": "¡Buenas noticias! Ahora mismo quedan plazas en esta convocatoria: puedes reservarla ya.",
  unavailable: "Esta convocatoria ya no admite lista de espera. Mira las otras fechas o escríbenos.",
};

/**
 * What the emailed confirmation link's page can say (it never tells anything
 * about other entries). Its words are in the catalogues ("waitlist.confirm.*").
 */
export type WaitlistConfirmState = "valid" | "confirmed" | "already" | "invalid";
