/**
 * State changes driven by the payment provider (webhooks, the demo page, the
 * success page's session check). Each runs in ONE transaction that first
 * stores the provider event id under a unique key, so the same event delivered
 * twice — or concurrently on two instances — changes nothing the second time.
 *
 * Ordering rules (Stripe delivers late and out of order):
 * - Money received wins: "paid" applies to pending, failed and cancelled
 *   orders (e.g. `completed` arriving after `expired`), never to refunded ones.
 * - A paid order is never downgraded by a late failure or expiry event; only a
 *   refund (outside this flow) changes it.
 * - failed / expired only move a pending order.
 * - A course the buyer already has (an active enrolment) is not enrolled twice:
 *   that line is refunded automatically (refunds.server.ts).
 * - A paid line takes the seat its checkout held (seat-holds.server.ts), or a
 *   free one if the hold had ended. With no seat left (the hold expired and the
 *   edition filled, or the edition was cancelled) that line is not enrolled: it
 *   is refunded automatically (reason "no-seat") and the buyer is told by email.
 * - failed, expired and cancelled orders give their held seats back; an async
 *   payment still settling keeps them.
 * - The order's invoice is issued in the same transaction, last (issue 13;
 *   app/invoices/issue.server.ts), when the caller passes the invoicing config
 *   and the seller data is complete.
 * - A deposit order (an appointment's señal, app/bookings/deposits.server.ts)
 *   confirms its appointment instead of enrolling; its invoice is emailed.
 * Side effects (the confirmation email, the refund) are outbox jobs written in
 * the same transaction; the job worker runs them after commit.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { accessUntil } from "~/domain/access-window.ts";
import { settleDepositPayment } from "~/bookings/deposits.server.ts";
import { enqueueInvoiceEmails } from "~/invoices/invoice-email.server.ts";
import { issueOrderInvoice, type InvoicingConfig } from "~/invoices/issue.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";
import { notifySalonOfSale } from "~/staff/salon-notifications.server.ts";
import { ORDER_CONFIRMATION, orderConfirmationKey } from "./confirmation-email.server.ts";
import { requestRefund } from "./refunds.server.ts";
import { enqueueCourseReminders } from "./reminders.server.ts";
import { SEAT_UNAVAILABLE, seatUnavailableKey } from "./seat-email.server.ts";
import { endPendingOrder } from "./orders.server.ts";
import { keepOrderHolds, releaseOrderHolds, seatPaidLine } from "./seat-holds.server.ts";

export interface ProviderEventInput {
  /** Provider event id, or a synthetic one ("retrieve:<session>", "demo:<order>:paid"). */
  eventId: string;
  type: string;
  orderId: string | null;
  sessionId?: string | null;
  amountTotalCents?: number | null;
  currency?: string | null;
  now?: Date;
}

export type FulfilOutcome =
  "paid" | "already-paid" | "duplicate-event" | "unknown-order" | "amount-mismatch" | "refunded";

export type TransitionOutcome = "applied" | "ignored" | "duplicate-event" | "unknown-order";

/** Stores the event id; false when it was already stored (a redelivery). Also used by provider-refunds.server.ts. */
export async function claimEvent(trx: Db, input: ProviderEventInput, nowIso: string): Promise<boolean> {
  const rows = await trx
    .insertInto("payment_events")
    .values({ provider_event_id: input.eventId, type: input.type, order_id: input.orderId, received_at: nowIso })
    .onConflict((oc) => oc.column("provider_event_id").doNothing())
    .returning("provider_event_id")
    .execute();
  return rows.length > 0;
}

async function findOrder(trx: Db, input: ProviderEventInput) {
  if (input.orderId) {
    const byId = await trx.selectFrom("orders").selectAll().where("id", "=", input.orderId).executeTakeFirst();
    if (byId) return byId;
  }
  if (input.sessionId) {
    return trx.selectFrom("orders").selectAll().where("provider_session_id", "=", input.sessionId).executeTakeFirst();
  }
  return undefined;
}

/**
 * Marks the order paid and enrols the buyer in every course of it, with the
 * event, the confirmation email job and any refund stored in the same
 * transaction. Idempotent.
 */
