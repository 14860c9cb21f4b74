/**
 * One order as the back office sees it (/gestion/pedidos/:orderId): lines,
 * buyer, payment events, refunds and the outbox emails about it. Next to
 * staff-queries.server.ts (the list); lines and refunds come from their homes.
 */
import { sql, type SqlBool } from "kysely";
import type { Db } from "~/db/db.server.ts";
import { parsePayload } from "~/jobs/queue.server.ts";
import { EMAIL_JOB_PREFIX } from "~/mail/email-jobs.server.ts";
import { getOrderWithItems } from "./orders.server.ts";
import { listRefunds } from "./refunds.server.ts";
import { escapeLike, isPlausibleOrderId } from "./staff-queries.server.ts";

export interface StaffOrderDetail {
  order: {
    id: string;
    status: string;
    totalCents: number;
    refundedCents: number;
    paymentMethod: string;
    provider: string;
    demo: boolean;
    email: string | null;
    createdAt: string;
    updatedAt: string;
    paidAt: string | null;
    checkoutCompletedAt: string | null;
    confirmationSentAt: string | null;
    withdrawalWaiverAt: string | null;
    /** The counter sale this order is (app/counter), where it is given back; null for an online order. */
    counterSaleId: string | null;
  };
  /** The account behind the order; null once the buyer deleted it. */
  buyer: { name: string; email: string; phone: string } | null;
  items: {
    id: string;
    title: string;
    priceCents: number;
    editionStartsOn: string | null;
    editionEndsOn: string | null;
  }[];
  events: { id: string; type: string; receivedAt: string }[];
  emails: {
    id: string;
    kind: string;
    status: string;
    attempts: number;
    lastError: string | null;
    createdAt: string;
    doneAt: string | null;
  }[];
  refunds: {
    id: string;
    amountCents: number;
    reason: string;
    status: string;
    createdAt: string;
    completedAt: string | null;
  }[];
}

/** Everything the detail page shows about one order, or null for an unknown id. */
export async function getStaffOrderDetail(db: Db, orderId: string): Promise<StaffOrderDetail | null> {
  if (!isPlausibleOrderId(orderId)) return null;
  const found = await getOrderWithItems(db, orderId);
  if (!found) return null;
  const { order, items } = found;
  const [user, events, refunds, counterSale] = await Promise.all([
    order.user_id
      ? db
          .selectFrom("users")
          .select(["email", "first_name", "last_name", "display_name", "phone"])
          .where("id", "=", order.user_id)
          .executeTakeFirst()
      : undefined,
    db
      .selectFrom("payment_events")
      .select(["provider_event_id", "type", "received_at"])
      .where("order_id", "=", order.id)
      .orderBy("received_at")
      .execute(),
    listRefunds(db, order.id),
    // A sale charged at the counter: its page there is where it is given back.
    db.selectFrom("counter_sales").select("id").where("order_id", "=", order.id).executeTakeFirst(),
  ]);
  // Emails name their order (confirmation) or one of its refunds (refund notice) in the payload.
  const refs = [["orderId", order.id], ...refunds.map((r) => ["refundId", r.id])] as const;
  const jobs = await db
    .selectFrom("jobs")
    .select(["id", "kind", "payload", "status", "attempts", "last_error", "created_at", "done_at"])
    .where("kind", "like", `${EMAIL_JOB_PREFIX}%`)
    .where((eb) =>
      eb.or(
        refs.map(
          ([key, id]) =>
            sql<SqlBool>`payload like ${`%${escapeLike(JSON.stringify({ [key]: id }).slice(1, -1))}%`} escape '\\'`,
        ),
      ),
    )
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const emails = jobs.filter((j) => {
    const payload = parsePayload(j);
    return refs.some(([key, id]) => payload[key] === id);
  });
  return {
    order: {
      id: order.id,
      status: order.status,
      totalCents: order.total_cents,
      refundedCents: order.refunded_cents,
      paymentMethod: order.payment_method,
      provider: order.provider,
      demo: order.provider === "demo",
      email: order.email,
      createdAt: order.created_at,
      updatedAt: order.updated_at,
      paidAt: order.paid_at,
      checkoutCompletedAt: order.checkout_completed_at,
      confirmationSentAt: order.confirmation_sent_at,
      withdrawalWaiverAt: order.withdrawal_waiver_at,
      counterSaleId: counterSale?.id ?? null,
    },
    buyer: user
      ? {
          name: [user.first_name, user.last_name].filter(Boolean).join(" ") || user.display_name,
          email: user.email,
          phone: user.phone,
        }
      : null,
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      priceCents: i.price_cents,
      editionStartsOn: i.edition_starts_on,
      editionEndsOn: i.edition_ends_on,
    })),
    events: events.map((e) => ({ id: e.provider_event_id, type: e.type, receivedAt: e.received_at })),
    emails: emails.map((j) => ({
      id: j.id,
      kind: j.kind,
      status: j.status,
      attempts: j.attempts,
      lastError: j.last_error,
      createdAt: j.created_at,
      doneAt: j.done_at,
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      reason: r.reason,
      status: r.status,
      createdAt: r.created_at,
      completedAt: r.completed_at,
    })),
  };
}
