/**
 * The settings the staff set for the salon (table salon_settings, key → text
 * value): which events the salon is emailed about (`notify.*`, on by default),
 * the address those notices go to (`notify.address`; none stored: the
 * configuration's SALON_NOTIFY_EMAIL) and how long a seat freed for the waiting list is held for the person it is
 * offered to (`waitlist.offerHours`, 12 h by default). A missing or unreadable
 * row means the default. Every change is written with its audit entry in one
 * transaction. (The `seller` and `booking` keys have their own homes:
 * app/invoices/seller.server.ts, app/bookings/booking-settings.server.ts.)
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { NOTIFY_KINDS, type NotifyKind } from "~/domain/salon-notify.ts";
import { parseOfferHours, WAITLIST_OFFER_HOURS } from "~/domain/waitlist-settings.ts";
import { nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";

/** The stored text of one key, or undefined. Pass the transaction that acts on it. */
async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("salon_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/** Stores these keys' values (inserted or replaced) in one statement, in the caller's transaction. */
async function writeSettings(trx: Db, values: Record<string, string>): Promise<void> {
  const updatedAt = nowIso();
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updated_at: updatedAt }));
  if (rows.length === 0) return;
  await trx
    .insertInto("salon_settings")
    .values(rows)
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })),
    )
    .execute();
}

export type NotifySettings = Record<NotifyKind, boolean>;

/** salon_settings keys: notify.sale, notify.withdrawal, notify.refund, notify.booking, notify.cancellation ("1" on, "0" off). */
const notifyKey = (kind: NotifyKind) => `notify.${kind}`;

const DEFAULT_NOTIFY_SETTINGS: NotifySettings = {
  sale: true,
  withdrawal: true,
  refund: true,
  booking: true,
  cancellation: true,
};

const fromText = (value: string | undefined, fallback: boolean) =>
  value === "1" ? true : value === "0" ? false : fallback;

/** Every switch, defaults filled in. */
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
  return fromText(await readSetting(db, notifyKey(kind)), DEFAULT_NOTIFY_SETTINGS[kind]);
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
    await writeSettings(trx, Object.fromEntries(changed.map((kind) => [notifyKey(kind), next[kind] ? "1" : "0"])));
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

const NOTIFY_ADDRESS_KEY = "notify.address";

/** The address the owner chose for the notices, or undefined (then the configuration's default applies). */
export async function getNotifyAddress(db: Db): Promise<string | undefined> {
  const value = (await readSetting(db, NOTIFY_ADDRESS_KEY))?.trim();
  return value ? value : undefined;
}

/**
 * Stores the notices' address (already validated: parseNotifyAddress; "" goes
 * back to the configuration's default) with one audit entry
 * (`salon-settings.update`, before and after). False, writing nothing, when it
 * did not change.
 */
export function saveNotifyAddress(db: Db, actor: AuditActor, address: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = (await getNotifyAddress(trx)) ?? "";
    if (before === address) return false;
    if (address === "") await trx.deleteFrom("salon_settings").where("key", "=", NOTIFY_ADDRESS_KEY).execute();
    else await writeSettings(trx, { [NOTIFY_ADDRESS_KEY]: address });
    await recordAudit(trx, actor, {
      action: "salon-settings.update",
      entityType: "salon_settings",
      entityId: NOTIFY_ADDRESS_KEY,
      before: { [NOTIFY_ADDRESS_KEY]: before || null },
      after: { [NOTIFY_ADDRESS_KEY]: address || null },
    });
    return true;
  });
}

const OFFER_HOURS_KEY = "waitlist.offerHours";

/** The hold of a new waiting-list offer, in hours; read by every offer inside its own transaction. */
export async function getWaitlistOfferHours(db: Db): Promise<number> {
  return parseOfferHours(await readSetting(db, OFFER_HOURS_KEY)) ?? WAITLIST_OFFER_HOURS.default;
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
    await writeSettings(trx, { [OFFER_HOURS_KEY]: String(hours) });
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
