/**
 * Orders: one per checkout, holding every course the buyer chose (a whole cart
 * is one order, not one per course). Prices and titles come only from the
 * server's catalogue and are copied onto the order at purchase time: nothing
 * the browser sends about money is read.
 */
import type { Selectable } from "kysely";
import { localeOfUser, saveBillingDetails } from "~/auth/accounts.server.ts";
import { getCoursesByIds, todayInMadrid } from "~/catalogue/queries.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { isUniqueViolation } from "~/db/errors.server.ts";
import type { OrderItemsTable, OrdersTable } from "~/db/schema.ts";
import { billingColumns, checkBillingDetails, type BillingDetails } from "~/domain/billing-details.ts";
import { requiresFullInvoice } from "~/domain/invoice-math.ts";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales.ts";
import { isWithinBounds, paymentMethod, type PaymentMethodKey } from "~/domain/payment-methods.ts";
import { needsEarlyStartRequest } from "~/domain/withdrawal.ts";
import { newId, sha256 } from "~/lib/ids.server.ts";
import { releaseDepositHold } from "~/bookings/slots.server.ts";
import { CheckoutError } from "./checkout-error.ts";
import { chooseEditions } from "./edition-choice.server.ts";
import { holdExpiresAt, holdSeat, releaseOrderHolds } from "./seat-holds.server.ts";

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** Most courses one order may hold (the catalogue has four). */
export const MAX_ORDER_ITEMS = 20;
/**
 * A pending order for the same buyer, courses and method younger than this is
 * reused instead of creating another (double clicks, back button, two tabs).
 * Shorter than the 30 minutes a Stripe session is guaranteed to stay open.
 */
export const REUSE_WINDOW_MS = 20 * 60 * 1000;

export interface CreateOrderInput {
  user: { id: string; email: string };
  courseIds: readonly string[];
  /**
   * The edition the buyer chose per course id (never trusted: it must belong to
   * the course and be bookable). A course without one gets its next bookable edition.
   */
  editionIds?: Readonly<Record<string, string | undefined>>;
  method: PaymentMethodKey;
  /**
   * The buyer expressly asks for the course to start within her 14-day
   * withdrawal period (art. 108.3 TRLGDCU). Required when a chosen edition
   * starts within 14 days of today (judged from the server's own dates);
   * stored as orders.withdrawal_waiver_at only then.
   */
  withdrawalWaiver: boolean;
  /**
   * The buyer's details for a factura completa, re-checked here. Required when
   * the server's total is above 400 € (no factura simplificada then); saved on
   * the order and on the account (offered next time) in the order's transaction.
   */
  billing?: BillingDetails | null;
  /**
   * The language the order is made in (its emails' and documents'): the
   * checkout page's, or what the API's client says; the buyer's account
   * language when not given.
   */
  locale?: Locale;
  provider: string;
  now?: Date;
  /** YYYY-MM-DD override of "today" for the next edition (tests). */
  today?: string;
}

/** `lines`: course ids, each with "@<edition id>" when it is booked for a dated edition. */
export function checkoutKey(userId: string, lines: readonly string[], method: string): string {
  return sha256(`${userId}|${[...lines].sort().join(",")}|${method}`);
}

export async function getOrderWithItems(db: Db, orderId: string): Promise<OrderWithItems | null> {
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order) return null;
  const items = await db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  return { order, items: sortItems(items) };
}

/**
 * The language an order was made in (orders.locale, 0027): its emails and
 * documents are written in it (the invoice email reads it through the
 * invoice's order). Spanish for an order that does not exist.
 */
export async function localeOfOrder(db: Db, orderId: string): Promise<Locale> {
  const row = await db.selectFrom("orders").select("locale").where("id", "=", orderId).executeTakeFirst();
  return row?.locale ?? DEFAULT_LOCALE;
}

export async function getOrderBySession(db: Db, sessionId: string): Promise<OrderWithItems | null> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("provider_session_id", "=", sessionId)
    .executeTakeFirst();
  return row ? getOrderWithItems(db, row.id) : null;
}

/** Items keep the order the buyer chose them in (stored as a position prefix of the id). */
function sortItems(items: OrderItemRow[]): OrderItemRow[] {
  return [...items].sort((a, b) => a.id.localeCompare(b.id));
}

async function pendingByKey(db: Db, key: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("checkout_key", "=", key)
    .where("status", "=", "pending")
    .executeTakeFirst();
}

/**
 * Creates the pending order for a checkout, or returns the one a concurrent or
 * recent click already created (`reused`). Throws CheckoutError for unknown
 * courses, courses the buyer already owns, or a method outside its bounds.
 */
