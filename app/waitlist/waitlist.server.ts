/**
 * Waiting lists of full editions. When a seat frees (a hold released or
 * expired, a full refund, the staff raising the seats) `offerFreedSeats` runs in
 * the same transaction: the first waiting person gets the seat held for 24 h
 * (`course_editions.seats_held + 1`, the entry "offered") and an email. Their own
 * checkout turns that held seat into the order's seat hold (`claimOffer`, called
 * by holdSeat); nobody else can take it, because seats_held already counts it.
 *
 * Lapsed offers are ended both lazily (every offerFreedSeats call, e.g. any
 * checkout of the edition) and by an outbox job due at the offer's end
 * (WAITLIST_LAPSE), so the next person is asked on time without traffic.
 *
 * This module never imports seat-holds.server.ts (which calls it).
 */
import { sql } from "kysely";
import type { Db } from "~/db/db.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { enqueueJob } from "~/jobs/queue.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";

const WAITLIST_OFFER_MS = 24 * 60 * 60 * 1000;
export const WAITLIST_OFFER = "waitlist-offer";
export const WAITLIST_LAPSE = "waitlist-lapse";

const normaliseEmail = (email: string): string => email.trim().toLowerCase();


/** Ends the offers whose 24 h are over: their held seats go back (then offered to the next). */
async function lapseOffers(trx: Db, editionId: string, nowIso: string): Promise<void> {
  const lapsed = await trx
    .updateTable("waitlist_entries")
    .set({ status: "lapsed", offer_token_hash: null })
    .where("edition_id", "=", editionId)
    .where("status", "=", "offered")
    .where("offer_expires_at", "<=", nowIso)
    .returning("id")
    .execute();
  if (lapsed.length > 0) await giveBackOffered(trx, editionId, lapsed.length);
}

async function giveBackOffered(trx: Db, editionId: string, n: number): Promise<void> {
  await trx
    .updateTable("course_editions")
    .set({ seats_held: sql<number>`case when seats_held > ${n} then seats_held - ${n} else 0 end` })
    .where("id", "=", editionId)
    .execute();
}

/**
 * Holds one free seat of a bookable edition for this waiting entry and queues
 * its email and lapse job. False when no seat is free or it no longer waits.
 */
export async function offerSeat(trx: Db, entry: { id: string; edition_id: string }, nowIso: string): Promise<boolean> {
  const held = await trx
    .updateTable("course_editions")
    .set((eb) => ({ seats_held: eb("seats_held", "+", 1) }))
    .where("id", "=", entry.edition_id)
    .where("status", "in", ["open", "full"])
    .where("starts_on", ">=", madridDate(new Date(nowIso)))
    .where(sql<boolean>`seats_taken + seats_held < seats`)
    .returning("id")
    .execute();
  if (held.length === 0) return false;
  const expiresAt = new Date(Date.parse(nowIso) + WAITLIST_OFFER_MS).toISOString();
  const offered = await trx
    .updateTable("waitlist_entries")
    .set({ status: "offered", offered_at: nowIso, offer_expires_at: expiresAt })
    .where("id", "=", entry.id)
    .where("status", "=", "waiting")
    .returning("id")
    .execute();
  if (offered.length === 0) {
    await giveBackOffered(trx, entry.edition_id, 1);
    return false;
  }
  const now = new Date(nowIso);
  await enqueueEmail(trx, WAITLIST_OFFER, { entryId: entry.id }, { dedupeKey: `${WAITLIST_OFFER}:${entry.id}`, now });
  await enqueueJob(trx, {
    kind: WAITLIST_LAPSE,
    payload: { editionId: entry.edition_id },
    dedupeKey: `${WAITLIST_LAPSE}:${entry.id}`,
    runAfter: new Date(expiresAt),
    now,
  });
  return true;
}

