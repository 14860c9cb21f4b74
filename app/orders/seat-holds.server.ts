/**
 * Seats of dated editions (`course_editions.seats_taken` / `seats_held`, table
 * `seat_holds`). Starting a payment holds a seat until the payment session ends;
 * payment turns the hold into a taken seat; an expired, failed or cancelled
 * payment gives it back. Every check is a conditional UPDATE of the edition row
 * (`seats_taken + seats_held < seats`) inside the caller's transaction, so the
 * database decides across processes and instances.
 *
 * Expired holds are released lazily: by the expiry, failure or cancellation of
 * their order, and otherwise by the next transaction that needs a seat of that
 * edition (createOrder, a late payment). The catalogue counts only live holds,
 * so a dead one never shows an edition as full. No timer or sweep job is needed
 * for correctness, and one seat is never counted twice: a hold ends once
 * (`released_at is null and converted_at is null` in every UPDATE).
 *
 * Lock order: the holds of an edition, then the edition row, edition by
 * edition in id order (callers pass sorted ids).
 */
import { sql } from "kysely";
import type { Db } from "~/db/db.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { claimOffer, offerFreedSeats } from "~/waitlist/waitlist.server.ts";

/** A hold lasts as long as the payment session: Stripe's `expires_at` is the order's creation + 1 h. */
export const SEAT_HOLD_MS = 60 * 60 * 1000;

export function holdExpiresAt(orderCreatedAt: string): string {
  return new Date(Date.parse(orderCreatedAt) + SEAT_HOLD_MS).toISOString();
}

/** Gives one held seat back per released hold (never below zero). */
async function giveBackHeld(trx: Db, editionIds: string[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const id of editionIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const id of [...counts.keys()].sort()) {
    const n = counts.get(id)!;
    await trx
      .updateTable("course_editions")
      .set({ seats_held: sql<number>`case when seats_held > ${n} then seats_held - ${n} else 0 end` })
      .where("id", "=", id)
      .execute();
  }
}

/** Releases the holds of these editions whose payment session has ended without a payment. */
export async function releaseExpiredHolds(trx: Db, editionIds: readonly string[], nowIso: string): Promise<void> {
  if (editionIds.length === 0) return;
  const released = await trx
    .updateTable("seat_holds")
    .set({ released_at: nowIso })
    .where("edition_id", "in", [...editionIds])
    .where("released_at", "is", null)
    .where("converted_at", "is", null)
    .where("expires_at", "is not", null)
    .where("expires_at", "<=", nowIso)
    .returning("edition_id")
    .execute();
  await giveBackHeld(
    trx,
    released.map((r) => r.edition_id),
  );
  // Freed seats and lapsed waiting-list offers go to the waiting list first.
  await offerFreedSeats(trx, editionIds, nowIso);
}

/**
 * Holds one seat of a bookable edition (open, not started) for the order.
 * False when none is left: the caller refuses the checkout.
 */
export async function holdSeat(
  trx: Db,
  input: { orderId: string; editionId: string; today: string; nowIso: string; expiresAt: string; email?: string },
): Promise<boolean> {
  await releaseExpiredHolds(trx, [input.editionId], input.nowIso);
  // A seat offered to this buyer from the waiting list is already counted in seats_held: it becomes this hold.
  const offered = input.email ? await claimOffer(trx, input.editionId, input.email, input.nowIso) : false;
  const taken = offered
    ? [{ id: input.editionId }]
    : await trx
        .updateTable("course_editions")
        .set((eb) => ({ seats_held: eb("seats_held", "+", 1) }))
        .where("id", "=", input.editionId)
        .where("status", "=", "open")
        .where("starts_on", ">=", input.today)
        .where(sql<boolean>`seats_taken + seats_held < seats`)
        .returning("id")
        .execute();
  if (taken.length === 0) return false;
  await trx
    .insertInto("seat_holds")
    .values({
      id: newId(),
      order_id: input.orderId,
      edition_id: input.editionId,
      created_at: input.nowIso,
      expires_at: input.expiresAt,
      released_at: null,
      converted_at: null,
    })
    .execute();
  return true;
}

/** The order will not be paid (expired, failed, cancelled, superseded): its seats go back. */
export async function releaseOrderHolds(
  trx: Db,
  orderId: string,
  nowIso: string,
  editionIds?: readonly string[],
): Promise<void> {
  if (editionIds && editionIds.length === 0) return;
  let query = trx
    .updateTable("seat_holds")
    .set({ released_at: nowIso })
    .where("order_id", "=", orderId)
    .where("released_at", "is", null)
    .where("converted_at", "is", null);
  if (editionIds) query = query.where("edition_id", "in", [...editionIds]);
  const released = await query.returning("edition_id").execute();
  await giveBackHeld(
    trx,
    released.map((r) => r.edition_id),
  );
  await offerFreedSeats(
    trx,
    released.map((r) => r.edition_id),
    nowIso,
  );
}

/**
 * The hosted page was completed but the money settles later (Klarna, SEPA…):
 * the hold no longer expires; the payment's success or failure ends it.
 */
export async function keepOrderHolds(trx: Db, orderId: string): Promise<void> {
  await trx
    .updateTable("seat_holds")
    .set({ expires_at: null })
    .where("order_id", "=", orderId)
    .where("released_at", "is", null)
    .where("converted_at", "is", null)
    .execute();
}

/**
 * The seat of one paid line: the order's own hold becomes a taken seat; without
 * one (it expired, or the order is from before holds) a free seat is taken if
 * any. False when the edition was cancelled or is full: the caller refunds.
 */
export async function seatPaidLine(
  trx: Db,
  input: { orderId: string; editionId: string; nowIso: string },
): Promise<boolean> {
  const { orderId, editionId, nowIso } = input;
  const edition = await trx
    .selectFrom("course_editions")
    .select("status")
    .where("id", "=", editionId)
    .executeTakeFirst();
  if (!edition || edition.status === "cancelled") {
    await releaseOrderHolds(trx, orderId, nowIso, [editionId]);
    return false;
  }
  const converted = await trx
    .updateTable("seat_holds")
    .set({ converted_at: nowIso })
    .where("order_id", "=", orderId)
    .where("edition_id", "=", editionId)
    .where("released_at", "is", null)
    .where("converted_at", "is", null)
    .returning("id")
    .execute();
  if (converted.length > 0) {
    await trx
      .updateTable("course_editions")
      .set((eb) => ({
        seats_taken: eb("seats_taken", "+", 1),
        seats_held: sql<number>`case when seats_held > 0 then seats_held - 1 else 0 end`,
      }))
      .where("id", "=", editionId)
      .execute();
    return true;
  }
  await releaseExpiredHolds(trx, [editionId], nowIso);
  const taken = await trx
    .updateTable("course_editions")
    .set((eb) => ({ seats_taken: eb("seats_taken", "+", 1) }))
    .where("id", "=", editionId)
    .where("status", "<>", "cancelled")
    .where(sql<boolean>`seats_taken + seats_held < seats`)
    .returning("id")
    .execute();
  return taken.length > 0;
}

/**
 * When the next live hold lapses (ISO), or null: the public pages count live
 * holds, so a page cached now is stale from that moment although nothing is written.
 */
export async function nextHoldExpiry(db: Db, nowIso: string): Promise<string | null> {
  const row = await db
    .selectFrom("seat_holds")
    .select((eb) => eb.fn.min("expires_at").as("next"))
    .where("released_at", "is", null)
    .where("converted_at", "is", null)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
  return row?.next ?? null;
}
