/**
 * Refunds: the site decides to give money back inside a transaction (a
 * duplicate purchase at fulfilment; staff and withdrawals later), storing a
 * `refunds` row and an outbox job in that same transaction. The job
 * (payments/refund-job.server.ts) asks the provider with the refund's id as the
 * idempotency key, then `completeRefund` records the result and queues the
 * buyer's email. Redelivering or retrying never refunds twice.
 */
import type { Db } from "~/db/db.server.ts";
import type { RefundsTable } from "~/db/schema.ts";
import { enqueueJob } from "~/jobs/queue.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";

export type RefundRow = RefundsTable;
export type RefundReason = "duplicate-purchase" | "staff" | "withdrawal" | "provider";

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
  return id;
}

export function getRefund(db: Db, refundId: string): Promise<RefundRow | undefined> {
  return db.selectFrom("refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
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
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("refunds")
      .set({ status: "succeeded", provider_refund_id: providerRefundId, completed_at: nowIso })
      .where("id", "=", refundId)
      .where("status", "=", "pending")
      .returning(["order_id", "amount_cents"])
      .execute();
    const refund = done[0];
    if (!refund) return false;
    await trx
      .updateTable("orders")
      .set((eb) => ({ refunded_cents: eb("refunded_cents", "+", refund.amount_cents), updated_at: nowIso }))
      .where("id", "=", refund.order_id)
      .execute();
    await trx
      .updateTable("orders")
      .set({ status: "refunded", updated_at: nowIso })
      .where("id", "=", refund.order_id)
      .where("status", "=", "paid")
      .where((eb) => eb("refunded_cents", ">=", eb.ref("total_cents")))
      .execute();
    await enqueueEmail(trx, REFUND_NOTICE, { refundId }, { dedupeKey: `${REFUND_NOTICE}:${refundId}`, now });
    return true;
  });
}