export async function fulfilOrder(
  db: Db,
  input: ProviderEventInput,
  invoicing?: InvoicingConfig,
): Promise<{ outcome: FulfilOutcome; orderId: string | null }> {
  const now = input.now ?? new Date();
  const nowIso = now.toISOString();
  return inTransaction(db, async (trx) => {
    if (!(await claimEvent(trx, input, nowIso))) return { outcome: "duplicate-event", orderId: input.orderId };
    const order = await findOrder(trx, input);
    if (!order) return { outcome: "unknown-order", orderId: input.orderId };
    // The session may be unknown locally if we crashed between creating it and saving its id.
    if (!order.provider_session_id && input.sessionId) {
      await trx
        .updateTable("orders")
        .set({ provider_session_id: input.sessionId })
        .where("id", "=", order.id)
        .where("provider_session_id", "is", null)
        .execute();
    }
    if (order.status === "paid") return { outcome: "already-paid", orderId: order.id };
    if (order.status === "refunded") return { outcome: "refunded", orderId: order.id };
    const amountOk =
      (input.amountTotalCents == null || input.amountTotalCents === order.total_cents) &&
      (input.currency == null || input.currency.toLowerCase() === order.currency);
    if (!amountOk) return { outcome: "amount-mismatch", orderId: order.id };

    // Conditional update: on PostgreSQL a concurrent fulfilment waits for our
    // row lock, then re-checks the condition and updates nothing.
    const updated = await trx
      .updateTable("orders")
      .set({ status: "paid", paid_at: nowIso, updated_at: nowIso, checkout_key: null })
      .where("id", "=", order.id)
      .where("status", "in", ["pending", "failed", "cancelled"])
      .returning("id")
      .execute();
    if (updated.length === 0) return { outcome: "already-paid", orderId: order.id };

    if (order.kind === "deposit") {
      // An appointment's señal: it confirms the appointment (or is refunded), and is invoiced like any sale.
      await settleDepositPayment(trx, order, now);
      if (invoicing) {
        const invoiceId = await issueOrderInvoice(trx, order.id, invoicing, now);
        if (invoiceId) await enqueueInvoiceEmails(trx, [invoiceId], now);
      }
      return { outcome: "paid", orderId: order.id };
    }

    // A fixed order (course id) for the rows every fulfilment touches: two orders
    // with the same courses lock enrolments and editions in the same sequence.
    const items = await trx
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", order.id)
      .orderBy("course_id")
      .execute();
    let enrolled = items;
    if (order.user_id) {
      const userId = order.user_id;
      // Access that has run out does not stop buying the course again: that
      // enrolment stops counting before the new one is made.
      await trx
        .updateTable("enrollments")
        .set({ ended_at: nowIso, end_reason: "expired" })
        .where("user_id", "=", userId)
        .where(
          "course_id",
          "in",
          items.map((i) => i.course_id),
        )
        .where("ended_at", "is", null)
        .where("access_until", "<=", nowIso)
        .execute();
      // The unique index on the active enrolment (0005) decides: a buyer who
      // already has a course (another paid order, even one committing right now
      // on another instance) gets no second enrolment and that line is refunded.
      const inserted = await trx
        .insertInto("enrollments")
        .values(
          items.map((item) => ({
            id: newId(),
            user_id: userId,
            course_id: item.course_id,
            order_id: order.id,
            edition_id: item.edition_id,
            enrolled_at: nowIso,
            access_until: accessUntil(
              nowIso,
              item.edition_starts_on ? { startsOn: item.edition_starts_on, endsOn: item.edition_ends_on } : null,
            ),
          })),
        )
        .onConflict((oc) => oc.columns(["user_id", "course_id"]).where("ended_at", "is", null).doNothing())
        .returning("course_id")
        .execute();
      const enrolledIds = new Set(inserted.map((r) => r.course_id));
      enrolled = items.filter((i) => enrolledIds.has(i.course_id));
    }
    const duplicates = items.filter((i) => !enrolled.includes(i));
    // A duplicate line needs no seat: its hold goes back.
    const freed = duplicates.map((i) => i.edition_id).filter((id): id is string => id !== null);
    if (freed.length > 0) await releaseOrderHolds(trx, order.id, nowIso, freed);
    // Each enrolled dated line takes its seat (edition id order); without one it is undone and refunded.
    const noSeat: typeof items = [];
    const dated = enrolled.filter((i) => i.edition_id !== null);
    for (const item of [...dated].sort((a, b) => a.edition_id!.localeCompare(b.edition_id!))) {
      if (await seatPaidLine(trx, { orderId: order.id, editionId: item.edition_id!, nowIso })) continue;
      noSeat.push(item);
    }
    if (noSeat.length > 0) {
      // Inserted a moment ago in this same transaction: nobody has seen these enrolments.
      await trx
        .deleteFrom("enrollments")
        .where("order_id", "=", order.id)
        .where(
          "course_id",
          "in",
          noSeat.map((i) => i.course_id),
        )
        .execute();
      await trx
        .updateTable("order_items")
        .set({ no_seat_at: nowIso })
        .where(
          "id",
          "in",
          noSeat.map((i) => i.id),
        )
        .execute();
      enrolled = enrolled.filter((i) => !noSeat.includes(i));
    }
    // "Recordatorios de mis cursos": one job per new enrolment with a dated edition.
    await enqueueCourseReminders(trx, order.id, now);
    if (duplicates.length > 0) {
      await requestRefund(trx, {
        orderId: order.id,
        amountCents: duplicates.reduce((sum, i) => sum + i.price_cents, 0),
        reason: "duplicate-purchase",
        itemIds: duplicates.map((i) => i.id),
        now,
      });
    }
    if (noSeat.length > 0) {
      await requestRefund(trx, {
        orderId: order.id,
        amountCents: noSeat.reduce((sum, i) => sum + i.price_cents, 0),
        reason: "no-seat",
        itemIds: noSeat.map((i) => i.id),
        now,
      });
      await enqueueEmail(
        trx,
        SEAT_UNAVAILABLE,
        { orderId: order.id },
        { dedupeKey: seatUnavailableKey(order.id), now },
      );
    }
    if (enrolled.length > 0) {
      await enqueueEmail(
        trx,
        ORDER_CONFIRMATION,
        { orderId: order.id },
        { dedupeKey: orderConfirmationKey(order.id), now },
      );
    }
    // The salon's sale notice (if switched on at /gestion/avisos), in this same transaction.
    await notifySalonOfSale(trx, order.id, now);
    // The invoice, last: issuing takes the chain's lock (app/invoices/chain.server.ts).
    if (invoicing) await issueOrderInvoice(trx, order.id, invoicing, now);
    return { outcome: "paid", orderId: order.id };
  });
}

