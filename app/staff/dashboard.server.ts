/**
 * Every query of the staff panel (/gestion), in one place. Portable on SQLite
 * and PostgreSQL: the SQL only compares ISO-8601 UTC text; the Madrid days and
 * months are computed in TypeScript (app/domain/dashboard.ts).
 *
 * Revenue rule (also stated on the panel), the one Facturas documents
 * (app/domain/takings.ts): a sale counts on the day and in the month it was
 * paid (paid_at, Madrid time), for its whole amount; a refund subtracts on the
 * day and in the month it was made. Orders of the demo gateway (provider
 * "demo") took no money and are counted apart. Today's appointments and
 * takings: ./today.server.ts. The route reads the money figures at most once
 * a minute per server process (`shareMoney`), and the panel says when.
 */
import type { Db } from "~/db/db.server.ts";
import {
  addMonths,
  bucketByMonth,
  groupQuestions,
  madridDate,
  madridMonth,
  monthsEndingAt,
  type MonthTotal,
  type QuestionGroup,
} from "~/domain/dashboard.ts";
import { madridDayStart } from "~/domain/calendar-dates.ts";
import { PAYMENT_METHOD_KEYS, paymentMethodName } from "~/domain/payment-methods.ts";
import { ttlMemo } from "~/lib/ttl-memo.server.ts";
import { refundsMadeBetween, salesPaidByPeriod, type MadeRefund, type PeriodSales } from "./takings.server.ts";

const REVENUE_MONTHS = 12;
const QUESTION_DAYS = 30;
const MAX_EDITIONS = 12;
/** Enough for a salon's month of questions; more only means an older tail is not grouped. */
const MAX_QUESTIONS = 5000;

interface MethodTotal {
  key: string;
  name: string;
  orders: number;
  cents: number;
}

interface EditionSeats {
  editionId: string;
  courseTitle: string;
  startsOn: string;
  seats: number;
  taken: number;
}

interface Dashboard {
  /** Madrid day and month the figures are for ("YYYY-MM-DD", "YYYY-MM"). */
  today: string;
  month: string;
  monthCents: number;
  monthOrders: number;
  /** The last 12 months, oldest first, the current one last. */
  months: MonthTotal[];
  /** Orders paid in the last 12 months by payment method (every offered method, then any other). */
  methods: MethodTotal[];
  /** Upcoming editions (from today), soonest first. */
  editions: EditionSeats[];
  /** The assistant's unanswered questions of the last 30 days, grouped. */
  questions: QuestionGroup[];
  /** Demo-gateway orders left out of the last 12 months' figures. */
  demoOrders: number;
  /** When the money figures (this month, the 12 months, the methods) were read, ISO UTC. */
  moneyReadAt: string;
}

/** How old the panel's money figures may be: the same for every member of staff, and the panel's slowest read. */
export const PANEL_MONEY_MAX_AGE_MS = 60_000;

interface MoneyRows {
  sales: PeriodSales[];
  refunds: MadeRefund[];
}

const moneyMemo = ttlMemo<Db, MoneyRows>(PANEL_MONEY_MAX_AGE_MS);

function byMethod(rows: { method: string; orders: number; cents: number }[]): MethodTotal[] {
  const totals = new Map<string, MethodTotal>(
    PAYMENT_METHOD_KEYS.map((key) => [key, { key, name: paymentMethodName(key), orders: 0, cents: 0 }]),
  );
  for (const row of rows) {
    const total = totals.get(row.method) ?? {
      key: row.method,
      name: paymentMethodName(row.method),
      orders: 0,
      cents: 0,
    };
    total.orders += row.orders;
    total.cents += row.cents;
    totals.set(row.method, total);
  }
  return [...totals.values()];
}

async function upcomingEditions(db: Db, today: string): Promise<EditionSeats[]> {
  const rows = await db
    .selectFrom("course_editions as e")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .select(["e.id", "c.title", "e.starts_on", "e.seats", "e.seats_taken"])
    .where("e.starts_on", ">=", today)
    .where("e.status", "<>", "cancelled")
    .where("e.cancelled_at", "is", null)
    .orderBy("e.starts_on")
    .orderBy("c.title")
    .limit(MAX_EDITIONS)
    .execute();
  return rows.map((r) => ({
    editionId: r.id,
    courseTitle: r.title,
    startsOn: r.starts_on,
    seats: Number(r.seats),
    taken: Number(r.seats_taken),
  }));
}

async function unansweredQuestions(db: Db, now: Date): Promise<QuestionGroup[]> {
  const since = new Date(now.getTime() - QUESTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const rows = await db
    .selectFrom("chat_questions")
    .select(["text", "intent", "created_at"])
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .limit(MAX_QUESTIONS)
    .execute();
  return groupQuestions(rows);
}

/**
 * Everything the panel shows, as of `now`. With `shareMoney`, the money
 * figures may come from a read made up to PANEL_MONEY_MAX_AGE_MS before (the
 * panel says so): a 5-year salon sums tens of thousands of sales for them.
 */
export async function loadDashboard(db: Db, now = new Date(), opts: { shareMoney?: boolean } = {}): Promise<Dashboard> {
  const today = madridDate(now);
  const month = madridMonth(now);
  const months = monthsEndingAt(month, REVENUE_MONTHS);
  const from = madridDayStart(`${months[0]}-01`);
  const to = madridDayStart(`${addMonths(month, 1)}-01`);
  const readMoney = async (): Promise<MoneyRows> => {
    const [sales, refunds] = await Promise.all([
      // Summed per month in the database: a busy year is tens of thousands of sales.
      salesPaidByPeriod(db, [...months.map((m) => madridDayStart(`${m}-01`)), to]),
      refundsMadeBetween(db, from, to),
    ]);
    return { sales, refunds };
  };
  const [money, editions, questions] = await Promise.all([
    opts.shareMoney
      ? moneyMemo.get(db, month, now.getTime(), readMoney)
      : readMoney().then((value) => ({ value, readAt: now.getTime() })),
    upcomingEditions(db, today),
    unansweredQuestions(db, now),
  ]);
  const { sales, refunds } = money.value;
  const real = sales.filter((o) => !o.demo);
  const refunded = bucketByMonth(
    refunds.filter((r) => !r.demo),
    months,
  );
  const totals: MonthTotal[] = months.map((m, i) => {
    const sold = real.filter((s) => s.bucket === i);
    return {
      month: m,
      cents: sold.reduce((sum, s) => sum + s.cents, 0) - refunded[i]!.cents,
      orders: sold.reduce((sum, s) => sum + s.orders, 0),
    };
  });
  const current = totals.at(-1)!;
  return {
    today,
    month,
    monthCents: current.cents,
    monthOrders: current.orders,
    months: totals,
    methods: byMethod(real.map((o) => ({ method: o.method, orders: o.orders, cents: o.keptCents }))),
    editions,
    questions,
    demoOrders: sales.filter((o) => o.demo).reduce((sum, o) => sum + o.orders, 0),
    moneyReadAt: new Date(money.readAt).toISOString(),
  };
}