/** Seats of these editions may have freed: lapsed offers end, then free seats go to the waiting list in order. */
export async function offerFreedSeats(trx: Db, editionIds: readonly string[], nowIso: string): Promise<void> {
  for (const editionId of [...new Set(editionIds)].sort()) {
    await lapseOffers(trx, editionId, nowIso);
    for (;;) {
      const next = await trx
        .selectFrom("waitlist_entries")
        .select(["id", "edition_id"])
        .where("edition_id", "=", editionId)
        .where("status", "=", "waiting")
        .orderBy("created_at")
        .orderBy("id")
        .executeTakeFirst();
      if (!next || !(await offerSeat(trx, next, nowIso))) break;
    }
  }
}

/**
 * The buyer's checkout for an edition: her live offer (matched by email) becomes
 * the order's hold. The seat stays counted in seats_held; the caller stores the
 * seat_holds row. False when she has no live offer.
 */
export async function claimOffer(trx: Db, editionId: string, email: string, nowIso: string): Promise<boolean> {
  const claimed = await trx
    .updateTable("waitlist_entries")
    .set({ status: "taken", offer_token_hash: null })
    .where("edition_id", "=", editionId)
    .where("email", "=", normaliseEmail(email))
    .where("status", "=", "offered")
    .where("offer_expires_at", ">", nowIso)
    .returning("id")
    .execute();
  return claimed.length > 0;
}

/** Ends an entry (staff removal): an offered seat goes back and on to the next person. */
export async function removeEntry(
  trx: Db,
  entryId: string,
  nowIso: string,
): Promise<{ edition_id: string; status: string } | null> {
  const before = await trx
    .selectFrom("waitlist_entries")
    .select(["edition_id", "status"])
    .where("id", "=", entryId)
    .executeTakeFirst();
  if (!before || (before.status !== "waiting" && before.status !== "offered")) return null;
  const removed = await trx
    .updateTable("waitlist_entries")
    .set({ status: "removed", offer_token_hash: null })
    .where("id", "=", entryId)
    .where("status", "=", before.status)
    .returning("id")
    .execute();
  if (removed.length === 0) return null;
  if (before.status === "offered") {
    await giveBackOffered(trx, before.edition_id, 1);
    await offerFreedSeats(trx, [before.edition_id], nowIso);
  }
  return before;
}

type JoinResult = "joined" | "already" | "not-full" | "unavailable";

/** Joins the list of a full, upcoming edition; joining twice changes nothing. */
export async function joinWaitlist(
  db: Db,
  input: { editionId: string; email: string; userId: string | null; nowIso: string },
): Promise<JoinResult> {
  const email = normaliseEmail(input.email);
  const edition = await db
    .selectFrom("course_editions")
    .innerJoin("courses", "courses.id", "course_editions.course_id")
    .select(["course_editions.status", "starts_on", "seats", "seats_taken", "seats_held", "courses.active"])
    .where("course_editions.id", "=", input.editionId)
    .executeTakeFirst();
  if (!edition || !edition.active || edition.starts_on < madridDate(new Date(input.nowIso))) return "unavailable";
  if (edition.status !== "open" && edition.status !== "full") return "unavailable";
  const existing = await db
    .selectFrom("waitlist_entries")
    .select("id")
    .where("edition_id", "=", input.editionId)
    .where("email", "=", email)
    .where("status", "in", ["waiting", "offered"])
    .executeTakeFirst();
  if (existing) return "already";
  if (edition.status === "open" && Number(edition.seats_taken) + Number(edition.seats_held) < edition.seats)
    return "not-full";
  const inserted = await db
    .insertInto("waitlist_entries")
    .values({
      id: newId(),
      edition_id: input.editionId,
      email,
      user_id: input.userId,
      created_at: input.nowIso,
      offered_at: null,
      offer_expires_at: null,
      offer_token_hash: null,
      status: "waiting",
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .execute();
  return inserted.length > 0 ? "joined" : "already";
}
