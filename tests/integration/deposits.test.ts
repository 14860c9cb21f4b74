/**
 * Deposits for appointments (issue 15) on SQLite and PostgreSQL, through the
 * functions /reservar, the payment webhooks and the diary call, with the demo
 * gateway and the real outbox: a service with a deposit holds the time until
 * it is paid; the payment confirms it, is invoiced and emailed; a payment
 * page that ends unpaid frees the time; a payment after the time was given to
 * someone else is refunded at once; a cancellation in time refunds it (with
 * its rectificativa), the staff may keep it, a no-show keeps it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cancelAppointment, recordOutcome } from "~/bookings/appointment-changes.server.ts";
import { bookAppointment, type BookRequest } from "~/bookings/appointments.server.ts";
import { startDepositCheckout } from "~/bookings/deposits.server.ts";
import { getAppointment } from "~/bookings/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { listOrderedCourses } from "~/orders/staff-queries.server.ts";
import { canWithdraw } from "~/orders/withdrawal-lines.server.ts";
import { processPaymentEvent } from "~/payments/checkout.server.ts";
import { demoSessionId } from "~/payments/demo.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";
import { demoPaidEvent } from "../helpers/payments.ts";
import { demoSeatDeps, type SeatFixture } from "../helpers/seats.ts";
import { startStripeMock } from "../helpers/stripe-mock.ts";
import { PUBLIC_URL, refundWorld } from "./refunds-fixtures.ts";
import { insertCourse } from "./staff-orders-fixtures.ts";

const WEBHOOK_SECRET = "whsec_deposit_test";

// Tuesday 24 November 2026, 09:00 in Madrid.
const NOW = new Date("2026-11-24T08:00:00Z");
const MINUTE = 60_000;
const rules = { ...DEFAULT_BOOKING_RULES, horizonDays: 200 };
const actor = { id: "staff-test", email: "owner@example.com" };

let n = 0;
function request(overrides: Partial<BookRequest> = {}): BookRequest {
  n += 1;
  return {
    serviceIds: ["semipermanente"],
    professionalId: "laura",
    at: wallToInstant("2026-11-26", 600),
    // Each client her own phone: a client's upcoming online appointments are capped (booking-limits.test.ts).
    client: {
      userId: null,
      name: `Clienta ${n}`,
      email: `senal${n}@example.com`,
      phone: `+34612${String(n).padStart(6, "0")}`,
    },
    comment: "",
    source: "online",
    hold: true,
    now: new Date(),
    rules,
    deposit: { provider: "demo" },
    ...overrides,
  };
}

/** The demo gateway's "Pagar" for the deposit order, as its page sends it. */
const paid = (orderId: string) => demoPaidEvent({ orderId, sessionId: demoSessionId(orderId) });

