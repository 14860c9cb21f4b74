/**
 * The "Avísame si queda una plaza" form of the course page: what it accepts,
 * its Spanish messages, and how each answer of `joinWaitlist` is told to the
 * visitor. Pure (no server imports): shared by the action and the page.
 */
import { z } from "../lib/zod.ts";

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

const editionField = z
  .string({ error: WAITLIST_MESSAGES.edition })
  .trim()
  .min(1, WAITLIST_MESSAGES.edition)
  .max(200, WAITLIST_MESSAGES.edition);

const consentField = z
  .string({ error: WAITLIST_MESSAGES.consent })
  .refine((v) => v === "on" || v === "1" || v === "true", WAITLIST_MESSAGES.consent);

export const waitlistEmailSchema = z
  .string({ error: WAITLIST_MESSAGES.email })
  .trim()
  .max(254, WAITLIST_MESSAGES.email)
  .pipe(z.email({ error: WAITLIST_MESSAGES.email }));

/** A visitor types her email. */
export const waitlistFormSchema = z.object({
  edition: editionField,
  email: waitlistEmailSchema,
  consent: consentField,
});

/** A signed-in buyer: the account email is used, whatever the field says. */
export const waitlistSignedInSchema = z.object({ edition: editionField, consent: consentField });

export type WaitlistFieldErrors = Partial<Record<"edition" | "email" | "consent" | "form", string>>;

/** First message per field, for the `aria-describedby` error lines. */
export function waitlistErrors(error: z.ZodError): WaitlistFieldErrors {
  const out: WaitlistFieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    const field = key === "edition" || key === "email" || key === "consent" ? key : "form";
    out[field] ??= issue.message;
  }
  return out;
}
