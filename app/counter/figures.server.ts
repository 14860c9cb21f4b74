/**
 * The reads behind the counter's figures (/gestion/caja/cifras and its CSV):
 * the period's charged lines and returns, its tips and payments, and the
 * names and commission rates they are counted with. Every query is bounded by
 * the period's cash days (counter_sales_day_idx, counter_returns_day_idx).
 * The counting itself is pure: ./figures.ts.
 */
import type { Db } from "~/db/db.server.ts";
import type { CommissionRates } from "./commission.ts";
import type { FiguresPeriod } from "./figures-period.ts";
import {
  counterFigures,
  returnFigureLines,
  type CounterFigures,
  type FigureLine,
  type FigureNames,
  type FiguresInput,
  type SoldLine,
} from "./figures.ts";
import type { CounterLineKind } from "./sale-math.ts";

/** Whose figures: everyone's (the owner) or one professional's (a staff member's own). */
export type FiguresScope = { all: true } | { all: false; professionalId: string };

/** The professional linked to a staff account, or null. */
export async function professionalOfUser(db: Db, userId: string): Promise<{ id: string; name: string } | null> {
  const row = await db
    .selectFrom("professionals")
    .select(["id", "name"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}

/** The sales charged into the period (a subquery). */
function chargedSales(db: Db, period: FiguresPeriod) {
  return db
    .selectFrom("counter_sales")
    .where("counter_sales.status", "=", "charged")
    .where("counter_sales.cash_day", ">=", period.from)
    .where("counter_sales.cash_day", "<=", period.to);
}

/** The returns made in the period (a subquery). */
function periodReturns(db: Db, period: FiguresPeriod) {
  return db
    .selectFrom("counter_returns")
    .where("counter_returns.cash_day", ">=", period.from)
    .where("counter_returns.cash_day", "<=", period.to);
}

/** Lines of charged sales with their net; `where` narrows to the sales wanted. */
function soldLinesQuery(db: Db) {
  return db
    .selectFrom("counter_sale_lines")
    .innerJoin("counter_sales", "counter_sales.id", "counter_sale_lines.sale_id")
    .innerJoin("order_items", "order_items.id", "counter_sale_lines.order_item_id")
    .select([
      "counter_sale_lines.id",
      "counter_sale_lines.kind",
      "counter_sale_lines.service_id",
      "counter_sale_lines.product_id",
      "counter_sale_lines.professional_id",
      "counter_sale_lines.description",
      "counter_sale_lines.quantity",
      "counter_sale_lines.vat_rate_bp",
      "counter_sales.professional_id as sale_professional_id",
      "counter_sales.order_id",
      "counter_sales.cash_day",
      "order_items.price_cents",
    ])
    .where("counter_sales.status", "=", "charged")
    .orderBy("counter_sales.cash_day")
    .orderBy("counter_sales.charged_at")
    .orderBy("counter_sale_lines.sale_id")
    .orderBy("counter_sale_lines.position");
}

type SoldRow = Awaited<ReturnType<ReturnType<typeof soldLinesQuery>["execute"]>>[number];

const soldLine = (r: SoldRow): SoldLine => ({
  lineId: r.id,
  kind: r.kind as CounterLineKind,
  professionalId: r.professional_id ?? r.sale_professional_id,
  serviceId: r.service_id,
  productId: r.product_id,
  description: r.description,
  quantity: Number(r.quantity),
  netCents: Number(r.price_cents),
  vatRateBp: Number(r.vat_rate_bp),
});

function parseReturned(json: string): { lineId: string; quantity: number }[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((l: { lineId?: unknown; quantity?: unknown }) =>
      typeof l?.lineId === "string" && typeof l.quantity === "number"
        ? [{ lineId: l.lineId, quantity: l.quantity }]
        : [],
    );
  } catch {
    return [];
  }
}

/** Everything the figures and the CSV count, for the period and scope. */
export async function figuresInput(db: Db, period: FiguresPeriod, scope: FiguresScope): Promise<FiguresInput> {
  const mine = (professionalId: string | null) => scope.all || professionalId === scope.professionalId;
  const [soldRows, returns, returnedRows, invoices, rectificativas, professionals, services, products] =
    await Promise.all([
      soldLinesQuery(db)
        .where("counter_sales.cash_day", ">=", period.from)
        .where("counter_sales.cash_day", "<=", period.to)
        .execute(),
      periodReturns(db, period)
        .select(["counter_returns.refund_id", "counter_returns.cash_day", "counter_returns.lines"])
        .orderBy("counter_returns.created_at")
        .execute(),
      soldLinesQuery(db)
        .where("counter_sale_lines.sale_id", "in", periodReturns(db, period).select("counter_returns.sale_id"))
        .execute(),
      db
        .selectFrom("invoices")
        .select(["order_id", "full_number"])
        .where("kind", "in", ["F1", "F2"])
        .where("order_id", "in", chargedSales(db, period).select("counter_sales.order_id"))
        .orderBy("issued_at")
        .execute(),
      db
        .selectFrom("invoices")
        .select(["refund_id", "full_number"])
        .where("refund_id", "in", periodReturns(db, period).select("counter_returns.refund_id"))
        .execute(),
      db.selectFrom("professionals").select(["id", "name", "commission_bp"]).execute(),
      db.selectFrom("services").select(["id", "name", "commission_bp"]).execute(),
      db.selectFrom("products").select(["id", "name"]).execute(),
    ]);
  const invoiceOfOrder = new Map<string, string>();
  for (const i of invoices) if (!invoiceOfOrder.has(i.order_id)) invoiceOfOrder.set(i.order_id, i.full_number);
  const rectificativaOf = new Map(rectificativas.map((r) => [r.refund_id ?? "", r.full_number]));
  const sold: FigureLine[] = soldRows.map((r) => {
    const { lineId: _lineId, ...line } = soldLine(r);
    return {
      ...line,
      day: r.cash_day ?? period.from,
      movement: "sale" as const,
      document: (r.order_id && invoiceOfOrder.get(r.order_id)) || null,
    };
  });
  const soldById = new Map(returnedRows.map((r) => [r.id, soldLine(r)]));
  const returned = returns.flatMap((ret) =>
    returnFigureLines(
      { day: ret.cash_day, document: rectificativaOf.get(ret.refund_id) ?? null, lines: parseReturned(ret.lines) },
      soldById,
    ),
  );
  const [tips, charged, given] = await Promise.all([
    chargedSales(db, period)
      .select((eb) => ["counter_sales.professional_id", eb.fn.sum<number>("counter_sales.tip_cents").as("cents")])
      .where("counter_sales.tip_cents", ">", 0)
      .groupBy("counter_sales.professional_id")
      .execute(),
    scope.all
      ? db
          .selectFrom("counter_payments")
          .innerJoin("counter_sales", "counter_sales.id", "counter_payments.sale_id")
          .select((eb) => ["counter_payments.method", eb.fn.sum<number>("counter_payments.amount_cents").as("cents")])
          .where("counter_sales.status", "=", "charged")
          .where("counter_sales.cash_day", ">=", period.from)
          .where("counter_sales.cash_day", "<=", period.to)
          .groupBy("counter_payments.method")
          .execute()
      : [],
    scope.all
      ? periodReturns(db, period)
          .select((eb) => ["counter_returns.method", eb.fn.sum<number>("counter_returns.amount_cents").as("cents")])
          .groupBy("counter_returns.method")
          .execute()
      : [],
  ]);
  return {
    lines: [...sold, ...returned].filter((l) => mine(l.professionalId)),
    rates: {
      professionals: new Map(professionals.map((p) => [p.id, p.commission_bp])),
      services: new Map(services.map((s) => [s.id, s.commission_bp])),
    } satisfies CommissionRates,
    names: {
      professionals: new Map(professionals.map((p) => [p.id, p.name])),
      services: new Map(services.map((s) => [s.id, s.name])),
      products: new Map(products.map((p) => [p.id, p.name])),
    } satisfies FigureNames,
    days: period.days,
    tips: tips
      .filter((t) => mine(t.professional_id))
      .map((t) => ({ professionalId: t.professional_id, cents: Number(t.cents) })),
    charged: charged.map((c) => ({ method: c.method, cents: Number(c.cents) })),
    returned: given.map((c) => ({ method: c.method, cents: Number(c.cents) })),
  };
}

/** The period's figures for the scope. */
export async function loadCounterFigures(db: Db, period: FiguresPeriod, scope: FiguresScope): Promise<CounterFigures> {
  return counterFigures(await figuresInput(db, period, scope));
}
