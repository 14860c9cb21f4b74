/**
 * The salon's booking settings (issue 15) in salon_settings, key `booking`, as
 * JSON: where "RESERVA TU CITA" leads and the booking rules. The owner edits
 * them at /gestion/reservas; every page reads the link through the root loader,
 * and the booking flow reads the rules. A missing or unreadable row means the
 * defaults. Each change is written with its audit entry in one transaction.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { BOOKING_RULE_LIMITS, type BookingRules } from "~/domain/booking-rules.ts";
import {
  bookingHref,
  settingsFromStored,
  type BookingLink,
  type BookingSettings,
} from "~/domain/booking-settings-form.ts";
import { nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";

const BOOKING_SETTINGS_KEY = "booking";

/** The settings now, defaults filled in. */
export async function getBookingSettings(db: Db): Promise<BookingSettings> {
  const row = await db
    .selectFrom("salon_settings")
    .select("value")
    .where("key", "=", BOOKING_SETTINGS_KEY)
    .executeTakeFirst();
  return settingsFromStored(row?.value);
}

/** Where every booking button leads now (the root loader hands it to each page). */
export async function getBookingLink(db: Db): Promise<BookingLink> {
  return bookingHref(await getBookingSettings(db));
}

/**
 * The owner's external booking page when bookings are made there ("Página
 * externa"), else null. While it is set the site books nothing: /reservar, a
 * guest's confirmation and a new booking's deposit page point there and
 * refuse their POSTs (issue 31). Existing appointments stay manageable.
 */
export async function externalBookingUrl(db: Db): Promise<string | null> {
  const link = await getBookingLink(db);
  return link.external ? link.href : null;
}

/** The stored form: the same keys in the same order, so equal settings compare equal. */
function stored(s: BookingSettings): string {
  const ruleKeys = Object.keys(BOOKING_RULE_LIMITS) as (keyof BookingRules)[];
  return JSON.stringify({
    mode: s.mode,
    externalUrl: s.externalUrl,
    rules: Object.fromEntries(ruleKeys.map((key) => [key, s.rules[key]])),
  });
}

/**
 * Stores the settings (already validated: parseBookingSettingsForm) with one
 * audit entry (`booking-settings.update`, the settings before and after).
 * Returns false, writing nothing, when nothing changed.
 */
export async function saveBookingSettings(db: Db, actor: AuditActor, next: BookingSettings): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await getBookingSettings(trx);
    const value = stored(next);
    if (value === stored(before)) return false;
    const updatedAt = nowIso();
    await trx
      .insertInto("salon_settings")
      .values({ key: BOOKING_SETTINGS_KEY, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: updatedAt }))
      .execute();
    await recordAudit(trx, actor, {
      action: "booking-settings.update",
      entityType: "salon_settings",
      entityId: BOOKING_SETTINGS_KEY,
      before,
      after: JSON.parse(value) as unknown,
    });
    return true;
  });
}
