/**
 * The panel's "Hoy" (/gestion) against Facturas, on SQLite and PostgreSQL:
 * sales paid, a deposit, a refund and a demo sale made through the real
 * payment, booking and refund transactions (which issue the invoices), then
 * the day's and the month's online takings equal the totals Facturas shows for
 * the same day and month; the demo sale stays apart in both. Also today's
 * appointments with time, client, service and professional, and the count of
 * services still to review.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/bookings/appointments.server.ts";
import { chargeSale } from "~/counter/charge.server.ts";
import { editSale } from "~/counter/draft-edits.server.ts";
import { startWalkInSale } from "~/counter/sales.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { listStaffDemoDocuments, staffInvoiceTotals } from "~/invoices/staff-queries.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { completeRefund, requestRefund } from "~/orders/refunds.server.ts";
import { loadDashboard } from "~/staff/dashboard.server.ts";
import { loadToday, takingsOfDay } from "~/staff/today.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { insertCourse, insertOrder } from "./staff-orders-fixtures.ts";

/** Thursday 26 November 2026 in Madrid (UTC+1). */
const DAY = "2026-11-26";
const EVENING = new Date("2026-11-26T17:00:00.000Z");
const ACR = { courseId: "hoy-acrilico", title: "Uñas acrílicas", priceCents: 28000 }; // 21 % included
const RUSA = { courseId: "hoy-rusa", title: "Manicura rusa", priceCents: 45000 }; // exempt

