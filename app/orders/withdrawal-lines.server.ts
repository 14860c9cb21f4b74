/**
 * The reads of a withdrawal by course (outside walk, item 13): where each line
 * of an order stands (open, withdrawn, refunded), what withdrawing from some
 * lines would give back, and the buyer's withdrawals with their courses. The
 * rules are pure (app/domain/withdrawal-lines.ts); the write is
 * withdrawals.server.ts.
 */
import type { Selectable } from "kysely";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import type { WithdrawalsTable } from "~/db/schema.ts";
import { proportionalRefundCents, startedEarly, withdrawalOpen } from "~/domain/withdrawal.ts";
import {
  lineStates,
  refundItemIds,
  withdrawalRefundCents,
  withdrawalState,
  type LineState,
} from "~/domain/withdrawal-lines.ts";
import { orderKind } from "./kinds/index.server.ts";
import type { OrderItemRow, OrderWithItems } from "./orders.server.ts";

export type WithdrawalRow = Selectable<WithdrawalsTable>;

/**
 * True while the order's 14 days last: paid, within 14 days of payment, and of
 * a kind of sale the withdrawal applies to (not an appointment's deposit:
 * cancelling the appointment in time is what gives it back). Which of its
 * courses can still be withdrawn is `lineStatesOf`.
 */
export function canWithdraw(order: { status: string; paidAt: string | null; kind: string }, now: Date): boolean {
  if (!orderKind(order.kind).withdrawable) return false;
  if (order.status !== "paid" || !order.paidAt) return false;
  return withdrawalOpen(todayInMadrid(new Date(order.paidAt)), todayInMadrid(now));
}

/** The withdrawn lines and the refunds not refused (with the lines they name) of these orders. */
async function closures(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return { withdrawn: new Set<string>(), refunds: [] };
  const [withdrawn, refunds] = await Promise.all([
    db
      .selectFrom("withdrawal_lines")
      .innerJoin("withdrawals", "withdrawals.id", "withdrawal_lines.withdrawal_id")
      .select("withdrawal_lines.order_item_id")
      .where("withdrawals.order_id", "in", orderIds)
      .execute(),
    db
      .selectFrom("refunds")
      .select(["order_id", "item_ids"])
      .where("order_id", "in", orderIds)
      .where("status", "!=", "failed")
      .execute(),
  ]);
  return {
    withdrawn: new Set(withdrawn.map((w) => w.order_item_id)),
    refunds: refunds.map((r) => ({ orderId: r.order_id, itemIds: refundItemIds(r.item_ids) })),
  };
}

/** Each line of one order and where it stands. */
export async function lineStatesOf(db: Db, found: OrderWithItems): Promise<Map<string, LineState>> {
  const { withdrawn, refunds } = await closures(db, [found.order.id]);
  return lineStates(
    found.items.map((i) => ({ id: i.id, noSeat: i.no_seat_at !== null })),
    withdrawn,
    refunds,
  );
}

/** Per order of the buyer's history: «Desistir del contrato» ("open"), "done" once she withdrew, else "none". */
export async function withdrawalStates(
  db: Db,
  orders: readonly { id: string; status: string; paidAt: string | null; kind: string }[],
  now: Date,
): Promise<Record<string, "open" | "done" | "none">> {
  const ids = orders.map((o) => o.id);
  const [{ withdrawn, refunds }, items] = await Promise.all([
    closures(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom("order_items").select(["id", "order_id", "no_seat_at"]).where("order_id", "in", ids).execute(),
  ]);
  const itemsByOrder = Map.groupBy(items, (i) => i.order_id);
  const refundsByOrder = Map.groupBy(refunds, (r) => r.orderId);
  return Object.fromEntries(
    orders.map((o) => {
      const states = lineStates(
        (itemsByOrder.get(o.id) ?? []).map((i) => ({ id: i.id, noSeat: i.no_seat_at !== null })),
        withdrawn,
        refundsByOrder.get(o.id) ?? [],
      );
      return [o.id, withdrawalState(canWithdraw(o, now), states)];
    }),
  );
}

/** What withdrawing from these lines does: a refund now, or (after an early start) a proposal for the staff. */
export type WithdrawalPlan = { kind: "refund"; cents: number } | { kind: "staff"; proposedCents: number };

/**
 * The plan for these lines on `now`: with no early start among them, their
 * prices are refunded (never more than the order has left); once one of them
 * started after an early-start request, the part not yet given (art. 108.3) is
 * proposed to the staff. Shown on the confirmation step and done by the write,
 * from the same numbers.
 */
export function planWithdrawal(
  order: { withdrawal_waiver_at: string | null },
  lines: readonly OrderItemRow[],
  availableCents: number,
  now: Date,
): WithdrawalPlan {
  const today = todayInMadrid(now);
  const early = startedEarly(
    order.withdrawal_waiver_at,
    lines.map((i) => i.edition_starts_on),
    today,
  );
  if (!early)
    return {
      kind: "refund",
      cents: withdrawalRefundCents(
        lines.map((i) => i.price_cents),
        availableCents,
      ),
    };
  const proposed = lines.reduce(
    (sum, i) =>
      sum +
      proportionalRefundCents(
        { priceCents: i.price_cents, startsOn: i.edition_starts_on, endsOn: i.edition_ends_on },
        today,
      ),
    0,
  );
  return { kind: "staff", proposedCents: Math.max(0, Math.min(proposed, availableCents)) };
}

/** A withdrawal with the lines it covers and the amount of its refund (cents; null without one). */
export interface WithdrawalWithLines {
  withdrawal: WithdrawalRow;
  itemIds: string[];
  refundCents: number | null;
}

/** The order's withdrawals, oldest first, each with the lines it covers. */
export async function listWithdrawals(db: Db, orderId: string): Promise<WithdrawalWithLines[]> {
  const rows = await db
    .selectFrom("withdrawals")
    .leftJoin("refunds", "refunds.id", "withdrawals.refund_id")
    .selectAll("withdrawals")
    .select("refunds.amount_cents as refund_cents")
    .where("withdrawals.order_id", "=", orderId)
    .orderBy("withdrawals.requested_at")
    .orderBy("withdrawals.id")
    .execute();
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom("withdrawal_lines")
    .select(["withdrawal_id", "order_item_id"])
    .where(
      "withdrawal_id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map(({ refund_cents, ...withdrawal }) => ({
    withdrawal,
    itemIds: lines.filter((l) => l.withdrawal_id === withdrawal.id).map((l) => l.order_item_id),
    refundCents: refund_cents === null ? null : Number(refund_cents),
  }));
}

/**
 * The withdrawal the staff see on the order: one waiting for them if any (its
 * proposal prefills the refund form), else the latest.
 */
export async function getWithdrawal(db: Db, orderId: string): Promise<WithdrawalRow | undefined> {
  const rows = await db
    .selectFrom("withdrawals")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("requested_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.find((r) => r.status === "pending-staff") ?? rows[0];
}
