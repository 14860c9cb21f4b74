/**
 * The links emailed about an appointment (`appointment_tokens`): "confirm" (a
 * guest confirms her held booking) and "manage" (see, move or cancel it). A
 * link is made when its email is rendered, so no usable secret ever sits in the
 * outbox; only the SHA-256 of the token is stored. An appointment may have
 * several valid links (each email its own); a confirm link is only good while
 * the hold lasts, which the confirming code checks on the appointment itself.
 */
import type { Db } from "~/db/db.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { isTokenShaped, newToken, sha256 } from "~/lib/ids.server.ts";

type AppointmentLinkPurpose = "confirm" | "manage";

/** Stores the hash of a fresh token for the appointment and returns the raw token (for the email). */
export async function createAppointmentLink(
  db: Db,
  appointmentId: string,
  purpose: AppointmentLinkPurpose,
  now: Date = new Date(),
): Promise<string> {
  const token = newToken();
  await db
    .insertInto("appointment_tokens")
    .values({ token_hash: sha256(token), appointment_id: appointmentId, purpose, created_at: now.toISOString() })
    .execute();
  return token;
}

/** The appointment a token of this purpose was made for; null for a malformed, unknown or other-purpose token. */
export async function findAppointmentIdByToken(
  db: Db,
  token: string,
  purpose: AppointmentLinkPurpose,
): Promise<string | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db
    .selectFrom("appointment_tokens")
    .select("appointment_id")
    .where("token_hash", "=", sha256(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  return row?.appointment_id ?? null;
}

/** The guest's "confirm my booking" page, in the booking's language (/ca/reserva/confirmar/… for Catalan). */
export const confirmUrl = (publicUrl: string, token: string, locale: Locale = "es"): string =>
  `${publicUrl}${localHref(locale, `/reservar/confirmar/${token}`)}`;

/** The client's page to see, move or cancel her appointment, in the booking's language (/ca/cita/…). */
export const manageUrl = (publicUrl: string, token: string, locale: Locale = "es"): string =>
  `${publicUrl}${localHref(locale, `/cita/${token}`)}`;