describe.each(dbKinds)("the panel's today against Facturas on %s", (kind) => {
  let t: TestDb;

  const pay = (orderId: string, at: string) =>
    fulfilOrder(
      t.db,
      { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId, now: new Date(at) },
      TEST_INVOICING,
    );

  async function sale(lines: (typeof ACR)[], paidAt: string, provider = "stripe") {
    const user = await insertBuyer(t.db, { prefix: "hoy", firstName: "Lucía", lastName: "Pérez" });
    const id = await insertOrder(t.db, {
      user,
      lines,
      createdAt: new Date(Date.parse(paidAt) - 5 * 60_000).toISOString(),
      provider,
    });
    await pay(id, paidAt);
    return id;
  }

  async function refund(orderId: string, cents: number, at: string) {
    const refundId = await inTransaction(t.db, (trx) =>
      requestRefund(trx, { orderId, amountCents: cents, reason: "staff", now: new Date(at) }),
    );
    await completeRefund(t.db, refundId, `re_${refundId}`, new Date(at), TEST_INVOICING);
  }

  beforeAll(async () => {
    t = await createTestDb(kind);
    await insertCourse(t.db, ACR.courseId, ACR.title, ACR.priceCents);
    await insertCourse(t.db, RUSA.courseId, RUSA.title, RUSA.priceCents);
    await t.db.updateTable("courses").set({ vat_treatment: "exempt" }).where("id", "=", RUSA.courseId).execute();

    // Yesterday, refunded in part today: the sale yesterday, the refund today.
    const yesterday = await sale([ACR], "2026-11-25T10:00:00.000Z");
    // 00:30 today in Madrid, and 10:00.
    await sale([ACR], "2026-11-25T23:30:00.000Z");
    await sale([RUSA], "2026-11-26T09:00:00.000Z");
    await refund(yesterday, 10000, "2026-11-26T11:00:00.000Z");
    // 00:30 tomorrow in Madrid: not today, still November.
    await sale([ACR], "2026-11-26T23:30:00.000Z");
    // A demo sale today: no invoice, apart in both screens.
    await sale([ACR, RUSA], "2026-11-26T12:00:00.000Z", "demo");

    // An appointment with its deposit, paid online today (its invoice too).
    await t.db.updateTable("services").set({ deposit_cents: 1500 }).where("id", "=", "semipermanente").execute();
    const booked = await bookAppointment(t.db, {
      serviceIds: ["semipermanente"],
      professionalId: "laura",
      at: wallToInstant(DAY, 600),
      client: { userId: null, name: "Rosa Pons", email: "rosa.hoy@example.com", phone: "+34612000001" },
      comment: "",
      source: "online",
      hold: true,
      now: new Date("2026-11-26T08:00:00.000Z"),
      rules: { ...DEFAULT_BOOKING_RULES, noticeMinutes: 0, horizonDays: 400 },
      deposit: { provider: "stripe" },
    });
    if (!booked.ok || !booked.depositOrderId) throw new Error(`booking failed: ${JSON.stringify(booked)}`);
    await pay(booked.depositOrderId, "2026-11-26T08:10:00.000Z");

    // A manicure charged at the counter this afternoon, by card on the salon's terminal.
    const staff = { id: "staff-hoy", email: "caja@example.com" };
    const at = new Date("2026-11-26T15:00:00.000Z");
    const counterSale = await startWalkInSale(t.db, { professionalId: "laura" }, staff, at);
    await editSale(
      t.db,
      counterSale,
      { kind: "add-service", serviceId: "semipermanente", professionalId: null },
      staff,
      at,
    );
    const charged = await chargeSale(
      t.db,
      counterSale,
      { payments: [{ method: "card", amountCents: 2500 }], tipCents: 0 },
      staff,
      TEST_INVOICING,
      at,
    );
    if (!charged.ok) throw new Error(`counter sale refused: ${charged.reason}`);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("totals today's online takings by kind, minus today's refund", async () => {
    const takings = await takingsOfDay(t.db, DAY);
    expect(takings.byKind).toEqual([
      { kind: "courses", name: "Cursos", cents: 73000, orders: 2 },
      { kind: "deposit", name: "Señales de citas", cents: 1500, orders: 1 },
      { kind: "counter", name: "Caja del salón", cents: 2500, orders: 1 },
    ]);
    expect({ refunds: takings.refunds, refundsCents: takings.refundsCents, net: takings.netCents }).toEqual({
      refunds: 1,
      refundsCents: 10000,
      net: 67000,
    });
    expect({ demoOrders: takings.demoOrders, demoCents: takings.demoCents }).toEqual({
      demoOrders: 1,
      demoCents: 73000,
    });
  });

  it("equals Facturas' total for the same day, each day of the week, and the demo documents apart", async () => {
    for (const date of ["2026-11-24", "2026-11-25", DAY, "2026-11-27", "2026-11-28"]) {
      const facturas = await staffInvoiceTotals(t.db, { from: date, to: date });
      expect((await takingsOfDay(t.db, date)).netCents, date).toBe(facturas.totalCents);
    }
    expect((await staffInvoiceTotals(t.db, { from: DAY, to: DAY })).totalCents).toBe(67000);
    const demo = await listStaffDemoDocuments(t.db, { from: DAY, to: DAY });
    expect(demo.rows.reduce((sum, r) => sum + r.totalCents, 0)).toBe((await takingsOfDay(t.db, DAY)).demoCents);
  });

  it("equals Facturas' total for the month", async () => {
    const facturas = await staffInvoiceTotals(t.db, { from: "2026-11-01", to: "2026-11-30" });
    const panel = await loadDashboard(t.db, EVENING);
    expect(panel.monthCents).toBe(facturas.totalCents);
    // 280 + 280 + 450 + 280 + 15 + 25 (the counter) − 100.
    expect(panel.monthCents).toBe(123000);
  });

  it("lists today's appointments with time, client, service and professional; counts services to review", async () => {
    const today = await loadToday(t.db, EVENING);
    expect(today.date).toBe(DAY);
    expect(today.appointments).toEqual([
      expect.objectContaining({
        clientName: "Rosa Pons",
        services: [expect.any(String)],
        professionalName: expect.any(String),
        statusLabel: "Confirmada",
      }),
    ]);
    expect(today.appointments[0].time).toMatch(/^10:00–1\d:\d\d$/);
    const pending = await t.db
      .selectFrom("services")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("review_pending", "=", 1)
      .executeTakeFirstOrThrow();
    expect(today.servicesToReview).toBe(Number(pending.n));
    expect(today.servicesToReview).toBeGreaterThan(0);
  });
});
