/**
 * Sales at the counter (issue 35) on SQLite and PostgreSQL: an appointment
 * charged with its services, a product and the deposit deducted, paid in cash
 * with change; its invoice through the chain; two staff charging the same
 * appointment at once; a walk-in split between card and cash; a return and
 * its rectificativa; stock never below zero; an issued sale never edited.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bookAppointment, type BookRequest } from "~/bookings/appointments.server.ts";
import { startDepositCheckout } from "~/bookings/deposits.server.ts";
import { chargeSale } from "~/counter/charge.server.ts";
import { editSale } from "~/counter/draft-edits.server.ts";
import { createProduct } from "~/counter/products.server.ts";
import { returnSaleLines } from "~/counter/returns.server.ts";
import { saleForAppointment, SaleNotEditableError, startWalkInSale } from "~/counter/sales.server.ts";
import type { Db } from "~/db/db.server.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { verifyBillingChain } from "~/invoices/verify.server.ts";
import { refundOrderAsStaff } from "~/orders/staff-refunds.server.ts";
import { processPaymentEvent } from "~/payments/checkout.server.ts";
import { demoSessionId } from "~/payments/demo.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_BILLING, TEST_INVOICING } from "../helpers/invoices.ts";
import { demoPaidEvent } from "../helpers/payments.ts";
import { demoSeatDeps, type SeatFixture } from "../helpers/seats.ts";

// Tuesday 24 November 2026, 18:00 in Madrid: after the morning's appointments.
const NOW = new Date("2026-11-24T17:00:00Z");
const rules = { ...DEFAULT_BOOKING_RULES, horizonDays: 200 };
const actor = { id: "staff-caja", email: "caja@example.com" };

let n = 0;
function request(overrides: Partial<BookRequest> = {}): BookRequest {
  n += 1;
  return {
    serviceIds: ["semipermanente"],
    professionalId: "laura",
    // 70 minutes each (service and buffer) within Laura's Tuesday, 9–14 h and 15–18 h.
    at: wallToInstant("2026-11-24", [540, 630, 720, 900, 990][n - 1]!),
    client: {
      userId: null,
      name: `Clienta ${n}`,
      email: `caja${n}@example.com`,
      phone: `+34613${String(n).padStart(6, "0")}`,
    },
    comment: "",
    source: "online",
    hold: true,
    now: new Date("2026-11-20T09:00:00Z"),
    rules,
    deposit: { provider: "demo" },
    ...overrides,
  };
}

describe.each(dbKinds)("counter sales on %s", (kind) => {
  let t: TestDb;
  let f: SeatFixture;
  let oilId = "";

  beforeAll(async () => {
    n = 0;
    t = await createTestDb(kind);
    f = demoSeatDeps(t.db, kind, TEST_INVOICING);
    await t.db.updateTable("services").set({ deposit_cents: 1000 }).where("id", "=", "semipermanente").execute();
    const oil = await createProduct(
      t.db,
      { ...actor, isOwner: false },
      {
        name: "Aceite de cutículas",
        nameCa: "Oli de cutícules",
        priceCents: 1250,
        vatRateBp: 2100,
        stock: 3,
        barcode: "8412345678905",
        allowNegativeStock: undefined,
        active: true,
      },
    );
    if (!oil.ok) throw new Error("product not created");
    oilId = oil.product.id;
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  beforeEach(() => vi.setSystemTime(NOW));
  afterAll(async () => {
    vi.useRealTimers();
    await t?.cleanup();
  });

  /** A confirmed appointment this morning whose 10 € deposit was paid online. */
  async function appointmentWithDeposit(locale: "es" | "ca" = "es") {
    vi.setSystemTime(new Date("2026-11-20T09:00:00Z"));
    const booked = await bookAppointment(t.db, request({ locale }));
    if (!booked.ok || !booked.depositOrderId) throw new Error(`booking failed: ${JSON.stringify(booked)}`);
    await startDepositCheckout(f.deps, booked.appointmentId);
    const orderId = booked.depositOrderId;
    expect(await processPaymentEvent(f.deps, demoPaidEvent({ orderId, sessionId: demoSessionId(orderId) }))).toBe(
      "paid",
    );
    vi.setSystemTime(NOW);
    return { appointmentId: booked.appointmentId, depositOrderId: orderId };
  }

  const stockOf = async (db: Db) =>
    (await db.selectFrom("products").select("stock").where("id", "=", oilId).executeTakeFirstOrThrow()).stock;

  async function invoiceOf(orderId: string, kinds = ["F1", "F2"]) {
    const invoice = await t.db
      .selectFrom("invoices")
      .selectAll()
      .where("order_id", "=", orderId)
      .where("kind", "in", kinds)
      .executeTakeFirstOrThrow();
    const lines = await t.db
      .selectFrom("invoice_lines")
      .select(["description", "quantity", "vat_rate_bp", "base_cents", "vat_cents", "total_cents"])
      .where("invoice_id", "=", invoice.id)
      .orderBy("position")
      .execute();
    return { invoice, lines };
  }

  it("charges an appointment: its service, a product, the deposit deducted, cash with change, one invoice", async () => {
    const { appointmentId } = await appointmentWithDeposit();
    const saleId = await saleForAppointment(t.db, appointmentId, actor, NOW);
    // A second opening finds the same sale.
    expect(await saleForAppointment(t.db, appointmentId, actor, NOW)).toBe(saleId);
    expect(
      await editSale(
        t.db,
        saleId,
        { kind: "add-product", productId: null, barcode: "8412345678905", quantity: 1 },
        actor,
        NOW,
      ),
    ).toEqual({ ok: true });

    const result = await chargeSale(
      t.db,
      saleId,
      { payments: [{ method: "cash", amountCents: 2500 + 1250 - 1000, tenderedCents: 5000 }], tipCents: 0 },
      actor,
      TEST_INVOICING,
      NOW,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.changeCents).toBe(5000 - 2750);

    const order = await t.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", result.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      kind: "counter",
      status: "paid",
      total_cents: 2750,
      payment_method: "cash",
      provider: "counter",
    });
    const { invoice, lines } = await invoiceOf(result.orderId);
    expect(invoice).toMatchObject({ kind: "F2", total_cents: 2750, payment_method: "Efectivo" });
    expect(
      lines.map((l) => [l.description.replace(/(?:DEMO-)?AN\d{4}-\d{6}/, "AN…"), l.quantity, l.total_cents]),
    ).toEqual([
      ["Manicura semipermanente", 1, 2500],
      ["Aceite de cutículas", 1, 1250],
      ["Señal pagada al reservar (factura AN…)", 1, -1000],
    ]);
    expect(lines.every((l) => l.base_cents + l.vat_cents === l.total_cents && l.vat_rate_bp === 2100)).toBe(true);
    expect(await stockOf(t.db)).toBe(2);
    const appointment = await t.db
      .selectFrom("appointments")
      .select("status")
      .where("id", "=", appointmentId)
      .executeTakeFirstOrThrow();
    expect(appointment.status).toBe("attended");
    const payments = await t.db
      .selectFrom("counter_payments")
      .select(["method", "amount_cents", "tendered_cents"])
      .where("sale_id", "=", saleId)
      .execute();
    expect(payments).toEqual([{ method: "cash", amount_cents: 2750, tendered_cents: 5000 }]);

    // An issued sale is never edited: every edit and a second charge are refused.
    await expect(editSale(t.db, saleId, { kind: "remove-line", lineId: "x" }, actor, NOW)).rejects.toBeInstanceOf(
      SaleNotEditableError,
    );
    // Nor given back through the payment provider: the staff's refund form refuses it (its kind says so).
    expect(
      await refundOrderAsStaff(t.db, actor, {
        orderId: result.orderId,
        amountCents: 100,
        reason: "staff",
        note: "Por error",
        refundId: "00000000-0000-4000-8000-000000000001",
      }),
    ).toMatchObject({ ok: false, reason: "at-counter" });
    expect(await chargeSale(t.db, saleId, { payments: [], tipCents: 0 }, actor, TEST_INVOICING, NOW)).toEqual({
      ok: false,
      reason: "already-charged",
    });
    expect(await verifyBillingChain(t.db)).toMatchObject({ broken: null, xmlMismatches: [] });
  });

  it("writes the invoice of a Catalan client's sale in Catalan", async () => {
    const { appointmentId } = await appointmentWithDeposit("ca");
    const saleId = await saleForAppointment(t.db, appointmentId, actor, NOW);
    await editSale(t.db, saleId, { kind: "add-product", productId: oilId, barcode: null, quantity: 1 }, actor, NOW);
    const result = await chargeSale(
      t.db,
      saleId,
      { payments: [{ method: "card", amountCents: 2750 }], tipCents: 300 },
      actor,
      TEST_INVOICING,
      NOW,
    );
    expect(result).toMatchObject({ ok: false, reason: "payments-mismatch" });
    const paid = await chargeSale(
      t.db,
      saleId,
      { payments: [{ method: "card", amountCents: 3050 }], tipCents: 300 },
      actor,
      TEST_INVOICING,
      NOW,
    );
    if (!paid.ok) throw new Error(paid.reason);
    const { invoice, lines } = await invoiceOf(paid.orderId);
    // The tip is paid but never invoiced.
    expect(invoice).toMatchObject({ total_cents: 2750, payment_method: "Targeta (datàfon)" });
    expect(lines.map((l) => l.description)).toEqual([
      "Manicura semipermanent",
      "Oli de cutícules",
      // The deposit was paid on the demo gateway here: its document is in the demo series.
      expect.stringMatching(/^Senyal pagat en reservar \(factura (?:DEMO-)?AN\d{4}-\d{6}\)$/),
    ]);
  });

  it("makes one sale when two staff charge the same appointment at once", async () => {
    const { appointmentId } = await appointmentWithDeposit();
    const [a, b] = await Promise.all([
      saleForAppointment(t.db, appointmentId, actor, NOW),
      saleForAppointment(t.db, appointmentId, { id: "staff-2", email: "otra@example.com" }, NOW),
    ]);
    expect(a).toBe(b);
    const pay = { payments: [{ method: "bizum" as const, amountCents: 1500 }], tipCents: 0 };
    const results = await Promise.all([
      chargeSale(t.db, a, pay, actor, TEST_INVOICING, NOW),
      chargeSale(t.db, b, pay, { id: "staff-2", email: "otra@example.com" }, TEST_INVOICING, NOW),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "already-charged" }]);
    const sales = await t.db
      .selectFrom("counter_sales")
      .select("order_id")
      .where("appointment_id", "=", appointmentId)
      .execute();
    expect(sales).toHaveLength(1);
    const orders = await t.db.selectFrom("orders").select("id").where("id", "=", sales[0]!.order_id!).execute();
    expect(orders).toHaveLength(1);
  });

  it("charges a walk-in split between card and cash, and a return makes a rectificativa and restocks", async () => {
    const saleId = await startWalkInSale(t.db, { professionalId: "laura" }, actor, NOW);
    await editSale(
      t.db,
      saleId,
      { kind: "add-service", serviceId: "semipermanente", professionalId: null },
      actor,
      NOW,
    );
    await editSale(t.db, saleId, { kind: "add-product", productId: oilId, barcode: null, quantity: 1 }, actor, NOW);
    const before = await stockOf(t.db);
    const result = await chargeSale(
      t.db,
      saleId,
      {
        payments: [
          { method: "card", amountCents: 2000 },
          { method: "cash", amountCents: 1750, tenderedCents: 2000 },
        ],
        tipCents: 0,
      },
      actor,
      TEST_INVOICING,
      NOW,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.changeCents).toBe(250);
    const order = await t.db
      .selectFrom("orders")
      .select(["payment_method", "total_cents"])
      .where("id", "=", result.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ payment_method: "split", total_cents: 3750 });
    expect(await stockOf(t.db)).toBe(before - 1);

    const productLine = await t.db
      .selectFrom("counter_sale_lines")
      .select("id")
      .where("sale_id", "=", saleId)
      .where("product_id", "=", oilId)
      .executeTakeFirstOrThrow();
    const returned = await returnSaleLines(
      t.db,
      saleId,
      { lines: [{ lineId: productLine.id, quantity: 1 }], method: "cash", reason: "No le gusta el olor" },
      actor,
      TEST_INVOICING,
      NOW,
    );
    if (!returned.ok) throw new Error(returned.reason);
    expect(returned.amountCents).toBe(1250);
    expect(await stockOf(t.db)).toBe(before);
    const { invoice, lines } = await invoiceOf(result.orderId, ["R5"]);
    expect(invoice).toMatchObject({ kind: "R5", total_cents: -1250, reason: "Devolución en el salón" });
    expect(lines).toMatchObject([{ description: "Aceite de cutículas", total_cents: -1250 }]);
    // The same unit cannot be returned twice.
    expect(
      await returnSaleLines(
        t.db,
        saleId,
        { lines: [{ lineId: productLine.id, quantity: 1 }], method: "cash", reason: "Otra vez" },
        actor,
        TEST_INVOICING,
        NOW,
      ),
    ).toEqual({ ok: false, reason: "quantity" });
    const refreshed = await t.db
      .selectFrom("orders")
      .select(["refunded_cents", "status"])
      .where("id", "=", result.orderId)
      .executeTakeFirstOrThrow();
    expect(refreshed).toEqual({ refunded_cents: 1250, status: "paid" });
    expect(await verifyBillingChain(t.db)).toMatchObject({ broken: null, xmlMismatches: [] });
  });

  it("refuses to sell the last units twice and leaves nothing half written", async () => {
    await t.db.updateTable("products").set({ stock: 1 }).where("id", "=", oilId).execute();
    const first = await startWalkInSale(t.db, { professionalId: null }, actor, NOW);
    const second = await startWalkInSale(t.db, { professionalId: null }, actor, NOW);
    for (const id of [first, second]) {
      await editSale(t.db, id, { kind: "add-product", productId: oilId, barcode: null, quantity: 1 }, actor, NOW);
    }
    const pay = { payments: [{ method: "card" as const, amountCents: 1250 }], tipCents: 0 };
    const results = await Promise.all([
      chargeSale(t.db, first, pay, actor, TEST_INVOICING, NOW),
      chargeSale(t.db, second, pay, actor, TEST_INVOICING, NOW),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "out-of-stock" }]);
    expect(await stockOf(t.db)).toBe(0);
    // The refused sale is still a draft with no order, no payment, no invoice.
    const refused = results[0]!.ok ? second : first;
    const row = await t.db
      .selectFrom("counter_sales")
      .select(["status", "order_id"])
      .where("id", "=", refused)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "draft", order_id: null });
    expect(await t.db.selectFrom("counter_payments").select("id").where("sale_id", "=", refused).execute()).toEqual([]);
  });

  it("asks for the client's tax details above 3.000 € and then issues a factura completa", async () => {
    const saleId = await startWalkInSale(t.db, { professionalId: null }, actor, NOW);
    await editSale(
      t.db,
      saleId,
      {
        kind: "add-manual",
        description: "Bono de 10 tratamientos",
        priceCents: 310_000,
        vatRateBp: 2100,
        professionalId: null,
      },
      actor,
      NOW,
    );
    const pay = { payments: [{ method: "card" as const, amountCents: 310_000 }], tipCents: 0 };
    expect(await chargeSale(t.db, saleId, pay, actor, TEST_INVOICING, NOW)).toEqual({
      ok: false,
      reason: "needs-billing",
    });
    await editSale(
      t.db,
      saleId,
      { kind: "client", name: "Lucía Pérez", email: "LUCIA@example.com", billing: TEST_BILLING },
      actor,
      NOW,
    );
    const result = await chargeSale(t.db, saleId, pay, actor, TEST_INVOICING, NOW);
    if (!result.ok) throw new Error(result.reason);
    const { invoice } = await invoiceOf(result.orderId);
    expect(invoice).toMatchObject({ kind: "F1", buyer_email: "lucia@example.com", total_cents: 310_000 });
  });
});
