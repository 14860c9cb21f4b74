/**
 * Refunds: the site decides to give money back inside a transaction (a
 * duplicate purchase at fulfilment, a staff refund, a withdrawal), storing a
 * `refunds` row and an outbox job in that same transaction. The job
 * (payments/refund-job.server.ts) asks the provider with the refund's id as the
 * idempotency key, then `completeRefund` records the result and queues the
 * buyer's email. Redelivering or retrying never refunds twice.
 *
 * Every request locks the order's row first (a conditional UPDATE, a row lock
 * on PostgreSQL and the write lock on SQLite) and only then sums what is
 * refunded and pending, so two requests at the same moment never give back
 * more than the total. Refunds made in the provider's dashboard are recorded
 * here too (reason "provider", orders/provider-refunds.server.ts).
 *
 * When the whole total is back the order becomes "refunded" and, in that same
 * transaction, its active enrolments end (end_reason "refunded") and their
 * editions' seats are released.
 */
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { issueRefundInvoice } from "~/invoices/rectify.server.ts";
import { sql } from "kysely";
import { inTransaction, type Db } from "~/db/db.server.ts";
import type { RefundsTable } from "~/db/schema.ts";
import { enqueueJob } from "~/jobs/queue.server.ts";
import { orderKind } from "./kinds/index.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";
import { notifySalonOfRefund } from "~/salon/notifications.server.ts";
import { offerFreedSeats } from "~/waitlist/waitlist.server.ts";

export type RefundRow = RefundsTable;
/**
 * Why the site gives money back: a course the buyer already had (fulfilment),
 * the staff's three reasons (at the student's request, the edition was
 * cancelled, another reason noted in the audit log) and a withdrawal.
 */
export type RefundReason =
  | "duplicate-purchase"
  | "customer-request"
  | "edition-cancelled"
  | "staff"
  | "withdrawal"
  /** Paid after its seat was gone (the hold expired and the edition filled, or it was cancelled): fulfilment. */
  | "no-seat"
  /** A deposit given back: the appointment was cancelled in time, or by the salon (app/bookings/deposits.server.ts). */
  | "appointment-cancelled"
  /** A deposit paid after its appointment's time was gone (the hold lapsed and someone else booked it). */
  | "appointment-unavailable"
  /** Money given back at the salon's counter for a sale made there (app/counter/returns.server.ts). */
  | "counter-return";
/** Stored, never requested: a refund made in the provider's dashboard. */
export const PROVIDER_REFUND_REASON = "provider";

/** Why `requestRefund` refused; the transaction it threw in rolls back. */
/** `at-counter`: a sale charged at the salon's counter is given back there (its kind says so). */
export type RefundRefusal = "unknown-order" | "not-paid" | "amount" | "already-requested" | "at-counter";

export class RefundNotAllowedError extends Error {
  constructor(
    readonly code: RefundRefusal,
    /** What could still be refunded when it was refused (cents). */
    readonly availableCents = 0,
  ) {
    super(`Refund refused: ${code}`);
  }
}

export interface RefundableOrder {
  id: string;
  status: string;
  totalCents: number;
  refundedCents: number;
  /** Its kind of sale gives money back through the provider (false: at the counter). */
  refundsThroughProvider: boolean;
  /** Requested and not yet confirmed by the provider. */
  pendingCents: number;
  /** total − refunded − pending, never below 0. */
  availableCents: number;
}

/**
 * Locks the order's row for the rest of the transaction (a no-op UPDATE), then
 * reads what is left to refund. A concurrent request waits here, and then sees
 * this one's refund row. Undefined for an unknown order.
 */
export async function lockOrderForRefund(trx: Db, orderId: string): Promise<RefundableOrder | undefined> {
  const locked = await trx
    .updateTable("orders")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", orderId)
    .returning("id")
    .execute();
  return locked.length === 0 ? undefined : getRefundableOrder(trx, orderId);
}