export async function createOrder(db: Db, input: CreateOrderInput): Promise<OrderWithItems & { reused: boolean }> {
  const now = input.now ?? new Date();
  const ids = [...new Set(input.courseIds.map((id) => id.trim()).filter(Boolean))];
  if (ids.length === 0) throw new CheckoutError("empty-cart");
  if (ids.length > MAX_ORDER_ITEMS) throw new CheckoutError("too-many-items");

  const today = input.today ?? todayInMadrid(now);
  // The language the order is made in (the page's, else the account's): its lines keep the
  // course titles in it, as the buyer read them (the contract's language: docs/i18n.md).
  const locale = input.locale ?? (await localeOfUser(db, input.user.id));
  const courses = await getCoursesByIds(db, ids, { today, now, locale });
  const byId = new Map(courses.map((c) => [c.id, c]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw new CheckoutError("course-unavailable");
  const ordered = ids.map((id) => byId.get(id)!);
  const editions = await chooseEditions(db, ordered, input.editionIds ?? {}, { today, now });
  const earlyStart = needsEarlyStartRequest(
    [...editions.values()].map((e) => e.startsOn),
    today,
  );
  if (earlyStart && !input.withdrawalWaiver) throw new CheckoutError("early-start-required");
  const earlyStartRequested = earlyStart && input.withdrawalWaiver;

  const owned = await db
    .selectFrom("enrollments")
    .select("course_id")
    .where("user_id", "=", input.user.id)
    .where("course_id", "in", ids)
    .where("access_until", ">", now.toISOString())
    .where("ended_at", "is", null)
    .executeTakeFirst();
  if (owned) {
    const title = byId.get(owned.course_id)?.title ?? owned.course_id;
    throw new CheckoutError("already-enrolled", { title });
  }

  const totalCents = ordered.reduce((sum, c) => sum + c.priceCents, 0);
  if (!isWithinBounds(paymentMethod(input.method), totalCents)) {
    throw new CheckoutError("method-unavailable", { method: paymentMethod(input.method).name });
  }
  const billing = checkBillingDetails(input.billing);
  if (input.billing && !billing) throw new CheckoutError("billing-invalid");
  if (!billing && requiresFullInvoice(totalCents)) throw new CheckoutError("billing-required");

  const key = checkoutKey(
    input.user.id,
    ids.map((id) => (editions.get(id) ? `${id}@${editions.get(id)!.id}` : id)),
    input.method,
  );
  const nowIso = now.toISOString();
  const existing = await pendingByKey(db, key);
  if (existing) {
    if (now.getTime() - Date.parse(existing.created_at) < REUSE_WINDOW_MS && existing.total_cents === totalCents) {
      return {
        ...(await reuse(db, existing, { waiver: earlyStartRequested, billing, userId: input.user.id, locale }, nowIso)),
        reused: true,
      };
    }
    await supersede(db, existing, nowIso);
  }

  const orderId = newId();
  try {
    await inTransaction(db, async (trx) => {
      await trx
        .insertInto("orders")
        .values({
          id: orderId,
          user_id: input.user.id,
          email: input.user.email,
          status: "pending",
          total_cents: totalCents,
          currency: "eur",
          payment_method: input.method,
          provider: input.provider,
          provider_session_id: null,
          withdrawal_waiver_at: earlyStartRequested ? nowIso : null,
          created_at: nowIso,
          updated_at: nowIso,
          paid_at: null,
          checkout_key: key,
          ...billingColumns(billing),
          locale,
        })
        .execute();
      if (billing) await saveBillingDetails(trx, input.user.id, billing);
      await trx
        .insertInto("order_items")
        .values(
          ordered.map((c, i) => ({
            // Position prefix: items list back in the buyer's order.
            id: `${String(i).padStart(2, "0")}-${newId()}`,
            order_id: orderId,
            course_id: c.id,
            edition_id: editions.get(c.id)?.id ?? null,
            title: c.title,
            price_cents: c.priceCents,
            edition_starts_on: editions.get(c.id)?.startsOn ?? null,
            edition_ends_on: editions.get(c.id)?.endsOn ?? null,
          })),
        )
        .execute();
      // One seat per dated line until the payment session ends (edition id order: see seat-holds).
      const held = [...editions.entries()].sort(([, a], [, b]) => a.id.localeCompare(b.id));
      for (const [courseId, edition] of held) {
        const ok = await holdSeat(trx, {
          orderId,
          editionId: edition.id,
          today,
          nowIso,
          expiresAt: holdExpiresAt(nowIso),
          email: input.user.email,
        });
        if (!ok) throw new CheckoutError("no-seat", { title: byId.get(courseId)!.title, startsOn: edition.startsOn });
      }
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // A concurrent click won the race for this checkout key: use its order.
    const winner = await pendingByKey(db, key);
    if (!winner) throw err;
    return {
      ...(await reuse(db, winner, { waiver: earlyStartRequested, billing, userId: input.user.id, locale }, nowIso)),
      reused: true,
    };
  }
  const created = await getOrderWithItems(db, orderId);
  return { ...created!, reused: false };
}

/**
 * A reused order takes the latest submit's waiver, language and billing details (none:
 * a factura simplificada, allowed since the same total passed the check above),
 * unless its payment page was already completed: the money settling goes with
 * the details given then.
 */
async function reuse(
  db: Db,
  order: OrderRow,
  latest: { waiver: boolean; billing: BillingDetails | null; userId: string; locale: Locale },
  nowIso: string,
): Promise<OrderWithItems> {
  await inTransaction(db, async (trx) => {
    if (latest.waiver && !order.withdrawal_waiver_at) {
      await trx
        .updateTable("orders")
        .set({ withdrawal_waiver_at: nowIso, updated_at: nowIso })
        .where("id", "=", order.id)
        .where("withdrawal_waiver_at", "is", null)
        .execute();
    }
    const res = await trx
      .updateTable("orders")
      .set({ ...billingColumns(latest.billing), locale: latest.locale, updated_at: nowIso })
      .where("id", "=", order.id)
      .where("status", "=", "pending")
      .where("checkout_completed_at", "is", null)
      .executeTakeFirst();
    if (latest.billing && Number(res.numUpdatedRows) > 0) await saveBillingDetails(trx, latest.userId, latest.billing);
  });
  return (await getOrderWithItems(db, order.id))!;
}

/**
 * An older pending order with the same key gives way to a new one. If its page
 * was never completed it is cancelled (a late payment would still win, see
 * fulfilment.server.ts); if money may still be settling it just loses the key.
 */
async function supersede(db: Db, order: OrderRow, nowIso: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const res = await trx
      .updateTable("orders")
      .set({
        checkout_key: null,
        updated_at: nowIso,
        ...(order.checkout_completed_at ? {} : { status: "cancelled" }),
      })
      .where("id", "=", order.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    // A cancelled order's seats go back; one whose money is settling keeps them.
    if (Number(res.numUpdatedRows) > 0 && !order.checkout_completed_at) await releaseOrderHolds(trx, order.id, nowIso);
  });
}

/** Records the provider's session on the order (first writer wins; retries return the same id). */
export async function attachSession(db: Db, orderId: string, sessionId: string): Promise<void> {
  await db
    .updateTable("orders")
    .set({ provider_session_id: sessionId, updated_at: new Date().toISOString() })
    .where("id", "=", orderId)
    .where("provider_session_id", "is", null)
    .execute();
}

/**
 * A pending order ends unpaid (caller's transaction): failed (an async payment
 * declined) or cancelled (the page expired, or the buyer left it). What it
 * held goes back with it: its seats, and a deposit's appointment hold. Only a
 * pending order moves (a paid one is never downgraded); `notCompleted` also
 * leaves alone one whose page was completed and whose money is settling.
 * True when it moved.
 */
export async function endPendingOrder(
  trx: Db,
  orderId: string,
  status: "failed" | "cancelled",
  nowIso: string,
  { notCompleted = false }: { notCompleted?: boolean } = {},
): Promise<boolean> {
  let update = trx
    .updateTable("orders")
    .set({ status, checkout_key: null, updated_at: nowIso })
    .where("id", "=", orderId)
    .where("status", "=", "pending");
  if (notCompleted) update = update.where("checkout_completed_at", "is", null);
  const ended = await update.returning("appointment_id").execute();
  if (ended.length === 0) return false;
  await releaseOrderHolds(trx, orderId, nowIso);
  if (ended[0]!.appointment_id) await releaseDepositHold(trx, ended[0]!.appointment_id, nowIso);
  return true;
}

/** The buyer left the payment page: the order can no longer be reused; a late payment still wins. */
export async function cancelPendingOrder(db: Db, orderId: string, now = new Date()): Promise<boolean> {
  return inTransaction(db, (trx) =>
    endPendingOrder(trx, orderId, "cancelled", now.toISOString(), { notCompleted: true }),
  );
}
