/**
 * Queuing billing records for the AEAT: a record written while
 * VERIFACTU_MODE is on gets a `pending` status row and, in the same
 * transaction, the outbox job `verifactu:send` (one waiting job at most: a
 * burst of sales makes one request).
 */
import type { Db } from "~/db/db.server.ts";
import { enqueueJob } from "~/jobs/queue.server.ts";
import { newId } from "~/lib/ids.server.ts";

export const VERIFACTU_SEND = "verifactu:send";

/**
 * Queues the job unless one is already waiting (pending and not being run).
 * Inside an issuer's transaction the chain head's lock makes the check and the
 * insert one step; elsewhere a second waiting job is harmless (it finds
 * nothing to do, or waits its turn).
 */
export async function queueSendJob(db: Db, runAfter: Date, now = new Date()): Promise<void> {
  const waiting = await db
    .selectFrom("jobs")
    .select("id")
    .where("kind", "=", VERIFACTU_SEND)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now.toISOString())]))
    .limit(1)
    .executeTakeFirst();
  if (waiting) return;
  await enqueueJob(db, { kind: VERIFACTU_SEND, payload: {}, dedupeKey: `${VERIFACTU_SEND}:${newId()}`, runAfter, now });
}

/** The record at `position` is for the AEAT: pending, and a send job waiting. Call it in the record's transaction. */
export async function queueRecordForAeat(trx: Db, position: number, now = new Date()): Promise<void> {
  await trx.insertInto("billing_record_status").values({ position, state: "pending", attempts: 0 }).execute();
  await queueSendJob(trx, now, now);
}