describe.each(dbKinds)("appointment deposits on %s", (kind) => {
  let t: TestDb;
  let f: SeatFixture;
  let day = 0;
  beforeAll(async () => {
    t = await createTestDb(kind);
    // The seller data is complete: a paid deposit gets its invoice, a refund its rectificativa.
    f = demoSeatDeps(t.db, kind, TEST_INVOICING);
    await t.db.updateTable("services").set({ deposit_cents: 1500 }).where("id", "=", "semipermanente").execute();
    // A course whose id equals the service's, with exempt teaching: its VAT must not leak onto the deposit.
    await insertCourse(t.db, "semipermanente", "Curso homónimo", 10000);
    await t.db.updateTable("courses").set({ vat_treatment: "exempt" }).where("id", "=", "semipermanente").execute();
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  beforeEach(() => {
    vi.setSystemTime(NOW);
    f.sent.length = 0;
    day += 1;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.cleanup();
  });

  /** Each test books on its own weekday morning (Thursday 26 Nov, then a week later, …). */
  const at = (minutes = 600) =>
    wallToInstant(new Date(Date.UTC(2026, 10, 26 + 7 * day)).toISOString().slice(0, 10), minutes);

  async function orderOf(db: Db, id: string) {
    return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }
  async function slotsOf(appointmentId: string): Promise<number> {
    const rows = await t.db
      .selectFrom("appointment_slots")
      .select("slot")
      .where("appointment_id", "=", appointmentId)
      .execute();
    return rows.length;
  }
  async function bookWithDeposit(overrides: Partial<BookRequest> = {}) {
    const r = await bookAppointment(t.db, request({ at: at(), ...overrides }));
    if (!r.ok || !r.depositOrderId) throw new Error(`booking failed: ${JSON.stringify(r)}`);
    return { appointmentId: r.appointmentId, orderId: r.depositOrderId };
  }

  it("holds the time until the deposit is paid; the payment confirms it, invoices and emails it, once", async () => {
    const booked = await bookWithDeposit();
    const before = await getAppointment(t.db, booked.appointmentId);
    expect(before).toMatchObject({ status: "held", deposit: { cents: 1500, state: "unpaid" } });
    // Held as long as the payment page lives (an hour), not the guest's 20 minutes.
    expect(Date.parse(before!.holdExpiresAt!) - NOW.getTime()).toBe(60 * MINUTE);
    expect(await slotsOf(booked.appointmentId)).toBe(14);
    const order = await orderOf(t.db, booked.orderId);
    expect(order).toMatchObject({
      kind: "deposit",
      appointment_id: booked.appointmentId,
      status: "pending",
      total_cents: 1500,
    });
    // No confirm-by-email link: paying is what confirms it.
    await f.jobs.drain();
    expect(f.sent).toHaveLength(0);

    const page = await startDepositCheckout(f.deps, booked.appointmentId);
    expect(page).toEqual({ url: `/pago-demo/${booked.orderId}`, orderId: booked.orderId });
    // The same page on a second click.
    expect(await startDepositCheckout(f.deps, booked.appointmentId)).toEqual(page);

    expect(await processPaymentEvent(f.deps, paid(booked.orderId))).toBe("paid");
    expect(await processPaymentEvent(f.deps, paid(booked.orderId))).toBe("duplicate-event");
    const after = await getAppointment(t.db, booked.appointmentId);
    expect(after).toMatchObject({ status: "confirmed", holdExpiresAt: null, deposit: { cents: 1500, state: "paid" } });
    // Nothing left to pay, and no 14-day withdrawal form: cancelling the appointment in time gives it back.
    expect(await startDepositCheckout(f.deps, booked.appointmentId)).toBeNull();
    const paidOrder = await orderOf(t.db, booked.orderId);
    expect(canWithdraw({ status: paidOrder.status, paidAt: paidOrder.paid_at, kind: paidOrder.kind }, new Date())).toBe(
      false,
    );

    // Gestión → Pedidos lists it like any sale, but its course filter offers courses only.
    expect((await listOrderedCourses(t.db)).map((c) => c.id)).not.toContain("semipermanente");

    const invoices = await t.db.selectFrom("invoices").selectAll().where("order_id", "=", booked.orderId).execute();
    expect(invoices).toHaveLength(1);
    // A beauty service's señal: standard VAT (21 %), inside the 15 €. Paid through the demo gateway (no money
    // taken), its document is a demo one, not an invoice (app/invoices/series.ts).
    expect(invoices[0]).toMatchObject({ kind: "F2", demo: 1, total_cents: 1500, base_cents: 1240, vat_cents: 260 });

    await f.jobs.drain();
    const mine = f.sent.filter((m) => m.to === after!.clientEmail);
    expect(mine.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Cita confirmada/u),
      expect.stringMatching(/^Documento de demostración DEMO-AN\d{4}-\d{6} \(sin validez fiscal\)/u),
    ]);
    const confirmation = mine.find((m) => m.subject.startsWith("Cita confirmada"))!;
    expect(confirmation.text).toContain("Señal: 15,00\u00a0€, pagada en la web");
  });

  it("frees the time when the payment page ends unpaid", async () => {
    const booked = await bookWithDeposit();
    const outcome = await processPaymentEvent(f.deps, {
      kind: "expired",
      eventId: `demo:${booked.orderId}:expired`,
      type: "demo.session_expired",
      sessionId: demoSessionId(booked.orderId),
      orderId: booked.orderId,
      amountTotalCents: null,
      currency: null,
    });
    expect(outcome).toBe("applied");
    expect(await getAppointment(t.db, booked.appointmentId)).toMatchObject({ status: "expired" });
    expect(await slotsOf(booked.appointmentId)).toBe(0);
    // Someone else books that very time at once.
    const other = await bookAppointment(t.db, request({ at: at(), deposit: undefined, hold: false }));
    expect(other).toMatchObject({ ok: true, status: "confirmed", depositOrderId: null });
  });

  it("confirms a payment that arrives after the hold lapsed if the time is still free, and refunds it if it is not", async () => {
    const free = await bookWithDeposit();
    const taken = await bookWithDeposit({ at: at(720) });
    vi.setSystemTime(new Date(NOW.getTime() + 61 * MINUTE));
    // The lapsed hold of 12:00 goes back and another client takes that time.
    const rival = await bookAppointment(
      t.db,
      request({ at: at(720), deposit: undefined, hold: false, now: new Date() }),
    );
    expect(rival).toMatchObject({ ok: true, status: "confirmed" });

    expect(await processPaymentEvent(f.deps, paid(free.orderId))).toBe("paid");
    expect(await getAppointment(t.db, free.appointmentId)).toMatchObject({ status: "confirmed" });
    expect(await slotsOf(free.appointmentId)).toBe(14);

    expect(await processPaymentEvent(f.deps, paid(taken.orderId))).toBe("paid");
    expect(await getAppointment(t.db, taken.appointmentId)).toMatchObject({
      status: "expired",
      deposit: { state: "refund-pending" },
    });
    await f.jobs.drain();
    const refunds = await t.db.selectFrom("refunds").selectAll().where("order_id", "=", taken.orderId).execute();
    expect(refunds).toMatchObject([{ reason: "appointment-unavailable", amount_cents: 1500, status: "succeeded" }]);
    expect(await orderOf(t.db, taken.orderId)).toMatchObject({ status: "refunded", refunded_cents: 1500 });
    const kinds = await t.db
      .selectFrom("invoices")
      .select(["kind", "total_cents"])
      .where("order_id", "=", taken.orderId)
      .orderBy("issued_at")
      .execute();
    expect(kinds).toEqual([
      { kind: "F2", total_cents: 1500 },
      { kind: "R5", total_cents: -1500 },
    ]);
    const refundMail = f.sent.find((m) => m.subject.startsWith("Reembolso"));
    expect(refundMail?.text).toContain("la hora que elegiste ya no estaba libre");
    expect(await getAppointment(t.db, taken.appointmentId)).toMatchObject({ deposit: { state: "refunded" } });
  });

  async function paidAppointment() {
    const booked = await bookWithDeposit();
    await processPaymentEvent(f.deps, paid(booked.orderId));
    return booked;
  }

  it("refunds the deposit when the client cancels in time, once, with its rectificativa", async () => {
    const booked = await paidAppointment();
    const r = await cancelAppointment(t.db, booked.appointmentId, { by: "client", now: new Date(), rules });
    expect(r).toEqual({ ok: true, depositRefundCents: 1500 });
    // A second cancel changes nothing and asks for nothing.
    expect(await cancelAppointment(t.db, booked.appointmentId, { by: "client", now: new Date(), rules })).toEqual({
      ok: false,
      reason: "gone",
    });
    await f.jobs.drain();
    const refunds = await t.db.selectFrom("refunds").selectAll().where("order_id", "=", booked.orderId).execute();
    expect(refunds).toMatchObject([{ reason: "appointment-cancelled", amount_cents: 1500, status: "succeeded" }]);
    const rectificativa = await t.db
      .selectFrom("invoices")
      .select(["kind", "total_cents", "reason"])
      .where("order_id", "=", booked.orderId)
      .where("kind", "=", "R5")
      .executeTakeFirst();
    expect(rectificativa).toEqual({
      kind: "R5",
      total_cents: -1500,
      reason: "Devolución de la señal por cancelación de la cita",
    });
    expect(f.sent.find((m) => m.subject.startsWith("Reembolso"))?.text).toContain("Tu cita se ha cancelado a tiempo");
  });

  it("inside the window the client cannot cancel online, so the deposit stays", async () => {
    const booked = await paidAppointment();
    vi.setSystemTime(new Date(at() - 2 * 60 * MINUTE));
    const r = await cancelAppointment(t.db, booked.appointmentId, { by: "client", now: new Date(), rules });
    expect(r).toEqual({ ok: false, reason: "window" });
    expect(await getAppointment(t.db, booked.appointmentId)).toMatchObject({
      status: "confirmed",
      deposit: { state: "paid" },
    });
  });

  it("the staff refund it when they cancel, unless they keep it; a no-show keeps it", async () => {
    const refunded = await paidAppointment();
    expect(
      await cancelAppointment(t.db, refunded.appointmentId, { by: "staff", now: new Date(), rules, actor }),
    ).toEqual({ ok: true, depositRefundCents: 1500 });

    const kept = await bookWithDeposit({ at: at(720) });
    await processPaymentEvent(f.deps, paid(kept.orderId));
    expect(
      await cancelAppointment(t.db, kept.appointmentId, {
        by: "staff",
        now: new Date(),
        rules,
        actor,
        keepDeposit: true,
      }),
    ).toEqual({ ok: true, depositRefundCents: 0 });
    const audit = await t.db
      .selectFrom("audit_log")
      .select("after_json")
      .where("entity_id", "=", kept.appointmentId)
      .where("action", "=", "appointment.cancel")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after_json))).toMatchObject({ keepDeposit: true, depositRefundCents: 0 });

    const noShow = await bookWithDeposit({ at: at(900) });
    await processPaymentEvent(f.deps, paid(noShow.orderId));
    vi.setSystemTime(new Date(at(900) + 30 * MINUTE));
    expect(await recordOutcome(t.db, noShow.appointmentId, "no_show", actor, new Date())).toEqual({ ok: true });
    await f.jobs.drain();
    const refunds = await t.db
      .selectFrom("refunds")
      .select("order_id")
      .where("order_id", "in", [refunded.orderId, kept.orderId, noShow.orderId])
      .execute();
    expect(refunds.map((r) => r.order_id)).toEqual([refunded.orderId]);
  });

  it("takes the deposit through Stripe Checkout: back leads to her booking, the signed webhook confirms it, a refund goes to Stripe", async () => {
    const mock = await startStripeMock(WEBHOOK_SECRET);
    try {
      const world = refundWorld(t.db, kind, mock, WEBHOOK_SECRET);
      const booked = await bookWithDeposit({ deposit: { provider: "stripe" } });
      const page = await startDepositCheckout(world.deps, booked.appointmentId);
      const session = [...mock.sessions.values()].find((x) => x.client_reference_id === booked.orderId)!;
      expect(page?.url).toBe(session.url);
      expect(session).toMatchObject({
        amount_total: 1500,
        allowed_payment_method_types: ["card"],
        cancel_url: `${PUBLIC_URL}/reservar/pendiente?cita=${booked.appointmentId}`,
      });
      const completed = mock.setSession(session.id, { status: "complete", payment_status: "paid" });
      const res = await world.webhook(mock.signedEvent("checkout.session.completed", session.id));
      expect(res.status).toBe(200);
      expect(await getAppointment(t.db, booked.appointmentId)).toMatchObject({
        status: "confirmed",
        deposit: { state: "paid" },
      });
      await cancelAppointment(t.db, booked.appointmentId, { by: "client", now: new Date(), rules });
      await world.jobs.drain();
      expect(mock.refunds).toMatchObject([{ amount: 1500, payment_intent: completed.payment_intent }]);
      expect(await getAppointment(t.db, booked.appointmentId)).toMatchObject({ deposit: { state: "refunded" } });
    } finally {
      await mock.close();
    }
  });

  it("asks no deposit when the staff book for a client who phoned", async () => {
    const r = await bookAppointment(
      t.db,
      request({ at: at(), deposit: undefined, hold: false, source: "staff", actor }),
    );
    expect(r).toMatchObject({ ok: true, status: "confirmed", depositOrderId: null });
    expect((await getAppointment(t.db, r.ok ? r.appointmentId : ""))?.deposit).toBeNull();
  });
});
