/**
 * Deposits (señal) for appointments (issue 15; the rules are in
 * app/domain/deposit.ts). A deposit is an order of kind "deposit" tied to one
 * appointment (0013), so it goes through everything a course purchase does:
 * the payment providers and their signed webhooks, idempotent events, the
 * refund job, the invoice and the rectificativa.
 *
 * - Booking a service with a deposit holds the appointment (`held`) for as
 *   long as the payment page lives, and creates its deposit order in the same
 *   transaction (`createDepositOrder`).
 * - The payment confirms it (`settleDepositPayment`, from fulfilment): a hold
 *   that lapsed takes its slots again if they are still free; if someone else
 *   booked them, or the appointment is gone, the deposit is refunded at once.
 * - A payment page that ends unpaid ends the hold (`releaseDepositHold`,
 *   slots.server.ts).
 * - Cancelling a confirmed appointment refunds its deposit in the same
 *   transaction (`refundDepositOnCancel`), unless the staff keep it.
 */
import type { Db } from "~/db/db.server.ts";
import { depositPagePath } from "~/domain/booking-request.ts";
import { depositLineTitle } from "~/domain/deposit.ts";
import type { Locale } from "~/i18n/locales.ts";
import { newId } from "~/lib/ids.server.ts";
import { depositKind } from "~/orders/kinds/deposit.server.ts";
import { attachSession } from "~/orders/orders.server.ts";
import { requestRefund } from "~/orders/refunds.server.ts";
import { SEAT_HOLD_MS } from "~/orders/seat-holds.server.ts";
import type { PaymentProvider } from "~/payments/provider.server.ts";
import { notifySalonOfBooking } from "~/salon/notifications.server.ts";
import { queueAppointmentEmails } from "./appointment-emails.server.ts";
import type { MenuService } from "./menu.server.ts";
import { confirmHold } from "./slots.server.ts";

/** An appointment waiting for its deposit is held as long as the payment page lives (a Stripe session: one hour). */
export const DEPOSIT_HOLD_MS = SEAT_HOLD_MS;

/** The pending deposit order of a new held appointment (caller's transaction). Returns its id. */
export async function createDepositOrder(
  trx: Db,
  input: {
    appointmentId: string;
    client: { userId: string | null; email: string };
    services: readonly Pick<MenuService, "id" | "name" | "depositCents">[];
    at: number;
    provider: string;
    now: Date;
    /** The booking page's language: the deposit's emails and documents follow it. */
    locale: Locale;
  },
): Promise<string> {
  const lines = input.services.filter((s) => s.depositCents && s.depositCents > 0);
  const id = newId();
  const nowIso = input.now.toISOString();
  await trx
    .insertInto("orders")
    .values({
      id,
      kind: depositKind.id,
      appointment_id: input.appointmentId,
      user_id: input.client.userId,
      email: input.client.email,
      status: "pending",
      total_cents: lines.reduce((sum, s) => sum + s.depositCents!, 0),
      currency: "eur",
      payment_method: "card",
      provider: input.provider,
      provider_session_id: null,
      withdrawal_waiver_at: null,
      created_at: nowIso,
      updated_at: nowIso,
      paid_at: null,
      checkout_key: null,
      checkout_completed_at: null,
      confirmation_sent_at: null,
      billing_name: null,
      billing_tax_id: null,
      billing_address: null,
      billing_postal_code: null,
      billing_city: null,
      locale: input.locale,
    })
    .execute();
  await trx
    .insertInto("order_items")
    .values(
      lines.map((s) => ({
        id: newId(),
        order_id: id,
        // The service the señal is for (order lines name what they sell: 0014).
        course_id: null,
        service_id: s.id,
        edition_id: null,
        title: depositLineTitle(s.name, input.at),
        price_cents: s.depositCents!,
        edition_starts_on: null,
        edition_ends_on: null,
      })),
    )
    .execute();
  return id;
}

async function depositOrder(db: Db, appointmentId: string) {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("appointment_id", "=", appointmentId)
    .where("kind", "=", depositKind.id)
    .executeTakeFirst();
}

/**
 * The payment page of a held appointment's deposit: the same page on every
 * call (the provider's session is idempotent per order). Null when there is
 * nothing to pay: no deposit, already paid, or the hold has ended.
 */
