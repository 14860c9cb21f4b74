/**
 * Counter sales written straight into the tables, as the charging code leaves
 * them (a paid order with its lines, the charged sale, its lines, payments),
 * with optional invoices and returns: the material of the cash-day tests.
 */
import type { Db } from "~/db/db.server.ts";
import { CashDayError } from "~/counter/cash-day.server.ts";
import { splitVatIncluded } from "~/domain/invoice-math.ts";
import { newId } from "~/lib/ids.server.ts";

export interface FixtureLine {
  professionalId: string | null;
  /** The line's net total after discounts. */
  totalCents: number;
  vatRateBp: number;
  quantity?: number;
  kind?: "service" | "product" | "manual";
}

export interface FixtureSale {
  day: string;
  lines: FixtureLine[];
  payments: { method: "cash" | "card" | "bizum"; amountCents: number }[];
  tipCents?: number;
  status?: "charged" | "draft" | "discarded";
}

const AT = "2026-11-24T11:00:00.000Z";

/** A counter sale with its order; returns its ids (the order's line ids in the lines' order). */
export async function insertSale(db: Db, sale: FixtureSale) {
  const orderId = newId();
  const saleId = newId();
  const total = sale.lines.reduce((s, l) => s + l.totalCents, 0);
  await db
    .insertInto("orders")
    .values({
      id: orderId,
      user_id: null,
      email: null,
      status: "paid",
      total_cents: total,
      currency: "eur",
      payment_method: "counter",
      provider: "counter",
      provider_session_id: null,
      withdrawal_waiver_at: null,
      created_at: AT,
      updated_at: AT,
      paid_at: AT,
      checkout_key: null,
      checkout_completed_at: null,
      confirmation_sent_at: null,
      billing_name: null,
      billing_tax_id: null,
      billing_address: null,
      billing_postal_code: null,
      billing_city: null,
      kind: "counter",
      appointment_id: null,
    })
    .execute();
  const itemIds = sale.lines.map(() => newId());
  for (const [i, line] of sale.lines.entries()) {
    await db
      .insertInto("order_items")
      .values({
        id: itemIds[i] as string,
        order_id: orderId,
        course_id: null,
        edition_id: null,
        title: `Línea ${i + 1}`,
        price_cents: line.totalCents,
        edition_starts_on: null,
        edition_ends_on: null,
        quantity: line.quantity ?? 1,
      })
      .execute();
  }
  await db
    .insertInto("counter_sales")
    .values({
      id: saleId,
      status: sale.status ?? "charged",
      appointment_id: null,
      client_user_id: null,
      client_name: null,
      client_email: null,
      professional_id: null,
      discount_kind: null,
      discount_value: null,
      discount_reason: null,
      deposit_order_id: null,
      tip_cents: sale.tipCents ?? 0,
      billing: null,
      order_id: orderId,
      cash_day: sale.day,
      created_by: "fixture",
      created_at: AT,
      updated_at: AT,
      charged_at: AT,
      charged_by: "fixture",
    })
    .execute();
  for (const [i, line] of sale.lines.entries()) {
    const quantity = line.quantity ?? 1;
    await db
      .insertInto("counter_sale_lines")
      .values({
        id: newId(),
        sale_id: saleId,
        position: i,
        kind: line.kind ?? "service",
        service_id: null,
        product_id: null,
        professional_id: line.professionalId,
        description: `Línea ${i + 1}`,
        quantity,
        list_price_cents: Math.round(line.totalCents / quantity),
        unit_price_cents: Math.round(line.totalCents / quantity),
        price_reason: null,
        discount_reason: null,
        vat_rate_bp: line.vatRateBp,
        order_item_id: itemIds[i] ?? null,
      })
      .execute();
  }
  for (const p of sale.payments) {
    await db
      .insertInto("counter_payments")
      .values({
        id: newId(),
        sale_id: saleId,
        method: p.method,
        amount_cents: p.amountCents,
        tendered_cents: null,
        created_at: AT,
      })
      .execute();
  }
  return { saleId, orderId, itemIds };
}

let invoiceNumber = 0;

/** An invoice of an order (F2) or a rectificativa of a refund (R5), its lines split by VAT rate. */
export async function insertInvoice(
  db: Db,
  input: {
    orderId: string;
    kind: "F2" | "R5";
    refundId?: string;
    lines: { totalCents: number; vatRateBp: number }[];
  },
) {
  const id = newId();
  const lines = input.lines.map((l) => ({
    ...splitVatIncluded(l.totalCents, "standard", l.vatRateBp),
    totalCents: l.totalCents,
  }));
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
  invoiceNumber += 1;
  const series = input.kind === "F2" ? "ZT2026" : "ZTR2026";
  await db
    .insertInto("invoices")
    .values({
      id,
      series,
      number: invoiceNumber,
      full_number: `${series}-${String(invoiceNumber).padStart(6, "0")}`,
      kind: input.kind,
      order_id: input.orderId,
      refund_id: input.refundId ?? null,
      rectified_invoice_id: null,
      issued_at: AT,
      issue_date: "2026-11-24",
      operation_date: null,
      seller: "{}",
      buyer: null,
      buyer_email: null,
      base_cents: sum((l) => l.baseCents),
      vat_cents: sum((l) => l.vatCents),
      total_cents: sum((l) => l.totalCents),
      currency: "eur",
      payment_method: null,
      reason: input.kind === "R5" ? "Devolución" : null,
      qr_url: "",
      verifactu: 0,
    })
    .execute();
  for (const [position, line] of lines.entries()) {
    await db
      .insertInto("invoice_lines")
      .values({
        id: newId(),
        invoice_id: id,
        position,
        order_item_id: null,
        description: `Línea ${position + 1}`,
        detail: null,
        quantity: 1,
        vat_treatment: "standard",
        vat_rate_bp: line.vatRateBp,
        base_cents: line.baseCents,
        vat_cents: line.vatCents,
        total_cents: line.totalCents,
      })
      .execute();
  }
  return id;
}

/** Money given back at the counter for a sale: its refund row and the counter return. */
export async function insertReturn(
  db: Db,
  input: { saleId: string; orderId: string; day: string; method: "cash" | "card" | "bizum"; amountCents: number },
) {
  const refundId = newId();
  await db
    .insertInto("refunds")
    .values({
      id: refundId,
      order_id: input.orderId,
      amount_cents: input.amountCents,
      reason: "staff",
      status: "succeeded",
      provider_refund_id: null,
      created_at: AT,
      completed_at: AT,
      item_ids: null,
    })
    .execute();
  await db
    .insertInto("counter_returns")
    .values({
      id: newId(),
      sale_id: input.saleId,
      refund_id: refundId,
      method: input.method,
      amount_cents: input.amountCents,
      reason: "La clienta no quería el producto",
      lines: "[]",
      cash_day: input.day,
      created_by: "fixture",
      created_at: AT,
    })
    .execute();
  return refundId;
}

/** The refusal a till operation ended with (any other outcome fails the test). */
export async function refusal(promise: Promise<unknown>): Promise<CashDayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CashDayError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** The audit entries of a cash day, oldest first. */
export async function audits(db: Db, day: string) {
  return db
    .selectFrom("audit_log")
    .select(["action", "actor_email", "before_json", "after_json"])
    .where("entity_type", "=", "cash_day")
    .where("entity_id", "=", day)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
