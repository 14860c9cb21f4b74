/**
 * Seat holds through the real checkout and demo payment paths, on SQLite and
 * PostgreSQL: the chosen edition is the one on the order line and on the
 * enrolment, a paid order converts its hold, cancel / fail / expire give the
 * seat back, an expired hold's seat goes to the next buyer and a late payment
 * for it is refunded with an email, an async payment keeps its hold.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listEditionChoices, listUpcomingEditions } from "~/catalogue/queries.server.ts";
import { CheckoutError } from "~/orders/checkout-error.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { listRefunds } from "~/orders/refunds.server.ts";
import { insertSession, SESSION_COOKIE } from "~/auth/session.server.ts";
import { createCheckoutFromRequest } from "~/payments/api.server.ts";
import { demoPaymentAction, loadDemoPayment } from "~/routes/pago-demo.server.ts";
import { makeContext, testConfig } from "../helpers/accounts.ts";
import {
  cancelCheckout,
  processPaymentEvent,
  startCheckout,
  type StartedCheckout,
} from "~/payments/checkout.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { demoPaidEvent, insertBuyer } from "../helpers/payments.ts";
import {
  ageOrder,
  demoSeatDeps,
  editionCounters,
  insertCourseWithEditions,
  type SeatFixture,
} from "../helpers/seats.ts";

describe.each(dbKinds)("seat holds on %s", (kind) => {
  let t: TestDb;
  let f: SeatFixture;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    f = demoSeatDeps(t.db, kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  beforeEach(async () => {
    await f.jobs.drain();
    f.sent.length = 0;
  });

  const buyer = () => insertBuyer(t.db, { prefix: "plaza", firstName: "Nerea", lastName: "Vidal" });
  const start = async (courseId: string, editionId?: string) =>
    startCheckout(f.deps, {
      user: await buyer(),
      courseIds: [courseId],
      editionIds: editionId ? { [courseId]: editionId } : undefined,
      method: "card",
      withdrawalWaiver: true,
    });
  const pay = (s: StartedCheckout) => processPaymentEvent(f.deps, demoPaidEvent(s));
  const event = (s: StartedCheckout, kind: "failed" | "expired" | "processing") =>
    processPaymentEvent(f.deps, {
      kind,
      eventId: `test:${s.orderId}:${kind}`,
      type: `test.${kind}`,
      sessionId: s.sessionId,
      orderId: s.orderId,
      amountTotalCents: null,
      currency: null,
    });
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CheckoutError);
    return err as CheckoutError;
  };

  it("books the chosen edition: order line, hold, enrolment and seat", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [
      { startsOn: "2030-03-04", seats: 2 },
      { startsOn: "2030-05-06", seats: 2 },
    ]);
    const later = editionIds[1]!;
    const started = await start(courseId, later);
    const { items } = (await getOrderWithItems(t.db, started.orderId))!;
    expect(items.map((i) => [i.edition_id, i.edition_starts_on])).toEqual([[later, "2030-05-06"]]);
    expect(await editionCounters(t.db, later)).toMatchObject({ taken: 0, held: 1, activeHolds: 1 });
    // The catalogue already counts the held seat.
    expect((await listUpcomingEditions(t.db, courseId)).map((e) => [e.id, e.seatsLeft])).toEqual([
      [editionIds[0], 2],
      [later, 1],
    ]);

    expect(await pay(started)).toBe("paid");
    expect(await editionCounters(t.db, later)).toEqual({ seats: 2, taken: 1, held: 0, activeHolds: 0, enrolled: 1 });
    const hold = await t.db
      .selectFrom("seat_holds")
      .selectAll()
      .where("order_id", "=", started.orderId)
      .executeTakeFirstOrThrow();
    expect(hold.converted_at).not.toBeNull();
    expect(hold.released_at).toBeNull();
    const enrolment = await t.db
      .selectFrom("enrollments")
      .selectAll()
      .where("order_id", "=", started.orderId)
      .executeTakeFirstOrThrow();
    expect(enrolment.edition_id).toBe(later);
    expect(await editionCounters(t.db, editionIds[0]!)).toMatchObject({ taken: 0, held: 0 });
    // A redelivered payment changes nothing.
    expect(await pay(started)).toBe("duplicate-event");
    expect(await editionCounters(t.db, later)).toMatchObject({ taken: 1, held: 0 });
  });

  it("takes the next bookable edition when none is chosen, skipping a full one", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [
      { startsOn: "2030-03-04", seats: 1 },
      { startsOn: "2030-04-01", seats: 3 },
    ]);
    await start(courseId);
    const second = await start(courseId);
    const { items } = (await getOrderWithItems(t.db, second.orderId))!;
    expect(items[0]!.edition_id).toBe(editionIds[1]);
    const choices = await listEditionChoices(t.db, [courseId]);
    expect(choices.map((e) => [e.id, e.seatsLeft])).toEqual([
      [editionIds[0], 0],
      [editionIds[1], 2],
    ]);
  });

  it("refuses an edition of another course, a full, closed, cancelled or started one, with Spanish messages", async () => {
    const a = await insertCourseWithEditions(t.db, [
      { startsOn: "2030-03-04", seats: 1 },
      { startsOn: "2030-04-01", seats: 3, status: "closed" },
      { startsOn: "2030-05-06", seats: 3, status: "cancelled" },
      { startsOn: "2020-01-01", seats: 3 },
    ]);
    const b = await insertCourseWithEditions(t.db, [{ startsOn: "2030-03-04", seats: 3 }]);
    await start(a.courseId, a.editionIds[0]);
    const [full, closed, cancelled, started] = a.editionIds;
    expect(await refusal(start(a.courseId, b.editionIds[0]))).toMatchObject({ status: 400 });
    expect(await refusal(start(a.courseId, "no-existe"))).toMatchObject({ status: 400 });
    const fullErr = await refusal(start(a.courseId, full));
    expect(fullErr.status).toBe(409);
    expect(fullErr.message).toMatch(/convocatoria del 4 de marzo de 2030 .* está completa/);
    expect((await refusal(start(a.courseId, closed))).message).toMatch(/inscripción cerrada/);
    expect((await refusal(start(a.courseId, cancelled))).message).toMatch(/se ha cancelado/);
    expect((await refusal(start(a.courseId, started))).message).toMatch(/ya ha empezado/);
    // Nothing bookable ahead and no choice: refused too.
    expect((await refusal(start(a.courseId))).message).toMatch(/No quedan plazas en ninguna convocatoria/);
    expect(await editionCounters(t.db, full!)).toMatchObject({ held: 1, activeHolds: 1 });
  });

  it("gives the seat back when the buyer cancels, the payment fails or the session expires", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-06-01", seats: 3 }]);
    const edition = editionIds[0]!;
    const [a, b, c] = [await start(courseId), await start(courseId), await start(courseId)];
    expect(await editionCounters(t.db, edition)).toMatchObject({ held: 3 });
    await refusal(start(courseId));

    await cancelCheckout(f.deps, (await getOrderWithItems(t.db, a.orderId))!);
    expect(await editionCounters(t.db, edition)).toMatchObject({ held: 2, activeHolds: 2 });
    expect(await event(b, "failed")).toBe("applied");
    expect(await editionCounters(t.db, edition)).toMatchObject({ held: 1, activeHolds: 1 });
    expect(await event(c, "expired")).toBe("applied");
    expect(await editionCounters(t.db, edition)).toEqual({ seats: 3, taken: 0, held: 0, activeHolds: 0, enrolled: 0 });
    // A replayed expiry does not give the seat back twice.
    expect(await event(c, "expired")).toBe("duplicate-event");
    expect(await editionCounters(t.db, edition)).toMatchObject({ held: 0 });
    const next = await start(courseId);
    expect(await pay(next)).toBe("paid");
    expect(await editionCounters(t.db, edition)).toMatchObject({ taken: 1, held: 0 });
  });

  it("an expired hold frees the seat for the next buyer; the late payment is refunded and the buyer told", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-07-01", seats: 1 }]);
    const edition = editionIds[0]!;
    const late = await start(courseId);
    await refusal(start(courseId));
    await ageOrder(t.db, late.orderId, 61);
    // The catalogue already shows the seat as free, before anything released it.
    expect((await listUpcomingEditions(t.db, courseId)).map((e) => e.seatsLeft)).toEqual([1]);
    expect(await editionCounters(t.db, edition)).toMatchObject({ held: 1, activeHolds: 1 });

    const onTime = await start(courseId);
    const lateHold = await t.db
      .selectFrom("seat_holds")
      .selectAll()
      .where("order_id", "=", late.orderId)
      .executeTakeFirstOrThrow();
    expect(lateHold.released_at).not.toBeNull();
    expect(await editionCounters(t.db, edition)).toMatchObject({ held: 1, activeHolds: 1 });
    expect(await pay(onTime)).toBe("paid");

    // The money for the expired hold still arrives: paid, not enrolled, refunded in full.
    expect(await pay(late)).toBe("paid");
    expect(await editionCounters(t.db, edition)).toEqual({ seats: 1, taken: 1, held: 0, activeHolds: 0, enrolled: 1 });
    const lateOrder = (await getOrderWithItems(t.db, late.orderId))!;
    expect(lateOrder.items[0]!.no_seat_at).not.toBeNull();
    expect(await t.db.selectFrom("enrollments").select("id").where("order_id", "=", late.orderId).execute()).toEqual(
      [],
    );
    const refunds = await listRefunds(t.db, late.orderId);
    expect(refunds.map((r) => [r.reason, r.amount_cents])).toEqual([["no-seat", 20000]]);

    await f.jobs.drain();
    const lateMails = f.sent.filter((m) => m.to === lateOrder.order.email);
    expect(lateMails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^No quedaban plazas/), expect.stringMatching(/^Reembolso/)]),
    );
    expect(lateMails.some((m) => /^Confirmación/.test(m.subject))).toBe(false);
    const notice = lateMails.find((m) => /^No quedaban plazas/.test(m.subject))!;
    expect(notice.text).toContain("convocatoria del 1 de julio de 2030");
    expect(notice.text).toContain("200,00");
    expect((await getOrderWithItems(t.db, late.orderId))!.order.status).toBe("refunded");
  });

  it("a late payment whose expired seat nobody took still gets it", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-07-02", seats: 1 }]);
    const late = await start(courseId);
    await ageOrder(t.db, late.orderId, 90);
    expect(await pay(late)).toBe("paid");
    expect(await editionCounters(t.db, editionIds[0]!)).toEqual({
      seats: 1,
      taken: 1,
      held: 0,
      activeHolds: 0,
      enrolled: 1,
    });
    expect(await listRefunds(t.db, late.orderId)).toEqual([]);
  });

  it("an async payment keeps its hold past the session's end until it settles", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-08-03", seats: 1 }]);
    const edition = editionIds[0]!;
    const settling = await start(courseId);
    expect(await event(settling, "processing")).toBe("applied");
    await ageOrder(t.db, settling.orderId, 120);
    expect((await listUpcomingEditions(t.db, courseId)).length).toBe(0);
    await refusal(start(courseId));
    expect(await pay(settling)).toBe("paid");
    expect(await editionCounters(t.db, edition)).toEqual({ seats: 1, taken: 1, held: 0, activeHolds: 0, enrolled: 1 });
  });

  it("refunds a payment for an edition the staff cancelled meanwhile", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-09-07", seats: 4 }]);
    const edition = editionIds[0]!;
    const started = await start(courseId);
    await t.db.updateTable("course_editions").set({ status: "cancelled" }).where("id", "=", edition).execute();
    expect(await pay(started)).toBe("paid");
    expect(await editionCounters(t.db, edition)).toMatchObject({ taken: 0, held: 0, activeHolds: 0, enrolled: 0 });
    expect((await listRefunds(t.db, started.orderId)).map((r) => r.reason)).toEqual(["no-seat"]);
  });

  it("POST /api/create-checkout-session books the edition of each item, and refuses a foreign or full one", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [
      { startsOn: "2030-10-05", seats: 1 },
      { startsOn: "2030-12-07", seats: 2 },
    ]);
    const other = await insertCourseWithEditions(t.db, [{ startsOn: "2030-10-05", seats: 2 }]);
    const post = async (body: unknown) => {
      const res = await createCheckoutFromRequest(
        f.deps,
        new Request("http://localhost:3000/api/create-checkout-session", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
          body: JSON.stringify(body),
        }),
        await buyer(),
      );
      return { status: res.status, body: (await res.json()) as { orderId?: string; message?: string } };
    };
    const ok = await post({ items: [{ courseId, editionId: editionIds[1] }, { courseId: other.courseId }] });
    expect(ok.status).toBe(200);
    const { items } = (await getOrderWithItems(t.db, ok.body.orderId!))!;
    expect(items.map((i) => i.edition_id)).toEqual([editionIds[1], other.editionIds[0]]);
    // The single-course body takes an editionId too.
    expect((await post({ courseId, editionId: editionIds[0] })).status).toBe(200);
    const full = await post({ courseId, editionId: editionIds[0] });
    expect(full).toEqual({
      status: 409,
      body: { message: expect.stringMatching(/^La convocatoria del 5 de octubre de 2030 .* está completa/) },
    });
    const foreign = await post({ items: [{ courseId, editionId: other.editionIds[0] }] });
    expect(foreign).toEqual({ status: 400, body: { message: expect.stringMatching(/no es de «Curso de plazas/) } });
    expect((await post({ items: [{ courseId, editionId: 7 }] })).status).toBe(400);
    expect((await post({ items: [{ courseId, editionId: "x".repeat(5000) }] })).status).toBe(400);
    expect((await post({ items: [{ courseId: "__proto__", editionId: "x" }] })).status).toBe(404);
  });

  it("the demo page expires with its hold: an hour after the order it cannot be paid and the seat goes back", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-11-02", seats: 1 }]);
    const user = await buyer();
    const started = await startCheckout(f.deps, {
      user,
      courseIds: [courseId],
      method: "card",
      withdrawalWaiver: true,
    });
    const { context, services } = makeContext(t.db, kind, { config: testConfig({ demoPayments: true }) });
    Object.assign(services, { payments: f.deps.payments });
    // The page asks for the buyer's own session (a course order).
    const cookie = `${SESSION_COOKIE}=${await insertSession(t.db, user.id)}`;
    const pageRequest = () =>
      new Request(`http://localhost:3000/pago-demo/${started.orderId}`, { headers: { cookie } });
    const payForm = () =>
      new Request(`http://localhost:3000/pago-demo/${started.orderId}`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ intent: "pay" }),
      });
    expect((await loadDemoPayment(pageRequest(), context, started.orderId)).expired).toBe(false);
    await ageOrder(t.db, started.orderId, 61);
    expect((await loadDemoPayment(pageRequest(), context, started.orderId)).expired).toBe(true);
    const refused = (await demoPaymentAction(payForm(), context, started.orderId)) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.error).toMatch(/La sesión de pago ha caducado/);
    expect((await getOrderWithItems(t.db, started.orderId))!.order.status).toBe("cancelled");
    expect(await editionCounters(t.db, editionIds[0]!)).toMatchObject({ taken: 0, held: 0, activeHolds: 0 });
  });
});
