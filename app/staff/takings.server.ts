/**
 * The panel's reads of money (/gestion): sales paid and refunds made between
 * two instants. Portable on SQLite and PostgreSQL: the SQL only compares
 * ISO-8601 UTC text; the Madrid days and months are computed in TypeScript
 * (app/domain/dashboard.ts), and the rule that sums them is app/domain/takings.ts.
 */
import type { Db } from "~/db/db.server.ts";
import { isDemoOrder } from "~/invoices/series.ts";

export interface PaidSale {
  /** paid_at, ISO UTC. */
  at: string;
  kind: string;
  /** The whole amount paid (its invoice's total). */
  cents: number;
  /** What is left after any refund since (the payment-method chart). */
  keptCents: number;
  method: string;
  demo: boolean;
}

export interface MadeRefund {
  /** completed_at, ISO UTC. */
  at: string;
  cents: number;
  demo: boolean;
}

/** Orders paid in [from, to), by the instant they were paid (a later refund does not unpay them). */
export async function salesPaidBetween(db: Db, from: Date, to: Date): Promise<PaidSale[]> {
  const rows = await db
    .selectFrom("orders")
    .select(["paid_at", "kind", "total_cents", "refunded_cents", "payment_method", "provider"])
    .where("paid_at", ">=", from.toISOString())
    .where("paid_at", "<", to.toISOString())
    .where("status", "in", ["paid", "refunded"])
    .execute();
  return rows.map((r) => ({
    at: r.paid_at!,
    kind: r.kind,
    cents: Number(r.total_cents),
    keptCents: Number(r.total_cents) - Number(r.refunded_cents),
    method: r.payment_method,
    demo: isDemoOrder(r),
  }));
}

/** Refunds made (the provider confirmed them) in [from, to), by the instant they were made. */
export async function refundsMadeBetween(db: Db, from: Date, to: Date): Promise<MadeRefund[]> {
  const rows = await db
    .selectFrom("refunds")
    .innerJoin("orders", "orders.id", "refunds.order_id")
    .select(["refunds.completed_at", "refunds.amount_cents", "orders.provider"])
    .where("refunds.status", "=", "succeeded")
    .where("refunds.completed_at", ">=", from.toISOString())
    .where("refunds.completed_at", "<", to.toISOString())
    .execute();
  return rows.map((r) => ({ at: r.completed_at!, cents: Number(r.amount_cents), demo: isDemoOrder(r) }));
}
