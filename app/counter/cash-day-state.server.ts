/**
 * Where a day's till stands (issue 35): its float and movements, the cash the
 * day's charged sales brought in (net of change, tips included) and the cash
 * given back, the cash expected in the drawer, what came in by card and Bizum,
 * and the close once there is one. Reads only; re-exported by cash-day.server.ts.
 */
import type { Db } from "~/db/db.server.ts";
import { COUNTER_PAYMENT_METHODS, type CounterPaymentMethod } from "./sale-math.ts";
import { expectedCash, type CashCount } from "./cash-count.ts";

export interface CashMovementView {
  id: string;
  direction: "in" | "out";
  amountCents: number;
  reason: string;
  createdAt: string;
  /** The staff member's name. */
  createdBy: string;
}

export interface CashDayState {
  day: string;
  opened: boolean;
  floatCents: number;
  openedAt: string | null;
  openedBy: string | null;
  movements: CashMovementView[];
  cashInCents: number;
  cashOutCents: number;
  cashSalesCents: number;
  cashReturnsCents: number;
  /** float + cash sales + in − out − returns, as of now (the close keeps its own). */
  expectedCents: number;
  /** What each method brought in (cash net of change), tips included. */
  takenByMethod: Record<CounterPaymentMethod, number>;
  /** What was given back by each method. */
  returnedByMethod: Record<CounterPaymentMethod, number>;
  cardCents: number;
  bizumCents: number;
  closed: boolean;
  close: {
    closedAt: string;
    closedBy: string;
    expectedCents: number;
    countedCents: number;
    differenceCents: number;
    detail: CashCount;
    note: string | null;
  } | null;
  reopenCount: number;
}

type NameRow = { display_name: string | null; first_name: string | null; last_name: string | null };

/** A staff member's name from a left join of `users`; the stored reference when there is no account. */
function personName(row: NameRow, ref: string): string {
  const full = `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim();
  return row.display_name?.trim() || full || ref;
}

async function nameOf(db: Db, ref: string | null): Promise<string | null> {
  if (ref === null) return null;
  const row = await db
    .selectFrom("users")
    .select(["display_name", "first_name", "last_name"])
    .where("id", "=", ref)
    .executeTakeFirst();
  return row ? personName(row, ref) : ref;
}

function byMethod(rows: { method: string; cents: number | string | null }[]): Record<CounterPaymentMethod, number> {
  const out: Record<CounterPaymentMethod, number> = { cash: 0, card: 0, bizum: 0 };
  for (const row of rows) {
    const method = COUNTER_PAYMENT_METHODS.find((m) => m === row.method);
    if (method) out[method] += Number(row.cents ?? 0);
  }
  return out;
}

/** What the charged sales of `day` brought in, by method. */
async function takenByMethod(db: Db, day: string): Promise<Record<CounterPaymentMethod, number>> {
  const rows = await db
    .selectFrom("counter_payments")
    .innerJoin("counter_sales", "counter_sales.id", "counter_payments.sale_id")
    .select((eb) => ["counter_payments.method", eb.fn.sum<number>("counter_payments.amount_cents").as("cents")])
    .where("counter_sales.status", "=", "charged")
    .where("counter_sales.cash_day", "=", day)
    .groupBy("counter_payments.method")
    .execute();
  return byMethod(rows);
}

/** What the returns of `day` gave back, by method. */
async function returnedByMethod(db: Db, day: string): Promise<Record<CounterPaymentMethod, number>> {
  const rows = await db
    .selectFrom("counter_returns")
    .select((eb) => ["method", eb.fn.sum<number>("amount_cents").as("cents")])
    .where("cash_day", "=", day)
    .groupBy("method")
    .execute();
  return byMethod(rows);
}

function parseDetail(json: string | null): CashCount {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null ? (value as CashCount) : {};
  } catch {
    return {};
  }
}

/** The day's till as it stands. A day never opened has a float of 0 and no movements. */
export async function dayState(db: Db, day: string): Promise<CashDayState> {
  const [row, movementRows, taken, returned] = await Promise.all([
    db.selectFrom("cash_days").selectAll().where("day", "=", day).executeTakeFirst(),
    db
      .selectFrom("cash_movements")
      .leftJoin("users", "users.id", "cash_movements.created_by")
      .select([
        "cash_movements.id",
        "cash_movements.direction",
        "cash_movements.amount_cents",
        "cash_movements.reason",
        "cash_movements.created_at",
        "cash_movements.created_by",
        "users.display_name",
        "users.first_name",
        "users.last_name",
      ])
      .where("cash_movements.day", "=", day)
      .orderBy("cash_movements.created_at")
      .orderBy("cash_movements.id")
      .execute(),
    takenByMethod(db, day),
    returnedByMethod(db, day),
  ]);
  const movements = movementRows.map((m) => ({
    id: m.id,
    direction: m.direction === "out" ? ("out" as const) : ("in" as const),
    amountCents: m.amount_cents,
    reason: m.reason,
    createdAt: m.created_at,
    createdBy: personName(m, m.created_by),
  }));
  const sum = (direction: "in" | "out") =>
    movements.filter((m) => m.direction === direction).reduce((s, m) => s + m.amountCents, 0);
  const floatCents = row?.opening_float_cents ?? 0;
  const cashInCents = sum("in");
  const cashOutCents = sum("out");
  const closed = Boolean(row?.closed_at);
  const [openedBy, closedBy] = await Promise.all([
    nameOf(db, row?.opened_by ?? null),
    nameOf(db, row?.closed_by ?? null),
  ]);
  return {
    day,
    opened: row !== undefined,
    floatCents,
    openedAt: row?.opened_at ?? null,
    openedBy,
    movements,
    cashInCents,
    cashOutCents,
    cashSalesCents: taken.cash,
    cashReturnsCents: returned.cash,
    expectedCents: expectedCash({
      float: floatCents,
      cashSales: taken.cash,
      cashIn: cashInCents,
      cashOut: cashOutCents,
      cashReturns: returned.cash,
    }),
    takenByMethod: taken,
    returnedByMethod: returned,
    cardCents: taken.card,
    bizumCents: taken.bizum,
    closed,
    close:
      row && row.closed_at
        ? {
            closedAt: row.closed_at,
            closedBy: closedBy ?? "",
            expectedCents: row.expected_cents ?? 0,
            countedCents: row.counted_cents ?? 0,
            differenceCents: row.difference_cents ?? 0,
            detail: parseDetail(row.counted_detail),
            note: row.note,
          }
        : null,
    reopenCount: row?.reopen_count ?? 0,
  };
}
