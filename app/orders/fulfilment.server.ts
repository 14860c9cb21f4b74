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
 * - What paying does depends on the kind of sale (app/orders/kinds): course
 *   places enrol the buyer, taking their seats; an appointment's deposit
 *   confirms the appointment. Each kind's fulfilment runs here, in the paying
 *   transaction.
 * - failed, expired and cancelled orders give their held seats back; an async
 *   payment still settling keeps them.
 * - The order's invoice is issued in the same transaction, last (issue 13;
 *   app/invoices/issue.server.ts), when the caller passes the invoicing config
 *   and the seller data is complete; emailed on its own if the kind says so.
 * Side effects (the confirmation email, the refund) are outbox jobs written in
 * the same transaction; the job worker runs them after commit.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { enqueueInvoiceEmails } from "~/invoices/invoice-email.server.ts";
import { issueOrderInvoice, type InvoicingConfig } from "~/invoices/issue.server.ts";
import { fulfilmentOf } from "./kinds/fulfilments.server.ts";
import { orderKind } from "./kinds/index.server.ts";
import { endPendingOrder } from "./orders.server.ts";
import { keepOrderHolds } from "./seat-holds.server.ts";

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
 * Marks the order paid and fulfils it as its kind says (enrols the buyer,
 * confirms an appointment), with the event, the emails, any refund and the
 * invoice stored in the same transaction. Idempotent.
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

    // What paying does for this kind of sale (enrol, confirm an appointment, their emails and refunds)…
    const kind = orderKind(order.kind);
    await fulfilmentOf(kind.id).fulfil(trx, order, now);
    // …then the invoice, last: issuing takes the chain's lock (app/invoices/chain.server.ts).
    if (invoicing) {
      const invoiceId = await issueOrderInvoice(trx, order.id, invoicing, now);
      if (invoiceId && kind.emailsInvoice) await enqueueInvoiceEmails(trx, [invoiceId], now);
    }
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
