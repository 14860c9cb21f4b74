/**
 * The Z report of a cash day (issue 35): what the day's charged counter sales
 * and returns add up to. All integer cents. Reads only; re-exported by
 * cash-day.server.ts.
 *
 * - Sales: how many, their invoiced total (`orders.total_cents`) and the tips
 *   paid on top (never invoiced); what was taken is both together.
 * - By payment method: what each brought in (`counter_payments`, cash net of
 *   change, tips included), what each gave back (`counter_returns`) and the net.
 * - By VAT rate: base, VAT and total of the lines of the sales' ordinary
 *   invoices (F1, F2), and apart the rectificativas (R4, R5) of the day's
 *   returns, whose amounts are negative as issued; a sale whose invoice waits
 *   (the seller data was incomplete) is counted in `salesWithoutInvoice`.
 * - Per professional: the sold lines (`counter_sale_lines` → `order_items`,
 *   the net after every discount) by the line's professional; lines without
 *   one under "Sin profesional". Returns are not taken off here.
 */
import type { Db } from "~/db/db.server.ts";
import { COUNTER_PAYMENT_METHODS, type CounterPaymentMethod } from "./sale-math.ts";
import { dayState, type CashDayState } from "./cash-day-state.server.ts";

export interface VatRow {
  rateBp: number;
  baseCents: number;
  vatCents: number;
  totalCents: number;
}

export interface ZReport {
  day: string;
  salesCount: number;
  /** The invoiced total of the day's sales. */
  salesTotalCents: number;
  tipsCents: number;
  /** Everything the sales' payments brought in (invoiced total + tips). */
  takenCents: number;
  byMethod: { method: CounterPaymentMethod; takenCents: number; returnedCents: number; netCents: number }[];
  byVat: VatRow[];
  /** The rectificativas of the day's returns (negative amounts). */
  refundsByVat: VatRow[];
  salesWithoutInvoice: number;
  returns: { count: number; totalCents: number };
  perProfessional: { professionalId: string | null; name: string; lines: number; netCents: number }[];
  /** The till: float, movements, expected and (once closed) the count. */
  cash: CashDayState;
}

export const NO_PROFESSIONAL = "Sin profesional";

const num = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

function vatRows(rows: { rate: number; base: number | null; vat: number | null; total: number | null }[]): VatRow[] {
  return rows.map((r) => ({
    rateBp: num(r.rate),
    baseCents: num(r.base),
    vatCents: num(r.vat),
    totalCents: num(r.total),
  }));
}

function chargedSales(db: Db, day: string) {
  return db
    .selectFrom("counter_sales")
    .where("counter_sales.status", "=", "charged")
    .where("counter_sales.cash_day", "=", day);
}

export async function zReport(db: Db, day: string): Promise<ZReport> {
  const [sales, withoutInvoice, byVat, refundsByVat, returns, professionals, cash] = await Promise.all([
    chargedSales(db, day)
      .innerJoin("orders", "orders.id", "counter_sales.order_id")
      .select((eb) => [
        eb.fn.countAll<number>().as("n"),
        eb.fn.sum<number>("orders.total_cents").as("total"),
        eb.fn.sum<number>("counter_sales.tip_cents").as("tips"),
      ])
      .executeTakeFirstOrThrow(),
    chargedSales(db, day)
      .leftJoin("invoices", (join) =>
        join.onRef("invoices.order_id", "=", "counter_sales.order_id").on("invoices.kind", "in", ["F1", "F2"]),
      )
      .where("invoices.id", "is", null)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    chargedSales(db, day)
      .innerJoin("invoices", "invoices.order_id", "counter_sales.order_id")
      .innerJoin("invoice_lines", "invoice_lines.invoice_id", "invoices.id")
      .where("invoices.kind", "in", ["F1", "F2"])
      .select((eb) => [
        "invoice_lines.vat_rate_bp as rate",
        eb.fn.sum<number>("invoice_lines.base_cents").as("base"),
        eb.fn.sum<number>("invoice_lines.vat_cents").as("vat"),
        eb.fn.sum<number>("invoice_lines.total_cents").as("total"),
      ])
      .groupBy("invoice_lines.vat_rate_bp")
      .orderBy("invoice_lines.vat_rate_bp", "desc")
      .execute(),
    db
      .selectFrom("counter_returns")
      .innerJoin("invoices", "invoices.refund_id", "counter_returns.refund_id")
      .innerJoin("invoice_lines", "invoice_lines.invoice_id", "invoices.id")
      .where("counter_returns.cash_day", "=", day)
      .where("invoices.kind", "in", ["R4", "R5"])
      .select((eb) => [
        "invoice_lines.vat_rate_bp as rate",
        eb.fn.sum<number>("invoice_lines.base_cents").as("base"),
        eb.fn.sum<number>("invoice_lines.vat_cents").as("vat"),
        eb.fn.sum<number>("invoice_lines.total_cents").as("total"),
      ])
      .groupBy("invoice_lines.vat_rate_bp")
      .orderBy("invoice_lines.vat_rate_bp", "desc")
      .execute(),
    db
      .selectFrom("counter_returns")
      .where("cash_day", "=", day)
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("amount_cents").as("total")])
      .executeTakeFirstOrThrow(),
    chargedSales(db, day)
      .innerJoin("counter_sale_lines", "counter_sale_lines.sale_id", "counter_sales.id")
      .innerJoin("order_items", "order_items.id", "counter_sale_lines.order_item_id")
      .leftJoin("professionals", "professionals.id", "counter_sale_lines.professional_id")
      .select((eb) => [
        "counter_sale_lines.professional_id as professionalId",
        "professionals.name",
        eb.fn.countAll<number>().as("lines"),
        eb.fn.sum<number>("order_items.price_cents").as("net"),
      ])
      .groupBy(["counter_sale_lines.professional_id", "professionals.name"])
      .execute(),
    dayState(db, day),
  ]);
  const salesTotalCents = num(sales.total);
  const tipsCents = num(sales.tips);
  const perProfessional = professionals
    .map((p) => ({
      professionalId: p.professionalId,
      name: p.professionalId === null ? NO_PROFESSIONAL : (p.name ?? "Profesional borrada"),
      lines: num(p.lines),
      netCents: num(p.net),
    }))
    // By name, "Sin profesional" last.
    .sort(
      (a, b) =>
        Number(a.professionalId === null) - Number(b.professionalId === null) || a.name.localeCompare(b.name, "es"),
    );
  return {
    day,
    salesCount: num(sales.n),
    salesTotalCents,
    tipsCents,
    takenCents: COUNTER_PAYMENT_METHODS.reduce((sum, m) => sum + cash.takenByMethod[m], 0),
    byMethod: COUNTER_PAYMENT_METHODS.map((method) => ({
      method,
      takenCents: cash.takenByMethod[method],
      returnedCents: cash.returnedByMethod[method],
      netCents: cash.takenByMethod[method] - cash.returnedByMethod[method],
    })),
    byVat: vatRows(byVat),
    refundsByVat: vatRows(refundsByVat),
    salesWithoutInvoice: num(withoutInvoice.n),
    returns: { count: num(returns.n), totalCents: num(returns.total) },
    perProfessional,
    cash,
  };
}