export async function startDepositCheckout(
  deps: { db: Db; payments: PaymentProvider },
  appointmentId: string,
  now = new Date(),
): Promise<{ url: string; orderId: string } | null> {
  const order = await depositOrder(deps.db, appointmentId);
  if (!order || order.status !== "pending" || order.provider !== deps.payments.name) return null;
  const appointment = await deps.db
    .selectFrom("appointments")
    .select(["status", "hold_expires_at"])
    .where("id", "=", appointmentId)
    .executeTakeFirst();
  if (appointment?.status !== "held" || !appointment.hold_expires_at) return null;
  if (Date.parse(appointment.hold_expires_at) <= now.getTime()) return null;
  const items = await deps.db
    .selectFrom("order_items")
    .select(["title", "price_cents"])
    .where("order_id", "=", order.id)
    .orderBy("service_id")
    .execute();
  const session = await deps.payments.createCheckout({
    id: order.id,
    createdAt: order.created_at,
    email: order.email ?? "",
    method: "card",
    currency: "eur",
    totalCents: order.total_cents,
    lines: items.map((i) => ({ courseId: null, title: i.title, priceCents: i.price_cents })),
    cancelPath: depositPagePath(appointmentId),
  });
  await attachSession(deps.db, order.id, session.sessionId);
  return { url: session.url, orderId: order.id };
}

/**
 * The deposit was paid (fulfilment's transaction, after the order was marked
 * paid): the appointment is confirmed, or the deposit refunded when its time
 * is no longer the client's.
 */
export async function settleDepositPayment(
  trx: Db,
  order: { id: string; appointment_id: string | null; total_cents: number; refunded_cents: number },
  now: Date,
): Promise<"confirmed" | "refunded"> {
  const appointment = order.appointment_id
    ? await trx
        .selectFrom("appointments")
        .select(["id", "status", "starts_at", "blocks_until", "professional_id", "source"])
        .where("id", "=", order.appointment_id)
        .executeTakeFirst()
    : undefined;
  if (appointment?.status === "confirmed" || appointment?.status === "attended") return "confirmed";
  // Held, or a hold that lapsed while she paid (her time is hers again only if nobody took it);
  // not one cancelled by the staff meanwhile, nor one whose time has passed.
  const confirmable =
    !!appointment &&
    (appointment.status === "held" || appointment.status === "expired") &&
    Date.parse(appointment.starts_at) > now.getTime();
  if (!confirmable || !(await confirmHold(trx, appointment, now.toISOString()))) {
    await refundWholeDeposit(trx, order, "appointment-unavailable", now);
    return "refunded";
  }
  await queueAppointmentEmails(trx, "confirmed", { id: appointment.id, startsAt: appointment.starts_at }, now);
  if (appointment.source === "online") await notifySalonOfBooking(trx, appointment.id, now);
  return "confirmed";
}

/** Asks back what is left of a deposit, for all its lines (its rectificativa takes their VAT). */
async function refundWholeDeposit(
  trx: Db,
  order: { id: string; total_cents: number; refunded_cents: number },
  reason: "appointment-unavailable" | "appointment-cancelled",
  now: Date,
): Promise<number> {
  const amount = order.total_cents - Number(order.refunded_cents);
  if (amount <= 0) return 0;
  const items = await trx.selectFrom("order_items").select("id").where("order_id", "=", order.id).execute();
  await requestRefund(trx, { orderId: order.id, amountCents: amount, reason, itemIds: items.map((i) => i.id), now });
  return amount;
}

/**
 * A confirmed appointment was cancelled (caller's transaction): its paid
 * deposit is refunded whole, once. Returns the cents asked back (0: none).
 */
export async function refundDepositOnCancel(trx: Db, appointmentId: string, now: Date): Promise<number> {
  const order = await depositOrder(trx, appointmentId);
  if (!order || order.status !== "paid") return 0;
  const earlier = await trx
    .selectFrom("refunds")
    .select("id")
    .where("order_id", "=", order.id)
    .where("status", "in", ["pending", "succeeded"])
    .executeTakeFirst();
  return earlier ? 0 : refundWholeDeposit(trx, order, "appointment-cancelled", now);
}