/** What is left to refund of an order (the staff form's default); no lock. */
export async function getRefundableOrder(db: Db, orderId: string): Promise<RefundableOrder | undefined> {
  const order = await db
    .selectFrom("orders")
    .select(["id", "status", "total_cents", "refunded_cents", "kind"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const pending = await db
    .selectFrom("refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), eb.lit(0)).as("cents"))
    .where("order_id", "=", orderId)
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  const totalCents = Number(order.total_cents);
  const refundedCents = Number(order.refunded_cents);
  const pendingCents = Number(pending.cents);
  return {
    id: order.id,
    status: order.status,
    totalCents,
    refundedCents,
    refundsThroughProvider: orderKind(order.kind).refundsThroughProvider,
    pendingCents,
    availableCents: Math.max(0, totalCents - refundedCents - pendingCents),
  };
}

export const REFUND_JOB = "refund";
export const REFUND_NOTICE = "refund-notice";

/**
 * Asks for money back from a paid order, in the caller's transaction: the row,
 * the refund job and the salon's notice. Throws RefundNotAllowedError (roll
 * back) for an unknown or unpaid order, an amount that is not positive or
 * exceeds what is left (total − refunded − pending), or an `id` already used
 * (a form confirmed twice). Returns the refund's id.
 */
export async function requestRefund(
  trx: Db,
  input: {
    orderId: string;
    amountCents: number;
    reason: RefundReason;
    id?: string;
    now?: Date;
    /** The order lines the refund is for, when it is for whole lines: its rectificativa takes their VAT. */
    itemIds?: readonly string[];
  },
): Promise<string> {
  const now = input.now ?? new Date();
  const order = await lockOrderForRefund(trx, input.orderId);
  if (!order) throw new RefundNotAllowedError("unknown-order");
  if (!order.refundsThroughProvider) throw new RefundNotAllowedError("at-counter", order.availableCents);
  if (order.status !== "paid") throw new RefundNotAllowedError("not-paid", order.availableCents);
  if (input.id && (await getRefund(trx, input.id))) {
    throw new RefundNotAllowedError("already-requested", order.availableCents);
  }
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > order.availableCents) {
    throw new RefundNotAllowedError("amount", order.availableCents);
  }
  const id = input.id ?? newId();
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
      item_ids: input.itemIds?.length ? JSON.stringify(input.itemIds) : null,
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
  // Works inside a caller's transaction too (a refund.failed event).
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
export function completeRefund(
  db: Db,
  refundId: string,
  providerRefundId: string,
  now = new Date(),
  invoicing?: InvoicingConfig,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const settled = await settleRefund(trx, refundId, providerRefundId, now);
    // Its rectificativa, last in the transaction (issuing takes the chain's lock).
    if (settled && invoicing) await issueRefundInvoice(trx, refundId, invoicing, now);
    return settled;
  });
}

/** completeRefund inside the caller's transaction (a refund event from the provider). */
export async function settleRefund(trx: Db, refundId: string, providerRefundId: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
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
  const [order] = await trx
    .updateTable("orders")
    .set((eb) => ({
      refunded_cents: eb("refunded_cents", "+", refund.amount_cents),
      status: sql<string>`case when status = 'paid' and refunded_cents + ${refund.amount_cents} >= total_cents then 'refunded' else status end`,
      updated_at: nowIso,
    }))
    .where("id", "=", refund.order_id)
    .returning("status")
    .execute();
  if (order?.status === "refunded") await endOrderEnrolments(trx, refund.order_id, nowIso, { reason: "refunded" });
  await enqueueEmail(trx, REFUND_NOTICE, { refundId }, { dedupeKey: `${REFUND_NOTICE}:${refundId}`, now });
  return true;
}

/**
 * A fully refunded order gives no access: its active enrolments end and each
 * frees its seat (never below 0). A partial refund keeps them; a withdrawal
 * from some of its courses ends those (`courseIds`, reason "withdrawal"). Only
 * rows still active change, so running it again does nothing.
 */
export async function endOrderEnrolments(
  trx: Db,
  orderId: string,
  nowIso: string,
  scope: { reason: "refunded" | "withdrawal"; courseIds?: readonly string[] },
): Promise<void> {
  if (scope.courseIds?.length === 0) return;
  let query = trx
    .updateTable("enrollments")
    .set({ ended_at: nowIso, end_reason: scope.reason })
    .where("order_id", "=", orderId)
    .where("ended_at", "is", null);
  if (scope.courseIds) query = query.where("course_id", "in", scope.courseIds);
  const ended = await query.returning("edition_id").execute();
  const editionIds = ended.map((e) => e.edition_id).filter((id): id is string => id !== null);
  // Edition by edition in id order, the lock order of seat-holds.server.ts.
  for (const id of [...new Set(editionIds)].sort()) {
    await trx
      .updateTable("course_editions")
      .set({ seats_taken: sql<number>`case when seats_taken > 0 then seats_taken - 1 else 0 end` })
      .where("id", "=", id)
      .execute();
  }
  // The freed seats go to the editions' waiting lists first.
  await offerFreedSeats(trx, editionIds, nowIso);
}

/** Our refund row for a provider refund: by the provider's id, or by our id from its metadata. */
export function findProviderRefund(
  trx: Db,
  orderId: string,
  ref: { providerRefundId: string; refundId: string | null },
): Promise<RefundRow | undefined> {
  return trx
    .selectFrom("refunds")
    .selectAll()
    .where("order_id", "=", orderId)
    .where((eb) =>
      eb.or([
        eb("provider_refund_id", "=", ref.providerRefundId),
        ...(ref.refundId ? [eb("id", "=", ref.refundId)] : []),
      ]),
    )
    .executeTakeFirst();
}

/** The order a provider refund we already know belongs to (dashboard refund events carry no order). */
export async function orderOfProviderRefunds(db: Db, providerRefundIds: string[]): Promise<string | null> {
  if (providerRefundIds.length === 0) return null;
  const row = await db
    .selectFrom("refunds")
    .select("order_id")
    .where("provider_refund_id", "in", providerRefundIds)
    .executeTakeFirst();
  return row?.order_id ?? null;
}

/**
 * A refund made in the provider's dashboard, which the site did not ask for: a
 * row with reason "provider" (and the salon's notice), settled at once when the
 * provider says it succeeded, else left pending until its next event. The
 * caller holds the order's lock (lockOrderForRefund) and has checked that no row
 * has this provider id.
 */
export async function recordProviderRefund(
  trx: Db,
  input: { orderId: string; providerRefundId: string; amountCents: number; succeeded: boolean; now: Date },
): Promise<string> {
  const id = newId();
  await trx
    .insertInto("refunds")
    .values({
      id,
      order_id: input.orderId,
      amount_cents: input.amountCents,
      reason: PROVIDER_REFUND_REASON,
      status: "pending",
      provider_refund_id: input.providerRefundId,
      created_at: input.now.toISOString(),
      completed_at: null,
      item_ids: null,
    })
    .execute();
  await notifySalonOfRefund(trx, { refundId: id, reason: PROVIDER_REFUND_REASON, now: input.now });
  if (input.succeeded) await settleRefund(trx, id, input.providerRefundId, input.now);
  return id;
}
