/**
 * The buyer's withdrawal from a paid order (/perfil/compras/:orderId/desistir),
 * the EU withdrawal function, for the courses she picks: one course of a
 * two-course order, and later the other, or all at once. One transaction locks
 * the order's row first, so two submits at the same moment run one after the
 * other: the second finds the lines withdrawn and records nothing (a line is
 * withdrawn once: withdrawal_lines is keyed by the line). The "withdrawal-ack"
 * email is queued in that same transaction.
 *
 * - No chosen course started under an early-start request: their prices are
 *   refunded at once (`requestRefund`, reason "withdrawal", naming the lines,
 *   so its rectificativa is for them only; it also queues the salon's notice);
 *   status "refunded".
 * - One of them already started after the buyer asked for an early start: no
 *   automatic refund; the proportional amount (art. 108.3) is stored for the
 *   staff to confirm from the order's page; status "pending-staff".
 *
 * The whole order withdrawn at once behaves as before lines could be chosen
 * (its enrolments end when the refund is made); a withdrawal of some courses
 * ends their enrolments at once and offers the freed seats to the waiting list.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { isWholeOrder, openLineIds, selectLines } from "~/domain/withdrawal-lines.ts";
import { newId } from "~/lib/ids.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";
import { getOrderWithItems, type OrderWithItems } from "./orders.server.ts";
import { endOrderEnrolments, lockOrderForRefund, requestRefund } from "./refunds.server.ts";
import {
  canWithdraw,
  lineStatesOf,
  listWithdrawals,
  planWithdrawal,
  type WithdrawalRow,
} from "./withdrawal-lines.server.ts";

export const WITHDRAWAL_ACK = "withdrawal-ack";

/** The buyer's own order, for the withdrawal page; null when it is not hers (answered 404). */
export async function getOwnOrder(db: Db, userId: string, orderId: string): Promise<OrderWithItems | null> {
  if (!/^[A-Za-z0-9-]{1,64}$/u.test(orderId)) return null;
  const found = await getOrderWithItems(db, orderId);
  return found && found.order.user_id === userId ? found : null;
}

export type WithdrawOutcome =
  | { ok: true; withdrawal: WithdrawalRow; created: boolean }
  | { ok: false; reason: "not-found" | "not-allowed" | "no-lines" | "line-unavailable" };

/**
 * Records the withdrawal from these lines (all the open ones when `itemIds` is
 * left out), with its refund or proposal and the email. The same lines sent
 * again return the withdrawal that covers them (`created: false`); a line
 * already withdrawn or refunded among others is refused ("line-unavailable").
 */
export async function withdrawFromOrder(
  db: Db,
  input: { userId: string; orderId: string; itemIds?: readonly string[]; now?: Date },
): Promise<WithdrawOutcome> {
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx): Promise<WithdrawOutcome> => {
    const locked = await lockOrderForRefund(trx, input.orderId);
    const found = locked ? await getOwnOrder(trx, input.userId, input.orderId) : null;
    if (!locked || !found) return { ok: false, reason: "not-found" };
    const { order } = found;
    const [states, earlier] = await Promise.all([lineStatesOf(trx, found), listWithdrawals(trx, order.id)]);
    const open = openLineIds(states);
    const chosen = input.itemIds ?? (open.length > 0 ? open : (earlier.at(-1)?.itemIds ?? []));
    // Sent again (a double submit, a reload): the withdrawal already made.
    if (chosen.length > 0 && chosen.every((id) => states.get(id) === "withdrawn")) {
      const replayed = earlier.findLast((w) => chosen.some((id) => w.itemIds.includes(id)));
      if (replayed) return { ok: true, withdrawal: replayed.withdrawal, created: false };
    }
    const windowOpen = canWithdraw({ status: order.status, paidAt: order.paid_at, kind: order.kind }, now);
    if (!windowOpen || open.length === 0) return { ok: false, reason: "not-allowed" };
    const selection = selectLines(chosen, open);
    if (!selection.ok) return { ok: false, reason: selection.reason === "none" ? "no-lines" : "line-unavailable" };
    const lines = found.items.filter((i) => selection.ids.includes(i.id));
    const plan = planWithdrawal(order, lines, locked.availableCents, now);
    const row: WithdrawalRow = {
      id: newId(),
      order_id: order.id,
      requested_at: now.toISOString(),
      status: plan.kind === "staff" ? "pending-staff" : "refunded",
      refund_id: null,
      proposed_cents: plan.kind === "staff" ? plan.proposedCents : null,
    };
    if (plan.kind === "refund" && plan.cents > 0) {
      row.refund_id = await requestRefund(trx, {
        orderId: order.id,
        amountCents: plan.cents,
        reason: "withdrawal",
        itemIds: selection.ids,
        now,
      });
    }
    await trx.insertInto("withdrawals").values(row).execute();
    await trx
      .insertInto("withdrawal_lines")
      .values(selection.ids.map((id) => ({ order_item_id: id, withdrawal_id: row.id })))
      .execute();
    const kept = found.items.filter((i) => i.no_seat_at === null).map((i) => i.id);
    if (!isWholeOrder(selection.ids, kept, earlier.length)) {
      const courseIds = lines.map((i) => i.course_id).filter((id): id is string => id !== null);
      await endOrderEnrolments(trx, order.id, row.requested_at, { reason: "withdrawal", courseIds });
    }
    await enqueueEmail(
      trx,
      WITHDRAWAL_ACK,
      { orderId: order.id, withdrawalId: row.id },
      { dedupeKey: `${WITHDRAWAL_ACK}:${row.id}`, now },
    );
    return { ok: true, withdrawal: row, created: true };
  });
}

/**
 * The staff asked for a withdrawal refund of this order: its pending withdrawals
 * become confirmed (in their transaction), and the refund names their lines, so
 * its rectificativa is for those courses only.
 */
export async function confirmWithdrawalRefund(trx: Db, orderId: string, refundId: string): Promise<void> {
  const confirmed = await trx
    .updateTable("withdrawals")
    .set({ status: "confirmed", refund_id: refundId })
    .where("order_id", "=", orderId)
    .where("status", "=", "pending-staff")
    .returning("id")
    .execute();
  if (confirmed.length === 0) return;
  const lines = await trx
    .selectFrom("withdrawal_lines")
    .select("order_item_id")
    .where(
      "withdrawal_id",
      "in",
      confirmed.map((w) => w.id),
    )
    .execute();
  if (lines.length === 0) return;
  await trx
    .updateTable("refunds")
    .set({ item_ids: JSON.stringify(lines.map((l) => l.order_item_id)) })
    .where("id", "=", refundId)
    .execute();
}
