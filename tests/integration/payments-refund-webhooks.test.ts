/**
 * Refunds made in the Stripe Dashboard reach the site through signed webhooks
 * (refund.created / refund.updated / charge.refunded), on SQLite and
 * PostgreSQL, with the real SDK against the local Stripe mock: each refund is
 * recorded once (reason "provider") however often or in whatever order its
 * events arrive, a refund the site asked for itself is never counted twice, and
 * a full refund ends the enrolment and frees the seat.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inTransaction } from "~/db/db.server.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { listRefunds, requestRefund } from "~/orders/refunds.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startStripeMock, type MockRefund, type StripeMock } from "../helpers/stripe-mock.ts";
import {
  enrolmentsOf,
  paidOrder,
  refundCourse,
  refundWorld,
  seatsTaken,
  type RefundWorld,
} from "./refunds-fixtures.ts";

const SECRET = "whsec_refund_events";

describe.each(dbKinds)("refund webhooks on %s", (kind) => {
  let t: TestDb;
  let mock: StripeMock;
  let world: RefundWorld;
  let course: { courseId: string; editionId: string };

  beforeAll(async () => {
    t = await createTestDb(kind);
    mock = await startStripeMock(SECRET);
    world = refundWorld(t.db, kind, mock, SECRET);
    course = await refundCourse(t.db, 45000);
  });
  afterAll(async () => {
    await mock?.close();
    await t?.cleanup();
  });
  beforeEach(async () => {
    await world.jobs.drain();
    world.sent.length = 0;
  });

  const orderOf = async (id: string) => (await getOrderWithItems(t.db, id))!.order;
  const outcomeOf = async (res: Response) => {
    expect(res.status).toBe(200);
    return ((await res.json()) as { outcome: string }).outcome;
  };
  const refundEvent = (type: string, refund: MockRefund, eventId?: string) =>
    mock.signedObjectEvent(type, { ...refund }, { eventId });
  /** charge.refunded as recent API versions send it: no list of refunds inside. */
  const chargeRefunded = (sessionId: string, amountRefunded: number) => {
    const session = mock.sessions.get(sessionId)!;
    return mock.signedObjectEvent("charge.refunded", {
      id: `ch_${session.payment_intent!.slice(3)}`,
      object: "charge",
      amount: session.amount_total,
      amount_refunded: amountRefunded,
      currency: "eur",
      payment_intent: session.payment_intent,
      refunded: amountRefunded >= session.amount_total,
    });
  };

  it("records a Dashboard refund once, though its event arrives 20 times and its siblings after it", async () => {
    const paid = await paidOrder(world, mock, [course.courseId]);
    const seats = await seatsTaken(t.db, course.editionId);
    const dashboard = mock.dashboardRefund(paid.sessionId, 15000);
    const event = refundEvent("refund.created", dashboard);
    // Ten at once, then ten more one by one.
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => world.webhook(event).then(outcomeOf)));
    for (let i = 0; i < 10; i++) outcomes.push(await outcomeOf(await world.webhook(event)));
    expect(outcomes.filter((o) => o === "refund-recorded")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate-event")).toHaveLength(19);
    // The same refund in its other events (other event ids) changes nothing either.
    expect(await outcomeOf(await world.webhook(refundEvent("refund.updated", dashboard)))).toBe("refund-unchanged");
    expect(await outcomeOf(await world.webhook(chargeRefunded(paid.sessionId, 15000)))).toBe("refund-unchanged");

    const rows = await listRefunds(t.db, paid.orderId);
    expect(rows).toMatchObject([
      { amount_cents: 15000, reason: "provider", status: "succeeded", provider_refund_id: dashboard.id },
    ]);
    expect(await orderOf(paid.orderId)).toMatchObject({ status: "paid", refunded_cents: 15000 });
    expect((await enrolmentsOf(t.db, paid.orderId))[0]).toMatchObject({ ended_at: null });
    await world.jobs.drain();
    // The site never asked Stripe for it; the buyer is told once, with the amount.
    expect(mock.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds")).toHaveLength(0);
    const notices = world.sent.filter((m) => m.subject.startsWith("Reembolso"));
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain("150,00");

    // The rest, refunded in the Dashboard too: announced only by charge.refunded (Stripe is asked for the list).
    mock.dashboardRefund(paid.sessionId, 30000);
    expect(await outcomeOf(await world.webhook(chargeRefunded(paid.sessionId, 45000)))).toBe("refund-recorded");
    expect(await orderOf(paid.orderId)).toMatchObject({ status: "refunded", refunded_cents: 45000 });
    expect(await enrolmentsOf(t.db, paid.orderId)).toMatchObject([{ end_reason: "refunded" }]);
    expect(await seatsTaken(t.db, course.editionId)).toBe(seats - 1);
    const events = await t.db
      .selectFrom("payment_events")
      .select("type")
      .where("order_id", "=", paid.orderId)
      .execute();
    expect(events.map((e) => e.type).sort()).toEqual([
      "charge.refunded",
      "charge.refunded",
      "checkout.session.completed",
      "refund.created",
      "refund.updated",
    ]);
  });

  it("never counts twice a refund the site asked for, even when its webhook beats the job", async () => {
    const paid = await paidOrder(world, mock, [course.courseId]);
    const refundId = await inTransaction(t.db, (trx) =>
      requestRefund(trx, { orderId: paid.orderId, amountCents: 10000, reason: "customer-request" }),
    );
    // Stripe made it (the job's call) and sent refund.created before the job stored the answer.
    const { providerRefundId } = await world.deps.payments.refund({
      sessionId: paid.sessionId,
      orderId: paid.orderId,
      refundId,
      amountCents: 10000,
      idempotencyKey: `refund-${refundId}`,
      reason: "requested_by_customer",
    });
    const made = mock.refunds.find((r) => r.id === providerRefundId)!;
    expect(made.metadata).toEqual({ order_id: paid.orderId, refund_id: refundId });
    expect(await outcomeOf(await world.webhook(refundEvent("refund.created", made)))).toBe("refund-recorded");
    // The job runs afterwards and finds it done: no second call, nothing counted twice.
    await world.jobs.drain();
    expect(mock.refunds.filter((r) => r.payment_intent === made.payment_intent)).toHaveLength(1);
    expect(await outcomeOf(await world.webhook(refundEvent("refund.updated", made)))).toBe("refund-unchanged");
    expect(await outcomeOf(await world.webhook(chargeRefunded(paid.sessionId, 10000)))).toBe("refund-unchanged");
    expect(await listRefunds(t.db, paid.orderId)).toMatchObject([
      { id: refundId, reason: "customer-request", status: "succeeded", provider_refund_id: providerRefundId },
    ]);
    expect(await orderOf(paid.orderId)).toMatchObject({ status: "paid", refunded_cents: 10000 });
    expect(world.sent.filter((m) => m.subject.startsWith("Reembolso"))).toHaveLength(1);

    // A refund of ours whose metadata was lost (made before this release) is matched by its Stripe id.
    const second = await inTransaction(t.db, (trx) =>
      requestRefund(trx, { orderId: paid.orderId, amountCents: 5000, reason: "customer-request" }),
    );
    await world.jobs.drain();
    const [, secondRow] = await listRefunds(t.db, paid.orderId);
    expect(secondRow).toMatchObject({ id: second, status: "succeeded" });
    const bare = { ...mock.refunds.find((r) => r.id === secondRow.provider_refund_id)!, metadata: {} };
    expect(await outcomeOf(await world.webhook(refundEvent("refund.created", bare)))).toBe("refund-unchanged");
    expect(await orderOf(paid.orderId)).toMatchObject({ refunded_cents: 15000 });
  });

  it("waits for a pending Dashboard refund to settle, and ignores one that failed", async () => {
    const paid = await paidOrder(world, mock, [course.courseId]);
    const slow = mock.dashboardRefund(paid.sessionId, 45000, "pending");
    expect(await outcomeOf(await world.webhook(refundEvent("refund.created", slow)))).toBe("refund-recorded");
    expect(await listRefunds(t.db, paid.orderId)).toMatchObject([{ reason: "provider", status: "pending" }]);
    expect(await orderOf(paid.orderId)).toMatchObject({ status: "paid", refunded_cents: 0 });
    slow.status = "succeeded";
    expect(await outcomeOf(await world.webhook(refundEvent("refund.updated", slow)))).toBe("refund-recorded");
    expect(await orderOf(paid.orderId)).toMatchObject({ status: "refunded", refunded_cents: 45000 });

    const other = await paidOrder(world, mock, [course.courseId]);
    const failed = mock.dashboardRefund(other.sessionId, 1000, "failed");
    expect(await outcomeOf(await world.webhook(refundEvent("refund.failed", failed)))).toBe("refund-unchanged");
    expect(await listRefunds(t.db, other.orderId)).toEqual([]);
  });

  it("answers 200 for a refund of a payment that is not one of our orders, and 400 for a forged one", async () => {
    const stranger: MockRefund = {
      id: "re_stranger",
      object: "refund",
      amount: 500,
      currency: "eur",
      payment_intent: "pi_not_ours",
      reason: null,
      status: "succeeded",
      metadata: {},
    };
    expect(await outcomeOf(await world.webhook(refundEvent("refund.created", stranger)))).toBe("unknown-order");
    const forged = refundEvent("refund.created", stranger);
    const res = await world.webhook({ body: forged.body.replace("500", "50000"), signature: forged.signature });
    expect(res.status).toBe(400);
  });
});
