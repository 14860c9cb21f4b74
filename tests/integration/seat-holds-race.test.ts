/**
 * Thirty buyers race for the four seats of one edition through the real
 * checkout (createOrder + startCheckout with the demo gateway) and the demo
 * payment path, all at once (Promise.all), on SQLite and PostgreSQL (ten pooled
 * connections, deadlock victims retried by inTransaction). Some cancel, some
 * fail, most pay; four buyers whose holds expired an hour ago pay late at the
 * same time. However it interleaves: exactly four paid enrolments, no seat
 * counted twice, no hold left behind, and every paid order without a seat
 * refunded (reason no-seat).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckoutError } from "~/orders/checkout-error.ts";
import { createOrder } from "~/orders/orders.server.ts";
import {
  cancelCheckout,
  processPaymentEvent,
  startCheckout,
  type StartedCheckout,
} from "~/payments/checkout.server.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { demoPaidEvent, insertBuyer } from "../helpers/payments.ts";
import { demoSeatDeps, editionCounters, insertCourseWithEditions, type SeatFixture } from "../helpers/seats.ts";

const SEATS = 4;
const BUYERS = 30;

describe.each(dbKinds)("thirty buyers for four seats on %s", (kind) => {
  let t: TestDb;
  let f: SeatFixture;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    f = demoSeatDeps(t.db, kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("refuses everyone past the fourth hold, all at once", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-10-04", seats: SEATS }]);
    const edition = editionIds[0]!;
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, () =>
        insertBuyer(t.db, { prefix: "carrera", firstName: "Ana", lastName: "Ruiz" }),
      ),
    );
    const results = await Promise.allSettled(
      buyers.map((user) =>
        startCheckout(f.deps, {
          user,
          courseIds: [courseId],
          editionIds: { [courseId]: edition },
          method: "card",
          withdrawalWaiver: true,
        }),
      ),
    );
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(won).toHaveLength(SEATS);
    expect(lost.every((e) => e instanceof CheckoutError && e.status === 409)).toBe(true);
    expect(await editionCounters(t.db, edition)).toMatchObject({ taken: 0, held: SEATS, activeHolds: SEATS });

    expect(await Promise.all(won.map((s) => processPaymentEvent(f.deps, demoPaidEvent(s))))).toEqual(
      Array(SEATS).fill("paid"),
    );
    expect(await editionCounters(t.db, edition)).toEqual({
      seats: SEATS,
      taken: SEATS,
      held: 0,
      activeHolds: 0,
      enrolled: SEATS,
    });
  });

  it("ends with exactly four paid enrolments while buyers cancel, fail, retry and pay late", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-11-08", seats: SEATS }]);
    const edition = editionIds[0]!;
    const line = {
      courseIds: [courseId],
      editionIds: { [courseId]: edition },
      method: "card" as const,
      withdrawalWaiver: true,
    };
    // Four checkouts opened two hours ago: every seat is held, by holds that ended an hour ago.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const late: StartedCheckout[] = [];
    for (let i = 0; i < SEATS; i++) {
      const user = await insertBuyer(t.db, { prefix: "tarde", firstName: "Eva", lastName: "Mas" });
      const { order } = await createOrder(t.db, { ...line, user, provider: "demo", now: twoHoursAgo });
      late.push({ orderId: order.id, sessionId: `demo_${order.id}`, url: "", reused: false });
    }
    expect(await editionCounters(t.db, edition)).toMatchObject({ held: SEATS });

    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, () =>
        insertBuyer(t.db, { prefix: "carrera", firstName: "Ana", lastName: "Ruiz" }),
      ),
    );
    const full = async () => (await editionCounters(t.db, edition)).taken >= SEATS;
    const buyerRun = async (user: { id: string; email: string }, i: number): Promise<void> => {
      for (let attempt = 0; attempt < 200; attempt++) {
        let started: StartedCheckout;
        try {
          started = await startCheckout(f.deps, { user, ...line });
        } catch (err) {
          if (!(err instanceof CheckoutError) || err.status !== 409) throw err;
          if (await full()) return;
          await new Promise((r) => setTimeout(r, 2 + (i % 7)));
          continue;
        }
        if (i % 5 === 0) return void (await cancelCheckout(f.deps, (await getOrderWithItems(t.db, started.orderId))!));
        if (i % 5 === 1) {
          await processPaymentEvent(f.deps, {
            kind: "failed",
            eventId: `race:${started.orderId}:failed`,
            type: "race.failed",
            sessionId: started.sessionId,
            orderId: started.orderId,
            amountTotalCents: null,
            currency: null,
          });
          return;
        }
        await processPaymentEvent(f.deps, demoPaidEvent(started));
        return;
      }
      throw new Error("a buyer never got an answer");
    };
    await Promise.all([
      ...buyers.map((user, i) => buyerRun(user, i)),
      ...late.map((s) => processPaymentEvent(f.deps, demoPaidEvent(s))),
    ]);

    // Exactly the seats: taken, enrolled, nothing held, every hold ended once.
    expect(await editionCounters(t.db, edition)).toEqual({
      seats: SEATS,
      taken: SEATS,
      held: 0,
      activeHolds: 0,
      enrolled: SEATS,
    });
    const holds = await t.db.selectFrom("seat_holds").selectAll().where("edition_id", "=", edition).execute();
    expect(holds.filter((h) => h.converted_at !== null && h.released_at !== null)).toEqual([]);
    expect(holds.filter((h) => h.converted_at !== null).length).toBeLessThanOrEqual(SEATS);
    // Every paid order has its seat, or has been refunded for the lack of one.
    const orders = await t.db
      .selectFrom("orders")
      .innerJoin("order_items", "order_items.order_id", "orders.id")
      .select(["orders.id", "orders.status", "order_items.no_seat_at"])
      .where("order_items.edition_id", "=", edition)
      .execute();
    const paid = orders.filter((o) => o.status === "paid" || o.status === "refunded");
    const seated = paid.filter((o) => o.no_seat_at === null);
    expect(seated).toHaveLength(SEATS);
    const enrolledOrders = await t.db
      .selectFrom("enrollments")
      .select("order_id")
      .where("edition_id", "=", edition)
      .where("ended_at", "is", null)
      .execute();
    expect(enrolledOrders.map((e) => e.order_id).sort()).toEqual(seated.map((o) => o.id).sort());
    const unseated = paid.filter((o) => o.no_seat_at !== null);
    for (const o of unseated) {
      const refunds = await t.db
        .selectFrom("refunds")
        .select(["reason", "amount_cents"])
        .where("order_id", "=", o.id)
        .execute();
      expect(refunds).toEqual([{ reason: "no-seat", amount_cents: 20000 }]);
    }
    // Late payers are either seated or refunded, never both.
    for (const s of late) {
      const row = orders.find((o) => o.id === s.orderId)!;
      expect(row.status).toBe("paid");
    }
    // Nothing pending still holds a seat.
    expect(orders.filter((o) => o.status === "pending")).toEqual([]);
  });
});
