/**
 * The waiting list's salon setting (salon_settings, key `waitlist.offerHours`):
 * how many hours a freed seat is held for the person it is offered to. Read by
 * every offer inside its own transaction (so no caller has to pass it); a
 * missing or unreadable row means the default. The owner changes it in Gestión
 * (Convocatorias), audited in the same transaction.
 */
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { parseOfferHours, WAITLIST_OFFER_HOURS } from "~/domain/waitlist-settings.ts";
import { nowIso } from "~/lib/ids.server.ts";

const OFFER_HOURS_KEY = "waitlist.offerHours";

/** The hold of a new offer, in hours. */
export async function getWaitlistOfferHours(db: Db): Promise<number> {
  const row = await db
    .selectFrom("salon_settings")
    .select("value")
    .where("key", "=", OFFER_HOURS_KEY)
    .executeTakeFirst();
  return parseOfferHours(row?.value) ?? WAITLIST_OFFER_HOURS.default;
}

/**
 * Stores the hours (already validated: parseOfferHours) with one audit entry
 * (`waitlist-settings.update`). Offers already made keep their deadline.
 * False, writing nothing, when the value did not change.
 */
export function saveWaitlistOfferHours(db: Db, actor: AuditActor, hours: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await getWaitlistOfferHours(trx);
    if (before === hours) return false;
    const value = String(hours);
    const updatedAt = nowIso();
    await trx
      .insertInto("salon_settings")
      .values({ key: OFFER_HOURS_KEY, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: updatedAt }))
      .execute();
    await recordAudit(trx, actor, {
      action: "waitlist-settings.update",
      entityType: "salon_settings",
      entityId: OFFER_HOURS_KEY,
      before: { offerHours: before },
      after: { offerHours: hours },
    });
    return true;
  });
}
