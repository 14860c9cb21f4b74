/**
 * Waiting lists of full editions. A new entry is `pending` until its address is
 * confirmed from the emailed link (confirmation.server.ts) or was already
 * proven (a signed-in account with that verified address); an unconfirmed
 * entry is never offered a seat and is dropped after 48 h.
 *
 * When a seat frees (a hold released or expired, a full refund, the staff
 * raising the seats or removing an offered entry, an entry being confirmed)
 * `offerFreedSeats` runs in the same transaction: the first confirmed person
 * waiting gets the seat held for the salon's hours (app/salon/settings.server.ts,
 * 12 h by default; `course_editions.seats_held + 1`, the entry "offered") and an
 * email.
 * Their own checkout turns that held seat into the order's seat hold
 * (`claimOffer`, called by holdSeat); nobody else can take it, because
 * seats_held already counts it.
 *
 * Lapsed offers are ended both lazily (every offerFreedSeats call, e.g. any
 * checkout of the edition) and by an outbox job due at the offer's end
 * (WAITLIST_LAPSE), so the next person is asked on time without traffic.
 *
 * This module never imports seat-holds.server.ts (which calls it).
 */
import { sql } from "kysely";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales.ts";
import {
  isLiveWaitlistEntry,
  WAITLIST_CONFIRM_HOURS,
  WAITLIST_LIVE_STATUSES,
  WAITLIST_MAX_ACTIVE_PER_EMAIL,
  type WaitlistJoinResult,
} from "~/domain/waitlist-messages.ts";
import { enqueueJob } from "~/jobs/queue.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";
import { getWaitlistOfferHours } from "~/salon/settings.server.ts";

export const WAITLIST_OFFER = "waitlist-offer";
export const WAITLIST_LAPSE = "waitlist-lapse";
/** The email with the link that confirms a new entry (its token is made when it is sent). */
export const WAITLIST_CONFIRM = "waitlist-confirm";
/** Due at an unconfirmed entry's deadline: drops it if still unconfirmed. */
export const WAITLIST_DROP_UNCONFIRMED = "waitlist-drop-unconfirmed";

/** An unconfirmed entry, and its links, last this long after it was made. */
export const CONFIRM_TTL_MS = WAITLIST_CONFIRM_HOURS * 60 * 60 * 1000;

/** How an address is stored and compared (and keyed in the join's limit per address). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Unconfirmed entries made at or before this instant have lapsed. */
export const unconfirmedCutoff = (nowIso: string): string =>
  new Date(Date.parse(nowIso) - CONFIRM_TTL_MS).toISOString();

