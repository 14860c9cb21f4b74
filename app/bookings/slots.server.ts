/**
 * The five-minute slots appointments occupy (`appointment_slots`, primary key
 * professional_id + slot): taking them is what the database refuses twice.
 */
import type { ExpressionBuilder } from "kysely";
import type { Db } from "~/db/db.server.ts";
import type { Database } from "~/db/schema.ts";
import { KEPT_STATUSES } from "~/domain/appointment-status.ts";
import { isUniqueViolation } from "~/db/errors.server.ts";
import { slotsBetween } from "~/domain/salon-time.ts";

/** Another appointment holds one of the slots; the transaction must roll back. */
export class SlotTaken extends Error {}

/** Lapsed holds give their slots back (call inside a booking transaction, before taking slots). */
export async function expireHolds(trx: Db, nowIso: string): Promise<number> {
  const lapsed = await trx
    .updateTable("appointments")
    .set({ status: "expired", updated_at: nowIso })
    .where("status", "=", "held")
    .where("hold_expires_at", "<=", nowIso)
    .returning("id")
    .execute();
  await giveSlotsBack(
    trx,
    lapsed.map((r) => r.id),
  );
  return lapsed.length;
}

async function giveSlotsBack(trx: Db, appointmentIds: readonly string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  await trx.deleteFrom("appointment_slots").where("appointment_id", "in", appointmentIds).execute();
}

/**
 * Confirms a held appointment in the caller's transaction: the guest's email
 * link or her deposit's payment. A hold that lapsed (its slots given back by
 * `expireHolds`) takes them again if nobody else took one meanwhile; false
 * when someone did (checked before inserting, so the caller's transaction can
 * go on; a booking committing at that very moment still makes it throw
 * SlotTaken, which rolls the transaction back).
 */
export async function confirmHold(
  trx: Db,
  a: { id: string; starts_at: string; blocks_until: string; professional_id: string },
  nowIso: string,
): Promise<boolean> {
  const confirmed = { status: "confirmed", hold_expires_at: null, confirmed_at: nowIso, updated_at: nowIso };
  const stillHeld = await trx
    .updateTable("appointments")
    .set(confirmed)
    .where("id", "=", a.id)
    .where("status", "=", "held")
    .returning("id")
    .execute();
  if (stillHeld.length > 0) return true;
  await expireHolds(trx, nowIso);
  const start = Date.parse(a.starts_at);
  const end = Date.parse(a.blocks_until);
  const clash = await trx
    .selectFrom("appointment_slots")
    .select("slot")
    .where("professional_id", "=", a.professional_id)
    .where("slot", "in", slotsBetween(start, end))
    .limit(1)
    .executeTakeFirst();
  if (clash) return false;
  await takeSlots(trx, a.professional_id, a.id, start, end);
  await trx.updateTable("appointments").set(confirmed).where("id", "=", a.id).execute();
  return true;
}

/** Takes the slots of [start, end) for the appointment, or throws SlotTaken. */
export async function takeSlots(trx: Db, professionalId: string, appointmentId: string, start: number, end: number) {
  const rows = slotsBetween(start, end).map((slot) => ({
    professional_id: professionalId,
    slot,
    appointment_id: appointmentId,
  }));
  try {
    await trx.insertInto("appointment_slots").values(rows).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new SlotTaken();
    throw err;
  }
}

/**
 * The appointments whose time is taken at `nowIso`: kept (`KEPT_STATUSES`,
 * app/domain/appointment-status.ts), or held with a hold that has not lapsed.
 * Availability, the diary and time-off warnings all ask this.
 */
export function takesTimeWhere(eb: ExpressionBuilder<Database, "appointments">, nowIso: string) {
  return eb.or([
    eb("appointments.status", "in", [...KEPT_STATUSES]),
    eb.and([
      eb("appointments.status", "=", "held"),
      eb.or([eb("appointments.hold_expires_at", "is", null), eb("appointments.hold_expires_at", ">", nowIso)]),
    ]),
  ]);
}

/**
 * The deposit order of a held appointment ended unpaid (failed, expired or
 * cancelled at the payment page): the appointment's hold ends with it and its
 * slots go back, in the order's transaction (`endPendingOrder` in
 * app/orders/orders.server.ts).
 */
export async function releaseDepositHold(trx: Db, appointmentId: string, nowIso: string): Promise<void> {
  const released = await trx
    .updateTable("appointments")
    .set({ status: "expired", hold_expires_at: null, updated_at: nowIso })
    .where("id", "=", appointmentId)
    .where("status", "=", "held")
    .returning("id")
    .execute();
  await giveSlotsBack(
    trx,
    released.map((r) => r.id),
  );
}
