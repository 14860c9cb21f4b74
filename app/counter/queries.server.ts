/**
 * What the counter's screens read (issue 35): the day's appointments with
 * whether each is charged, the day's sales, the drafts in progress, and one
 * sale with everything its screen shows.
 */
import type { Db } from "~/db/db.server.ts";
import { addDays, madridDayStart } from "~/domain/calendar-dates.ts";
import { saleDiscountOf, saleLineOf, saleLines, getSale } from "./sales.server.ts";
import { saleTotals } from "./sale-math.ts";

export interface CounterAppointment {
  id: string;
  startsAt: string;
  clientName: string;
  professionalName: string;
  status: string;
  priceCents: number;
  /** The live sale: its id and whether it is charged. */
  sale: { id: string; charged: boolean } | null;
}

/** The day's kept appointments (Madrid day), earliest first, each with its sale if it has one. */
export async function appointmentsToCharge(db: Db, day: string): Promise<CounterAppointment[]> {
  const rows = await db
    .selectFrom("appointments")
    .innerJoin("professionals", "professionals.id", "appointments.professional_id")
    .leftJoin("counter_sales", (join) =>
      join
        .onRef("counter_sales.appointment_id", "=", "appointments.id")
        .on("counter_sales.status", "in", ["draft", "charged"]),
    )
    .select([
      "appointments.id",
      "appointments.starts_at",
      "appointments.client_name",
      "appointments.status",
      "appointments.price_cents",
      "professionals.name as professional_name",
      "counter_sales.id as sale_id",
      "counter_sales.status as sale_status",
    ])
    .where("appointments.starts_at", ">=", madridDayStart(day).toISOString())
    .where("appointments.starts_at", "<", madridDayStart(addDays(day, 1)).toISOString())
    .where("appointments.status", "in", ["confirmed", "attended", "no_show"])
    .orderBy("appointments.starts_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    startsAt: r.starts_at,
    clientName: r.client_name,
    professionalName: r.professional_name,
    status: r.status,
    priceCents: r.price_cents,
    sale: r.sale_id ? { id: r.sale_id, charged: r.sale_status === "charged" } : null,
  }));
}

export interface CounterSaleSummary {
  id: string;
  chargedAt: string | null;
  updatedAt: string;
  clientName: string | null;
  totalCents: number | null;
  paymentMethod: string | null;
  refundedCents: number;
  invoiceNumber: string | null;
}

/** The sales charged into a cash day, latest first. */
export async function salesOfDay(db: Db, day: string): Promise<CounterSaleSummary[]> {
  const rows = await db
    .selectFrom("counter_sales")
    .innerJoin("orders", "orders.id", "counter_sales.order_id")
    .leftJoin("invoices", (join) =>
      join.onRef("invoices.order_id", "=", "orders.id").on("invoices.kind", "in", ["F1", "F2"]),
    )
    .select([
      "counter_sales.id",
      "counter_sales.charged_at",
      "counter_sales.updated_at",
      "counter_sales.client_name",
      "orders.total_cents",
      "orders.payment_method",
      "orders.refunded_cents",
      "invoices.full_number",
    ])
    .where("counter_sales.cash_day", "=", day)
    .where("counter_sales.status", "=", "charged")
    .orderBy("counter_sales.charged_at", "desc")
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    chargedAt: r.charged_at,
    updatedAt: r.updated_at,
    clientName: r.client_name,
    totalCents: r.total_cents,
    paymentMethod: r.payment_method,
    refundedCents: r.refunded_cents,
    invoiceNumber: r.full_number,
  }));
}

/** Everything the sale screen shows. Undefined for an unknown sale. */
export async function loadSale(db: Db, saleId: string) {
  const sale = await getSale(db, saleId);
  if (!sale) return undefined;
  const rows = await saleLines(db, saleId);
  const computed = saleTotals(rows.map(saleLineOf), saleDiscountOf(sale), sale.deposit_cents);
  const payments = await db
    .selectFrom("counter_payments")
    .select(["method", "amount_cents", "tendered_cents"])
    .where("sale_id", "=", saleId)
    .orderBy("created_at")
    .execute();
  const invoices = sale.order_id
    ? await db
        .selectFrom("invoices")
        .select(["id", "full_number", "kind", "total_cents"])
        .where("order_id", "=", sale.order_id)
        .orderBy("issued_at")
        .execute()
    : [];
  const returns = await db
    .selectFrom("counter_returns")
    .select(["id", "amount_cents", "method", "reason", "lines", "created_at"])
    .where("sale_id", "=", saleId)
    .orderBy("created_at")
    .execute();
  const appointment = sale.appointment_id
    ? await db
        .selectFrom("appointments")
        .select(["id", "starts_at", "status"])
        .where("id", "=", sale.appointment_id)
        .executeTakeFirst()
    : undefined;
  return { sale, rows, computed, payments, invoices, returns, appointment: appointment ?? null };
}

/** The choices of the sale screen: active services, active products, active professionals. */
export async function saleChoices(db: Db) {
  const [services, products, professionals] = await Promise.all([
    db
      .selectFrom("services")
      .select(["id", "name", "price_cents"])
      .where("active", "=", 1)
      .orderBy("sort_order")
      .orderBy("name")
      .execute(),
    db
      .selectFrom("products")
      .select(["id", "name", "price_cents", "stock", "allow_negative_stock"])
      .where("active", "=", 1)
      .orderBy("name")
      .execute(),
    db.selectFrom("professionals").select(["id", "name"]).where("active", "=", 1).orderBy("sort_order").execute(),
  ]);
  return { services, products, professionals };
}
