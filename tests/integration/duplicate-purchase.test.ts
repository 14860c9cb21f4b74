/**
 * The same course bought and paid several times (three pending checkouts with
 * different methods, all paid): one enrolment, and every other payment refunded
 * automatically through the provider — the real Stripe SDK against the local
 * Stripe mock, and the demo gateway — on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listOrders } from "~/orders/queries.server.ts";
import { purchaseStatusView } from "~/domain/purchase-status.ts";
import { jobHandlers } from "~/job-handlers.server.ts";
import { createJobWorker, type JobWorker } from "~/jobs/worker.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import type { Mailer, MailMessage } from "~/mail/mailer.server.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { listRefunds } from "~/orders/refunds.server.ts";
import { handleStripeWebhook } from "~/payments/api.server.ts";
import { processPaymentEvent, startCheckout, type PaymentDeps } from "~/payments/checkout.server.ts";
import { createDemoProvider } from "~/payments/demo.server.ts";
import { createStripeProvider } from "~/payments/stripe.server.ts";
import { TEST_BILLING } from "../helpers/invoices.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { demoPaidEvent, insertBuyer, stripeWebhookRequest } from "../helpers/payments.ts";
import { startStripeMock, type StripeMock } from "../helpers/stripe-mock.ts";

const WEBHOOK_SECRET = "whsec_dup";
const PUBLIC_URL = "http://localhost:3000";
const METHODS = ["klarna", "scalapay", "sequra"] as const;
/** Orders above 400 € need a factura completa's details (issue 13). */
const BILLING = TEST_BILLING;