/** Shared shape of the transitions that only move a pending order. */
async function transition(
  db: Db,
  input: ProviderEventInput,
  apply: (trx: Db, orderId: string, nowIso: string) => Promise<number>,
): Promise<{ outcome: TransitionOutcome; orderId: string | null }> {
  const nowIso = (input.now ?? new Date()).toISOString();
  return inTransaction(db, async (trx) => {
    if (!(await claimEvent(trx, input, nowIso))) return { outcome: "duplicate-event", orderId: input.orderId };
    const order = await findOrder(trx, input);
    if (!order) return { outcome: "unknown-order", orderId: input.orderId };
    const changed = await apply(trx, order.id, nowIso);
    return { outcome: changed > 0 ? "applied" : "ignored", orderId: order.id };
  });
}

/** checkout.session.async_payment_failed: pending → failed, its seats go back; a paid order stays paid. */
export function failOrder(db: Db, input: ProviderEventInput) {
  return transition(db, input, async (trx, id, nowIso) => {
    return (await endPendingOrder(trx, id, "failed", nowIso)) ? 1 : 0;
  });
}

/** checkout.session.expired: pending → cancelled (nothing was charged), its seats go back; a paid order stays paid. */
export function expireOrder(db: Db, input: ProviderEventInput) {
  return transition(db, input, async (trx, id, nowIso) => {
    return (await endPendingOrder(trx, id, "cancelled", nowIso)) ? 1 : 0;
  });
}

/** checkout.session.completed with the money still settling (async methods): stays pending, noted; its seats stay held. */
export function markOrderProcessing(db: Db, input: ProviderEventInput) {
  return transition(db, input, async (trx, id, nowIso) => {
    const res = await trx
      .updateTable("orders")
      .set({ checkout_completed_at: nowIso, updated_at: nowIso })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("checkout_completed_at", "is", null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0) await keepOrderHolds(trx, id);
    return Number(res.numUpdatedRows);
  });
}
