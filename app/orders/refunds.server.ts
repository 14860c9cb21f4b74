/**
 * Refunds: the site decides to give money back inside a transaction (a
 * duplicate purchase at fulfilment; staff and withdrawals later), storing a
 * `refunds` row and an outbox job in that same transaction. The job
 * (payments/refund-job.server.ts) asks the provider with the refund's id as the
 * idempotency key, then `completeRefund` records the result and queues the
 * buyer's email. Redelivering or retrying never refunds twice.
 */
import { sql } from "kysely";
import { inTransaction, type Db } from "~/db/db.server.ts";
import type { RefundsTable } from "~/db/schema.ts";
import { enqueueJob } from "~/jobs/queue.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";
import { notifySalonOfRefund } from "~/staff/salon-notifications.server.ts";

export type RefundRow = RefundsTable;
/** Why the site gives money back (staff refunds and withdrawals will add theirs). */
export type RefundReason = "duplicate-purchase";

export const REFUND_JOB = "refund";
export const REFUND_NOTICE = "refund-notice";

export async function requestRefund(
  trx: Db,
  input: { orderId: string; amountCents: number; reason: RefundReason; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  const id = newId();
  await trx
    .insertInto("refunds")
    .values({
      id,
      order_id: input.orderId,
      amount_cents: input.amountCents,
      reason: input.reason,
      status: "pending",
      provider_refund_id: null,
      created_at: now.toISOString(),
      completed_at: null,
    })
    .execute();
  await enqueueJob(trx, { kind: REFUND_JOB, payload: { refundId: id }, dedupeKey: `${REFUND_JOB}:${id}`, now });
  // The salon's notice: a withdrawal or a refund by reason (if switched on at /gestion/avisos).
  await notifySalonOfRefund(trx, { refundId: id, reason: input.reason, now });
  return id;
}

export function getRefund(db: Db, refundId: string): Promise<RefundRow | undefined> {
  return db.selectFrom("refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
}

/**
 * The provider refused the refund for good (for example the payment cannot be
 * found or was already refunded): recorded as failed for a person to handle,
 * not retried.
 */
export async function failRefund(db: Db, refundId: string, now = new Date()): Promise<void> {
  await db
    .updateTable("refunds")
    .set({ status: "failed", completed_at: now.toISOString() })
    .where("id", "=", refundId)
    .where("status", "=", "pending")
    .execute();
}

export function listRefunds(db: Db, orderId: string): Promise<RefundRow[]> {
  return db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute();
}

/**
 * The provider confirmed the refund: record it once (a retried job finds it
 * already succeeded), add it to the order, mark the order refunded when nothing
 * is left, and queue the buyer's email.
 */
export async function completeRefund(
  db: Db,
  refundId: string,
  providerRefundId: string,
  now = new Date(),
): Promise<boolean> {
  const nowIso = now.toISOString();
  return inTransaction(db, async (trx) => {
    const done = await trx
      .updateTable("refunds")
      .set({ status: "succeeded", provider_refund_id: providerRefundId, completed_at: nowIso })
      .where("id", "=", refundId)
      .where("status", "=", "pending")
      .returning(["order_id", "amount_cents"])
      .execute();
    const refund = done[0];
    if (!refund) return false;
    // One statement: the amount given back, and "refunded" once nothing is left.
    await trx
      .updateTable("orders")
      .set((eb) => ({
        refunded_cents: eb("refunded_cents", "+", refund.amount_cents),
        status: sql<string>`case when status = 'paid' and refunded_cents + ${refund.amount_cents} >= total_cents then 'refunded' else status end`,
        updated_at: nowIso,
      }))
      .where("id", "=", refund.order_id)
      .execute();
    await enqueueEmail(trx, REFUND_NOTICE, { refundId }, { dedupeKey: `${REFUND_NOTICE}:${refundId}`, now });
    return true;
  });
}