/** Ends the offers whose hold is over: their held seats go back (then offered to the next). */
async function lapseOffers(trx: Db, editionId: string, nowIso: string): Promise<void> {
  const lapsed = await trx
    .updateTable("waitlist_entries")
    .set({ status: "lapsed" })
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
  const hours = await getWaitlistOfferHours(trx);
  const expiresAt = new Date(Date.parse(nowIso) + hours * 60 * 60 * 1000).toISOString();
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

/**
 * Seats of these editions may have freed: lapsed offers end, then free seats go
 * to the confirmed people waiting, in the order they confirmed (unconfirmed
 * entries are `pending`, never `waiting`).
 */
export async function offerFreedSeats(trx: Db, editionIds: readonly string[], nowIso: string): Promise<void> {
  for (const editionId of [...new Set(editionIds)].sort()) {
    await lapseOffers(trx, editionId, nowIso);
    for (;;) {
      const next = await trx
        .selectFrom("waitlist_entries")
        .select(["id", "edition_id"])
        .where("edition_id", "=", editionId)
        .where("status", "=", "waiting")
        .orderBy("confirmed_at")
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
    .set({ status: "taken" })
    .where("edition_id", "=", editionId)
    .where("email", "=", normaliseEmail(email))
    .where("status", "=", "offered")
    .where("offer_expires_at", ">", nowIso)
    .returning("id")
    .execute();
  return claimed.length > 0;
}

/** Ends an entry (staff removal), confirmed or not: an offered seat goes back and on to the next person. */
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
  if (!before || !isLiveWaitlistEntry(before.status)) return null;
  const removed = await trx
    .updateTable("waitlist_entries")
    .set({ status: "removed" })
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

/**
 * Confirms a pending entry that has not lapsed: it joins the queue now (a free
 * seat may be offered to it at once); leaving `pending` spends all its links.
 * False when it is not pending any more, or lapsed.
 */
export async function confirmEntry(trx: Db, entryId: string, nowIso: string): Promise<boolean> {
  const confirmed = await trx
    .updateTable("waitlist_entries")
    .set({ status: "waiting", confirmed_at: nowIso })
    .where("id", "=", entryId)
    .where("status", "=", "pending")
    .where("created_at", ">", unconfirmedCutoff(nowIso))
    .returning("edition_id")
    .executeTakeFirst();
  if (!confirmed) return false;
  await offerFreedSeats(trx, [confirmed.edition_id], nowIso);
  return true;
}

/** Drops unconfirmed entries past their 48 h (their links go with them): of one address, or one entry. */
export async function dropLapsedUnconfirmed(
  db: Db,
  which: { email: string } | { entryId: string },
  nowIso: string,
): Promise<number> {
  let query = db
    .deleteFrom("waitlist_entries")
    .where("status", "=", "pending")
    .where("created_at", "<=", unconfirmedCutoff(nowIso));
  query = "email" in which ? query.where("email", "=", which.email) : query.where("id", "=", which.entryId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Queues the confirmation email of a pending entry (its link is made when it is sent). */
function enqueueConfirmation(trx: Db, entryId: string, now: Date, first: boolean): Promise<boolean> {
  // The first one is deduplicated with the entry; a resend (asked again, capped per address) is a new email.
  return enqueueEmail(
    trx,
    WAITLIST_CONFIRM,
    { entryId },
    { dedupeKey: first ? `${WAITLIST_CONFIRM}:${entryId}` : undefined, now },
  );
}

/**
 * What a join may cost, asked before it is spent: a new entry (limited per
 * network) and a confirmation email (limited per address). False refuses the
 * join ("limited"); the caller knows which limit said no.
 */
export interface JoinGate {
  newEntry(): Promise<boolean>;
  confirmationEmail(): Promise<boolean>;
}

export type JoinOutcome = WaitlistJoinResult | "too-many" | "limited";

/**
 * Joins the list of a full, upcoming edition. Unless the address is already
 * proven (`confirmed`: a signed-in account with that verified address), the new
 * entry is `pending` and a confirmation email is queued with it; asking again
 * while pending sends the link again. Joining twice changes nothing else; an
 * address may have at most WAITLIST_MAX_ACTIVE_PER_EMAIL live entries.
 */
export async function joinWaitlist(
  db: Db,
  input: {
    editionId: string;
    email: string;
    userId: string | null;
    nowIso: string;
    confirmed?: boolean;
    gate?: JoinGate;
    /** The language of the page she joined on (its emails'); Spanish when not given. */
    locale?: Locale;
  },
): Promise<JoinOutcome> {
  const email = normaliseEmail(input.email);
  const confirmed = input.confirmed === true;
  const now = new Date(input.nowIso);
  const edition = await db
    .selectFrom("course_editions")
    .innerJoin("courses", "courses.id", "course_editions.course_id")
    .select(["course_editions.status", "starts_on", "seats", "seats_taken", "seats_held", "courses.active"])
    .where("course_editions.id", "=", input.editionId)
    .executeTakeFirst();
  if (!edition || !edition.active || edition.starts_on < madridDate(now)) return "unavailable";
  if (edition.status !== "open" && edition.status !== "full") return "unavailable";
  await dropLapsedUnconfirmed(db, { email }, input.nowIso);
  // The address's live entries (a handful at most): the one of this edition, and how many there are.
  const live = await db
    .selectFrom("waitlist_entries")
    .select(["id", "edition_id", "status"])
    .where("email", "=", email)
    .where("status", "in", WAITLIST_LIVE_STATUSES)
    .execute();
  const existing = live.find((entry) => entry.edition_id === input.editionId);
  if (existing) {
    if (existing.status !== "pending") return "already";
    if (confirmed) {
      return (await inTransaction(db, (trx) => confirmEntry(trx, existing.id, input.nowIso))) ? "joined" : "already";
    }
    if (input.gate && !(await input.gate.confirmationEmail())) return "limited";
    await enqueueConfirmation(db, existing.id, now, false);
    return "pending";
  }
  if (edition.status === "open" && Number(edition.seats_taken) + Number(edition.seats_held) < edition.seats)
    return "not-full";
  if (live.length >= WAITLIST_MAX_ACTIVE_PER_EMAIL) return "too-many";
  if (input.gate) {
    if (!(await input.gate.newEntry())) return "limited";
    if (!confirmed && !(await input.gate.confirmationEmail())) return "limited";
  }
  return inTransaction(db, async (trx) => {
    const id = newId();
    const inserted = await trx
      .insertInto("waitlist_entries")
      .values({
        id,
        edition_id: input.editionId,
        email,
        user_id: input.userId,
        created_at: input.nowIso,
        confirmed_at: confirmed ? input.nowIso : null,
        offered_at: null,
        offer_expires_at: null,
        status: confirmed ? "waiting" : "pending",
        locale: input.locale ?? DEFAULT_LOCALE,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .execute();
    if (inserted.length === 0) return "already";
    if (confirmed) return "joined";
    await enqueueConfirmation(trx, id, now, true);
    await enqueueJob(trx, {
      kind: WAITLIST_DROP_UNCONFIRMED,
      payload: { entryId: id },
      dedupeKey: `${WAITLIST_DROP_UNCONFIRMED}:${id}`,
      runAfter: new Date(now.getTime() + CONFIRM_TTL_MS),
      now,
    });
    return "pending";
  });
}

/**
 * One entry with its course and edition, as the waiting list's emails read it
 * when the worker sends them (each decides from `status` whether it still applies).
 */
export function entryForEmail(db: Db, entryId: string) {
  return db
    .selectFrom("waitlist_entries")
    .innerJoin("course_editions", "course_editions.id", "waitlist_entries.edition_id")
    .innerJoin("courses", "courses.id", "course_editions.course_id")
    .select([
      "waitlist_entries.id",
      "waitlist_entries.email",
      "waitlist_entries.status",
      "waitlist_entries.created_at",
      "waitlist_entries.offer_expires_at",
      // The language of the page she joined on, for the emails' language (issue 34).
      "waitlist_entries.locale",
      "course_editions.starts_on",
      "courses.id as course_id",
      "courses.title",
      "courses.title_ca",
    ])
    .where("waitlist_entries.id", "=", entryId)
    .executeTakeFirst();
}

/** The course's title in the entry's language: its Catalan title when written, else the Spanish one. */
export const entryTitle = (row: { title: string; title_ca: string | null; locale: Locale }): string =>
  (row.locale === "ca" && row.title_ca?.trim()) || row.title;

/**
 * «Title», convocatoria del 4 de enero de 2027 («Títol», convocatòria del 4 de gener
 * de 2027): how the emails name what the entry waits for, in the entry's language.
 */
export const entryWhat = (row: { title: string; title_ca: string | null; starts_on: string; locale: Locale }): string =>
  serverTranslator(row.locale)("email.waitlist.what", {
    title: entryTitle(row),
    date: formatLongDate(row.starts_on, row.locale),
  });
