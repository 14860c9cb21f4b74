/**
 * The salon is told by email of each course sale, withdrawal and refund, of
 * each appointment a client books, and of each one she cancels (to the address
 * set in Gestión › Avisos, else SALON_NOTIFY_EMAIL). The email is an outbox job
 * enqueued in the transaction that makes the change: fulfilment when an order
 * is paid, `requestRefund` when a refund row is created (reason "withdrawal" →
 * withdrawal, anything else → refund), an online booking when it becomes
 * confirmed (at once, by her emailed link, or by paying its señal; never a hold
 * that lapses), a cancellation by the client herself (the staff's own
 * bookings and cancellations are not announced to them).
 *
 * The staff's switch (/gestion/avisos) is read here, when the job is enqueued,
 * inside that same transaction: turning a kind off stops the emails of every
 * later event, which is what the staff expect, and a job already queued (at most
 * seconds old) still goes out. The templates live in notification-emails.server.ts.
 */
import type { Db } from "~/db/db.server.ts";
import { refundNotifyKind, type NotifyKind } from "~/domain/salon-notify.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";
import { isNotifyOn } from "./settings.server.ts";

export const SALON_SALE = "salon-sale";
export const SALON_WITHDRAWAL = "salon-withdrawal";
export const SALON_REFUND = "salon-refund";
export const SALON_BOOKING = "salon-booking";
export const SALON_CANCELLATION = "salon-cancellation";
export const SALON_AEAT_REJECTED = "salon-aeat-rejected";

/** Template name of each kind of notice. */
const SALON_TEMPLATES: Record<NotifyKind, string> = {
  sale: SALON_SALE,
  withdrawal: SALON_WITHDRAWAL,
  refund: SALON_REFUND,
  booking: SALON_BOOKING,
  cancellation: SALON_CANCELLATION,
};

/** In the transaction that marked the order paid: one email per order (dedupe key), if the switch is on. */
export async function notifySalonOfSale(trx: Db, orderId: string, now?: Date): Promise<boolean> {
  if (!(await isNotifyOn(trx, "sale"))) return false;
  return enqueueEmail(trx, SALON_SALE, { orderId }, { dedupeKey: `${SALON_SALE}:${orderId}`, now });
}

/** In the transaction that created the refund row: one email per refund, if its kind's switch is on. */
export async function notifySalonOfRefund(
  trx: Db,
  refund: { refundId: string; reason: string; now?: Date },
): Promise<boolean> {
  const kind = refundNotifyKind(refund.reason);
  if (!(await isNotifyOn(trx, kind))) return false;
  const template = SALON_TEMPLATES[kind];
  return enqueueEmail(
    trx,
    template,
    { refundId: refund.refundId },
    { dedupeKey: `${template}:${refund.refundId}`, now: refund.now },
  );
}

/**
 * In the transaction that confirmed a client's online booking: one email per
 * appointment, if the switch is on. A held booking is announced when it is
 * confirmed, so the salon hears only of appointments that stand.
 */
export async function notifySalonOfBooking(trx: Db, appointmentId: string, now?: Date): Promise<boolean> {
  if (!(await isNotifyOn(trx, "booking"))) return false;
  return enqueueEmail(trx, SALON_BOOKING, { appointmentId }, { dedupeKey: `${SALON_BOOKING}:${appointmentId}`, now });
}

/** In the transaction where the client cancelled her confirmed appointment: one email, if the switch is on. */
export async function notifySalonOfCancellation(trx: Db, appointmentId: string, now?: Date): Promise<boolean> {
  if (!(await isNotifyOn(trx, "cancellation"))) return false;
  return enqueueEmail(
    trx,
    SALON_CANCELLATION,
    { appointmentId },
    { dedupeKey: `${SALON_CANCELLATION}:${appointmentId}`, now },
  );
}

/**
 * In the transaction where the VERI*FACTU sender stored an answer that
 * rejected some records: one email per answer (dedupe key: the submission),
 * listing them. No switch turns it off: a rejected record is an invoice the
 * AEAT has not registered, and someone has to correct it.
 */
export async function notifySalonOfRejectedRecords(
  trx: Db,
  rejection: { submissionId: string; positions: number[]; now?: Date },
): Promise<boolean> {
  if (rejection.positions.length === 0) return false;
  return enqueueEmail(
    trx,
    SALON_AEAT_REJECTED,
    { submissionId: rejection.submissionId, positions: rejection.positions.join(",") },
    { dedupeKey: `${SALON_AEAT_REJECTED}:${rejection.submissionId}`, now: rejection.now },
  );
}
