/**
 * The switches the staff set for the salon (table salon_settings, key → text
 * value): today, which events the salon is emailed about. A missing row means
 * the default (on). Every change is written with its audit entry in one
 * transaction.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { NOTIFY_KINDS, type NotifyKind } from "~/domain/salon-notify.ts";
import { nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";

export type NotifySettings = Record<NotifyKind, boolean>;

/** salon_settings keys: notify.sale, notify.withdrawal, notify.refund ("1" on, "0" off). */
const notifyKey = (kind: NotifyKind) => `notify.${kind}`;

const DEFAULT_NOTIFY_SETTINGS: NotifySettings = { sale: true, withdrawal: true, refund: true };

const fromText = (value: string | undefined, fallback: boolean) =>
  value === "1" ? true : value === "0" ? false : fallback;

/** The three switches, defaults filled in. */
export async function getNotifySettings(db: Db): Promise<NotifySettings> {
  const rows = await db
    .selectFrom("salon_settings")
    .select(["key", "value"])
    .where("key", "in", NOTIFY_KINDS.map(notifyKey))
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    NOTIFY_KINDS.map((kind) => [kind, fromText(byKey.get(notifyKey(kind)), DEFAULT_NOTIFY_SETTINGS[kind])]),
  ) as NotifySettings;
}

/** One switch; pass the transaction that will enqueue the email. */
export async function isNotifyOn(db: Db, kind: NotifyKind): Promise<boolean> {
  const row = await db
    .selectFrom("salon_settings")
    .select("value")
    .where("key", "=", notifyKey(kind))
    .executeTakeFirst();
  return fromText(row?.value, DEFAULT_NOTIFY_SETTINGS[kind]);
}

/**
 * Stores the switches that changed, with one audit entry (`salon-settings.update`)
 * holding the values before and after. Returns the kinds that changed (none: no write).
 */
export async function saveNotifySettings(db: Db, actor: AuditActor, next: NotifySettings): Promise<NotifyKind[]> {
  return inTransaction(db, async (trx) => {
    const before = await getNotifySettings(trx);
    const changed = NOTIFY_KINDS.filter((kind) => before[kind] !== next[kind]);
    if (changed.length === 0) return [];
    const updatedAt = nowIso();
    for (const kind of changed) {
      const value = next[kind] ? "1" : "0";
      await trx
        .insertInto("salon_settings")
        .values({ key: notifyKey(kind), value, updated_at: updatedAt })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: updatedAt }))
        .execute();
    }
    await recordAudit(trx, actor, {
      action: "salon-settings.update",
      entityType: "salon_settings",
      entityId: "notify",
      before: Object.fromEntries(changed.map((k) => [notifyKey(k), before[k]])),
      after: Object.fromEntries(changed.map((k) => [notifyKey(k), next[k]])),
    });
    return changed;
  });
}
