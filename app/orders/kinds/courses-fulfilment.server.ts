/**
 * Paying for course places (the courses kind's fulfilment), in the paying
 * transaction:
 * - A course the buyer already has (an active enrolment) is not enrolled twice:
 *   that line is refunded automatically (refunds.server.ts).
 * - A paid line takes the seat its checkout held (seat-holds.server.ts), or a
 *   free one if the hold had ended. With no seat left (the hold expired and the
 *   edition filled, or the edition was cancelled) that line is not enrolled: it
 *   is refunded automatically (reason "no-seat") and the buyer is told by email.
 * - The confirmation email, the course reminders and the salon's sale notice
 *   are outbox jobs in the same transaction.
 */
import type { NotNull } from "kysely";
import type { Db } from "~/db/db.server.ts";
import { accessUntil } from "~/domain/access-window.ts";
import { newId } from "~/lib/ids.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";
import { notifySalonOfSale } from "~/salon/notifications.server.ts";
import { ORDER_CONFIRMATION, orderConfirmationKey } from "../confirmation-email.server.ts";
import type { OrderRow } from "../orders.server.ts";
import { requestRefund } from "../refunds.server.ts";
import { enqueueCourseReminders } from "../reminders.server.ts";
import { SEAT_UNAVAILABLE, seatUnavailableKey } from "../seat-email.server.ts";
import { releaseOrderHolds, seatPaidLine } from "../seat-holds.server.ts";
import type { OrderFulfilment } from "./order-kind.ts";

async function enrolPaidOrder(trx: Db, order: OrderRow, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  // A fixed order (course id) for the rows every fulfilment touches: two orders
  // with the same courses lock enrolments and editions in the same sequence.
  const items = await trx
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "=", order.id)
    .where("course_id", "is not", null)
    .$narrowType<{ course_id: NotNull }>()
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
    await enqueueEmail(trx, SEAT_UNAVAILABLE, { orderId: order.id }, { dedupeKey: seatUnavailableKey(order.id), now });
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
}

export const coursesFulfilment: OrderFulfilment = { fulfil: enrolPaidOrder };
