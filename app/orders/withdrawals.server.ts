/**
 * The buyer's withdrawal from a paid order (/perfil/compras/:orderId/desistir),
 * the EU withdrawal function: recorded once per order (withdrawals.order_id is
 * unique, and the order's row is locked first), acknowledged by the
 * "withdrawal-ack" email queued in the same transaction.
 *
 * - No edition started under an early-start request: the rest of the order is
 *   refunded at once (`requestRefund`, reason "withdrawal", which also queues the
 *   salon's notice); status "refunded".
 * - An edition already started after the buyer asked for an early start: no
 *   automatic refund; the proportional amount (art. 108.3) is stored for the
 *   staff to confirm from the order's page; status "pending-staff".
 */
import type { Selectable } from "kysely";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import type { WithdrawalsTable } from "~/db/schema.ts";
import { proportionalRefundCents, startedEarly, withdrawalOpen } from "~/domain/withdrawal.ts";
import { newId } from "~/lib/ids.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";
import { orderKind } from "./kinds/index.server.ts";
import { getOrderWithItems, type OrderWithItems } from "./orders.server.ts";
import { lockOrderForRefund, requestRefund } from "./refunds.server.ts";

export type WithdrawalRow = Selectable<WithdrawalsTable>;
export const WITHDRAWAL_ACK = "withdrawal-ack";

export function getWithdrawal(db: Db, orderId: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom("withdrawals").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

/** The orders (of this list) the buyer already withdrew from. */
export async function withdrawnOrderIds(db: Db, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db.selectFrom("withdrawals").select("order_id").where("order_id", "in", orderIds).execute();
  return new Set(rows.map((r) => r.order_id));
}

/**
 * True while the order can be withdrawn from: paid, nothing refunded yet, within 14 days of payment,
 * and of a kind of sale the withdrawal applies to (not an appointment's deposit: cancelling the
 * appointment in time is what gives it back).
 */
export function canWithdraw(
  order: { status: string; paidAt: string | null; refundedCents: number; kind: string },
  now: Date,
): boolean {
  if (!orderKind(order.kind).withdrawable) return false;
  if (order.status !== "paid" || order.refundedCents > 0 || !order.paidAt) return false;
  return withdrawalOpen(todayInMadrid(new Date(order.paidAt)), todayInMadrid(now));
}

/** The lines the buyer still has (not refunded for lack of a seat). */
const keptLines = (found: OrderWithItems) => found.items.filter((i) => i.no_seat_at === null);

/** What the staff are proposed to refund after an early start (cents, rounded down, line by line). */
export function proposedWithdrawalCents(found: OrderWithItems, today: string): number {
  return keptLines(found).reduce(
    (sum, i) =>
      sum +
      proportionalRefundCents(
        { priceCents: i.price_cents, startsOn: i.edition_starts_on, endsOn: i.edition_ends_on },
        today,
      ),
    0,
  );
}

/** The buyer's own order, for the withdrawal page; null when it is not hers (answered 404). */
export async function getOwnOrder(db: Db, userId: string, orderId: string): Promise<OrderWithItems | null> {
  if (!/^[A-Za-z0-9-]{1,64}$/u.test(orderId)) return null;
  const found = await getOrderWithItems(db, orderId);
  return found && found.order.user_id === userId ? found : null;
}

export type WithdrawOutcome =
  { ok: true; withdrawal: WithdrawalRow; created: boolean } | { ok: false; reason: "not-found" | "not-allowed" };

/** Records the withdrawal once (a second submit returns the first), with its refund or proposal and the email. */
export async function withdrawFromOrder(
  db: Db,
  input: { userId: string; orderId: string; now?: Date },
): Promise<WithdrawOutcome> {
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx): Promise<WithdrawOutcome> => {
    const locked = await lockOrderForRefund(trx, input.orderId);
    const found = locked ? await getOwnOrder(trx, input.userId, input.orderId) : null;
    if (!locked || !found) return { ok: false, reason: "not-found" };
    const existing = await getWithdrawal(trx, input.orderId);
    if (existing) return { ok: true, withdrawal: existing, created: false };
    const { order } = found;
    const open = canWithdraw(
      { status: order.status, paidAt: order.paid_at, refundedCents: Number(order.refunded_cents), kind: order.kind },
      now,
    );
    if (!open) return { ok: false, reason: "not-allowed" };
    const today = todayInMadrid(now);
    const early = startedEarly(
      order.withdrawal_waiver_at,
      keptLines(found).map((i) => i.edition_starts_on),
      today,
    );
    const row: WithdrawalRow = {
      id: newId(),
      order_id: order.id,
      requested_at: now.toISOString(),
      status: early ? "pending-staff" : "refunded",
      refund_id: null,
      proposed_cents: early ? Math.min(proposedWithdrawalCents(found, today), locked.availableCents) : null,
    };
    if (!early && locked.availableCents > 0) {
      row.refund_id = await requestRefund(trx, {
        orderId: order.id,
        amountCents: locked.availableCents,
        reason: "withdrawal",
        now,
      });
    }
    await trx.insertInto("withdrawals").values(row).execute();
    await enqueueEmail(trx, WITHDRAWAL_ACK, { orderId: order.id }, { dedupeKey: `${WITHDRAWAL_ACK}:${order.id}`, now });
    return { ok: true, withdrawal: row, created: true };
  });
}

/** The staff asked for a withdrawal refund of this order: its pending withdrawal becomes confirmed (in their transaction). */
export async function confirmWithdrawalRefund(trx: Db, orderId: string, refundId: string): Promise<void> {
  await trx
    .updateTable("withdrawals")
    .set({ status: "confirmed", refund_id: refundId })
    .where("order_id", "=", orderId)
    .where("status", "=", "pending-staff")
    .execute();
}
