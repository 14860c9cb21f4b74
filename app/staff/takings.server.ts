/**
 * The panel's reads of money (/gestion): sales paid and refunds made between
 * two instants. Portable on SQLite and PostgreSQL: the SQL only compares
 * ISO-8601 UTC text; the Madrid days and months are computed in TypeScript
 * (app/domain/dashboard.ts), and the rule that sums them is app/domain/takings.ts.
 */
import { sql } from "kysely";
import type { Db } from "~/db/db.server.ts";
import { DEMO_PROVIDER, isDemoOrder } from "~/invoices/series.ts";

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

/** Sales paid in one period (bucket i: [boundaries[i], boundaries[i + 1])), by payment method and demo or not. */
export interface PeriodSales {
  bucket: number;
  method: string;
  demo: boolean;
  orders: number;
  cents: number;
  keptCents: number;
}

/**
 * Orders paid between consecutive `boundaries` (instants, ascending), summed in
 * the database per period, payment method and demo or not: the panel's twelve
 * months read a few dozen rows instead of every sale of the year.
 */
export async function salesPaidByPeriod(db: Db, boundaries: readonly Date[]): Promise<PeriodSales[]> {
  if (boundaries.length < 2) return [];
  const edges = boundaries.map((b) => b.toISOString());
  const whens = edges.slice(1).map((edge, i) => sql`when paid_at < ${edge} then ${sql.lit(i)}`);
  const bucket = sql<number>`case ${sql.join(whens, sql` `)} end`;
  const demo = sql<number>`case when provider = ${DEMO_PROVIDER} then 1 else 0 end`;
  const rows = await db
    .selectFrom("orders")
    .select((eb) => [
      bucket.as("bucket"),
      "payment_method",
      demo.as("demo"),
      eb.fn.countAll<number>().as("orders"),
      eb.fn.sum<number>("total_cents").as("cents"),
      eb.fn.sum<number>(sql`total_cents - refunded_cents`).as("kept"),
    ])
    .where("paid_at", ">=", edges[0]!)
    .where("paid_at", "<", edges.at(-1)!)
    .where("status", "in", ["paid", "refunded"])
    // By position: PostgreSQL would not see the bound CASE as the selected one.
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();
  return rows.map((r) => ({
    bucket: Number(r.bucket),
    method: r.payment_method,
    demo: Number(r.demo) === 1,
    orders: Number(r.orders),
    cents: Number(r.cents),
    keptCents: Number(r.kept),
  }));
}