describe.each(dbKinds)("duplicate purchases on %s", (kind) => {
  let t: TestDb;
  let mock: StripeMock;
  let deps: PaymentDeps;
  let jobs: JobWorker;
  let sent: MailMessage[];
  let user: { id: string; email: string };

  beforeAll(async () => {
    t = await createTestDb(kind);
    mock = await startStripeMock(WEBHOOK_SECRET);
    const mailer: Mailer = { kind: "outbox", send: async (m) => void sent.push(m) };
    deps = {
      db: t.db,
      logger: createLogger("silent"),
      mailer,
      payments: createStripeProvider({
        secretKey: "sk_test_mock",
        webhookSecret: WEBHOOK_SECRET,
        apiBase: mock.url,
        publicUrl: PUBLIC_URL,
      }),
      config: { publicUrl: PUBLIC_URL },
    };
    jobs = createJobWorker({ db: t.db, dbKind: kind, logger: deps.logger, handlers: jobHandlers(deps) });
  });
  afterAll(async () => {
    await mock?.close();
    await t?.cleanup();
  });
  beforeEach(async () => {
    await jobs.drain();
    sent = [];
    mock.refunds.length = 0;
    user = await insertBuyer(t.db, { prefix: "dup", firstName: "Marta", lastName: "Gil" });
  });

  const webhook = (e: { body: string; signature: string }) =>
    handleStripeWebhook(deps, stripeWebhookRequest(PUBLIC_URL, e));
  const activeEnrollments = async (courseId: string) =>
    (
      await t.db
        .selectFrom("enrollments")
        .selectAll()
        .where("user_id", "=", user.id)
        .where("course_id", "=", courseId)
        .where("ended_at", "is", null)
        .execute()
    ).length;

  it("enrols once and refunds the other two payments through Stripe, even when they settle at the same time", async () => {
    const seatsBefore = await t.db
      .selectFrom("course_editions")
      .select(["id", "seats_taken"])
      .where("course_id", "=", "formacion-inicio")
      .execute();
    // Three tabs, three methods: three pending orders for the same course (the site allowed it before the payments settled).
    const started = [];
    for (const method of METHODS) {
      started.push(
        await startCheckout(deps, { user, courseIds: ["formacion-inicio"], method, withdrawalWaiver: false }),
      );
    }
    expect(new Set(started.map((s) => s.orderId)).size).toBe(3);
    for (const s of started) mock.setSession(s.sessionId, { status: "complete", payment_status: "paid" });
    const responses = await Promise.all(
      started.map((s) => webhook(mock.signedEvent("checkout.session.completed", s.sessionId))),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    await jobs.drain();

    expect(await activeEnrollments("formacion-inicio")).toBe(1);
    const orders = await Promise.all(started.map(async (s) => (await getOrderWithItems(t.db, s.orderId))!.order));
    expect(orders.filter((o) => o.status === "paid")).toHaveLength(1);
    const refunded = orders.filter((o) => o.status === "refunded");
    expect(refunded).toHaveLength(2);
    for (const o of refunded) expect(o.refunded_cents).toBe(o.total_cents);

    // Stripe was asked exactly twice, for the whole amount, each with its own idempotency key.
    expect(mock.refunds).toHaveLength(2);
    expect(mock.refunds.every((r) => r.amount === 28000 && r.reason === "duplicate")).toBe(true);
    const keys = mock.requests.filter((r) => r.path === "/v1/refunds").map((r) => r.headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(2);
    for (const o of refunded) {
      const [refund] = await listRefunds(t.db, o.id);
      expect(refund.status).toBe("succeeded");
      expect(refund.provider_refund_id).toMatch(/^re_/);
    }

    // Seats: one, not three.
    const seatsAfter = await t.db
      .selectFrom("course_editions")
      .select(["id", "seats_taken"])
      .where("course_id", "=", "formacion-inicio")
      .execute();
    const sum = (rows: typeof seatsAfter) => rows.reduce((s, r) => s + Number(r.seats_taken), 0);
    expect(sum(seatsAfter) - sum(seatsBefore)).toBe(1);

    // The buyer is told: one confirmation, two refund notices; the history shows "Reembolsado".
    expect(sent.filter((m) => m.subject.startsWith("Confirmación"))).toHaveLength(1);
    const notices = sent.filter((m) => m.subject.startsWith("Reembolso"));
    expect(notices).toHaveLength(2);
    expect(notices[0].text).toContain("Ya estabas inscrita en este curso");
    expect(notices[0].text).toContain("280,00");
    const history = await listOrders(t.db, user.id);
    expect(history.map((o) => purchaseStatusView(o.status).label).sort()).toEqual([
      "Completado",
      "Reembolsado",
      "Reembolsado",
    ]);

    // Redelivering every event and running the jobs again changes nothing.
    await Promise.all(started.map((s) => webhook(mock.signedEvent("checkout.session.completed", s.sessionId))));
    await jobs.drain();
    expect(mock.refunds).toHaveLength(2);
    expect(sent).toHaveLength(3);
  });

  it("refunds only the line the buyer already has in a mixed order", async () => {
    const first = await startCheckout(deps, {
      user,
      courseIds: ["tecnico-manicurista"],
      method: "card",
      withdrawalWaiver: false,
      billing: BILLING,
    });
    const second = await startCheckout(deps, {
      user,
      courseIds: ["tecnico-manicurista", "formacion-inicio"],
      method: "card",
      withdrawalWaiver: false,
      billing: BILLING,
    });
    for (const s of [first, second]) {
      mock.setSession(s.sessionId, { status: "complete", payment_status: "paid" });
      await webhook(mock.signedEvent("checkout.session.completed", s.sessionId));
    }
    await jobs.drain();
    const order = (await getOrderWithItems(t.db, second.orderId))!.order;
    const tecnico = (await getOrderWithItems(t.db, first.orderId))!.items[0].price_cents;
    expect(order.status).toBe("paid");
    expect(order.refunded_cents).toBe(tecnico);
    expect(mock.refunds.map((r) => r.amount)).toEqual([tecnico]);
    expect(await activeEnrollments("formacion-inicio")).toBe(1);
    expect(await activeEnrollments("tecnico-manicurista")).toBe(1);
    const history = await listOrders(t.db, user.id);
    expect(history.find((o) => o.id === second.orderId)!.refundedCents).toBe(tecnico);
    expect(purchaseStatusView("paid", { refundedCents: tecnico, totalCents: order.total_cents }).label).toBe(
      "Reembolso parcial",
    );
    // The second confirmation lists (and puts in the calendar) only the new course,
    // and says the one already owned is being refunded.
    const confirmation = sent.filter(
      (m) => m.subject.includes(second.orderId.slice(0, 8).toUpperCase()) && m.subject.startsWith("Confirmación"),
    );
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0].text).toContain("- Formación de inicio:");
    expect(confirmation[0].text).not.toContain("- Técnico");
    expect(confirmation[0].text).toMatch(/Ya tenías «Técnico[^»]*»: no te hemos dado otra plaza y te devolvemos/);
    expect(confirmation[0].attachments?.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^formacion-de-inicio-/),
    ]);
  });

  it("enrols a buyer again once the earlier access has run out (no refund)", async () => {
    const first = await startCheckout(deps, {
      user,
      courseIds: ["expert-nails"],
      method: "card",
      withdrawalWaiver: false,
      billing: BILLING,
    });
    mock.setSession(first.sessionId, { status: "complete", payment_status: "paid" });
    await webhook(mock.signedEvent("checkout.session.completed", first.sessionId));
    // That edition ended long ago: access is over.
    await t.db
      .updateTable("enrollments")
      .set({ access_until: "2020-01-01T00:00:00.000Z" })
      .where("order_id", "=", first.orderId)
      .execute();
    const again = await startCheckout(deps, {
      user,
      courseIds: ["expert-nails"],
      method: "card",
      withdrawalWaiver: false,
      billing: BILLING,
    });
    mock.setSession(again.sessionId, { status: "complete", payment_status: "paid" });
    await webhook(mock.signedEvent("checkout.session.completed", again.sessionId));
    await jobs.drain();
    expect((await getOrderWithItems(t.db, again.orderId))!.order).toMatchObject({ status: "paid", refunded_cents: 0 });
    expect(mock.refunds).toHaveLength(0);
    const rows = await t.db
      .selectFrom("enrollments")
      .select(["order_id", "ended_at", "end_reason"])
      .where("user_id", "=", user.id)
      .execute();
    expect(rows.find((r) => r.order_id === first.orderId)).toMatchObject({ end_reason: "expired" });
    expect(rows.find((r) => r.order_id === again.orderId)).toMatchObject({ ended_at: null });
  });

  it("records a refund Stripe refuses for good as failed, without retrying it", async () => {
    const a = await startCheckout(deps, {
      user,
      courseIds: ["iniciacion-acrilico"],
      method: "card",
      withdrawalWaiver: false,
    });
    const b = await startCheckout(deps, {
      user,
      courseIds: ["iniciacion-acrilico"],
      method: "klarna",
      withdrawalWaiver: false,
    });
    for (const s of [a, b]) {
      mock.setSession(s.sessionId, { status: "complete", payment_status: "paid" });
      await webhook(mock.signedEvent("checkout.session.completed", s.sessionId));
    }
    // Someone already refunded the second payment in the Stripe Dashboard: Stripe
    // answers the site's refund with 400 charge_already_refunded (a 4xx, final).
    const paid = mock.sessions.get(b.sessionId)!;
    mock.refunds.push({
      id: "re_dashboard",
      object: "refund",
      amount: paid.amount_total,
      currency: paid.currency,
      payment_intent: paid.payment_intent!,
      reason: "requested_by_customer",
      status: "succeeded",
    });
    await jobs.drain();
    const [refund] = await listRefunds(t.db, b.orderId);
    expect(refund.status).toBe("failed");
    expect((await getOrderWithItems(t.db, b.orderId))!.order).toMatchObject({ status: "paid", refunded_cents: 0 });
    const job = await t.db
      .selectFrom("jobs")
      .select(["status", "attempts"])
      .where("dedupe_key", "=", `refund:${refund.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "done", attempts: 1 });
    expect(sent.filter((m) => m.subject.startsWith("Reembolso"))).toHaveLength(0);
    expect(mock.refunds.map((r) => r.id)).toEqual(["re_dashboard"]);
  });

  it("records the refund through the same path on the demo gateway", async () => {
    const demo: PaymentDeps = { ...deps, payments: createDemoProvider() };
    const a = await startCheckout(demo, { user, courseIds: ["expert-nails"], method: "card", withdrawalWaiver: false, billing: BILLING });
    const b = await startCheckout(demo, {
      user,
      courseIds: ["expert-nails"],
      method: "klarna",
      withdrawalWaiver: false,
      billing: BILLING,
    });
    for (const s of [a, b]) {
      await processPaymentEvent(demo, demoPaidEvent(s));
    }
    await jobs.drain();
    const statuses = await Promise.all(
      [a, b].map(async (s) => (await getOrderWithItems(t.db, s.orderId))!.order.status),
    );
    expect(statuses).toEqual(["paid", "refunded"]);
    const [refund] = await listRefunds(t.db, b.orderId);
    expect(refund.provider_refund_id).toBe(`demo_re_refund-${refund.id}`);
    expect(mock.refunds).toHaveLength(0);
    expect(await activeEnrollments("expert-nails")).toBe(1);
  });
});
