/**
 * Checkout, webhooks and fulfilment against a real migrated database (SQLite,
 * and PostgreSQL when TEST_DATABASE_URL is set), the real `stripe` SDK and an
 * in-process mock of the Stripe API.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobHandlers } from "~/job-handlers.server.ts";
import { createJobWorker, type JobWorker } from "~/jobs/worker.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { newId } from "~/lib/ids.server.ts";
import type { Mailer, MailMessage } from "~/mail/mailer.server.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { listMyCourses, listOrders } from "~/orders/queries.server.ts";
import { createCheckoutFromRequest, handleStripeWebhook } from "~/payments/api.server.ts";
import { confirmFromSession, processPaymentEvent, startCheckout, type PaymentDeps } from "~/payments/checkout.server.ts";
import { createDemoProvider } from "~/payments/demo.server.ts";
import { createStripeProvider } from "~/payments/stripe.server.ts";
import { TEST_BILLING, TEST_BILLING_FORM } from "../helpers/invoices.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { demoPaidEvent, insertBuyer, stripeWebhookRequest } from "../helpers/payments.ts";
import { startStripeMock, type StripeMock } from "../helpers/stripe-mock.ts";

const WEBHOOK_SECRET = "whsec_test_secret";
/** Orders above 400 € need a factura completa's details (issue 13). */
const BILLING = TEST_BILLING;
/** The same, as the JSON API's `billing` object. */
const API_BILLING = TEST_BILLING_FORM;
const PUBLIC_URL = "http://localhost:3000";

describe.each(dbKinds)("payments on %s", (kind) => {
  let t: TestDb;
  let mock: StripeMock;
  let deps: PaymentDeps;
  let sent: MailMessage[];
  let user: { id: string; email: string };
  let jobs: JobWorker;
  /** Runs the outbox as the server's worker would, then returns what was sent. */
  const delivered = async () => {
    await jobs.drain();
    return sent;
  };

  beforeAll(async () => {
    t = await createTestDb(kind);
    mock = await startStripeMock(WEBHOOK_SECRET);
    const mailer: Mailer = {
      kind: "outbox",
      send: async (m) => {
        sent.push(m);
      },
    };
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
    // Jobs queued by the previous test are not this test's mail.
    await jobs.drain();
    sent = [];
    mock.requests.length = 0;
    user = await insertBuyer(t.db, { prefix: "buyer", firstName: "Lucía", lastName: "Pérez" });
  });

  const post = (body: string) =>
    new Request(`${PUBLIC_URL}/api/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });

  const webhook = (e: { body: string; signature: string }) =>
    handleStripeWebhook(deps, stripeWebhookRequest(PUBLIC_URL, e));

  const countWhere = async (table: "orders" | "enrollments" | "payment_events", column: "user_id" | "order_id", value: string) =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where(column, "=", value).executeTakeFirstOrThrow()).n);

  async function paidOrder(courseIds = ["formacion-inicio", "expert-nails"]) {
    const started = await startCheckout(deps, { user, courseIds, method: "card", withdrawalWaiver: true, billing: BILLING });
    mock.setSession(started.sessionId, { status: "complete", payment_status: "paid" });
    return started;
  }

  it("prices from the catalogue and ignores the browser's price, name and identity", async () => {
    const res = await createCheckoutFromRequest(
      deps,
      post(
        JSON.stringify({
          courseId: "tecnico-manicurista",
          courseName: "Curso gratis",
          coursePrice: 1,
          courseDescription: "x",
          courseImage: "https://evil.example/x.png",
          userEmail: "someone-else@example.com",
          userId: "another-user",
          billing: API_BILLING,
        }),
      ),
      user,
    );
    expect(res.status).toBe(200);
    const { url, orderId } = (await res.json()) as { url: string; orderId: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const { order, items } = (await getOrderWithItems(t.db, orderId))!;
    expect(order).toMatchObject({ total_cents: 65000, status: "pending", user_id: user.id, email: user.email, payment_method: "card", provider: "stripe" });
    expect(items.map((i) => [i.course_id, i.title, i.price_cents])).toEqual([["tecnico-manicurista", "Técnico Manicurista", 65000]]);

    const create = mock.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")!;
    expect(create.headers["idempotency-key"]).toBe(`checkout-${orderId}`);
    expect(create.body).toMatchObject({
      mode: "payment",
      locale: "es",
      allowed_payment_method_types: ["card"],
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      customer_email: user.email,
      success_url: `${PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}&course_id=tecnico-manicurista`,
      cancel_url: `${PUBLIC_URL}/cancel`,
      line_items: [{ quantity: "1", price_data: { currency: "eur", unit_amount: "65000", product_data: { name: "Técnico Manicurista" } } }],
    });
    expect(order.provider_session_id).toBe([...mock.sessions.keys()].at(-1));
  });

  it("puts every cart course in one order with the chosen method", async () => {
    const res = await createCheckoutFromRequest(
      deps,
      post(JSON.stringify({ courseIds: ["formacion-inicio", "expert-nails"], paymentMethod: "klarna", billing: API_BILLING })),
      user,
    );
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    const { order, items } = (await getOrderWithItems(t.db, orderId))!;
    expect(order.total_cents).toBe(127900);
    expect(items.map((i) => i.course_id)).toEqual(["formacion-inicio", "expert-nails"]);
    expect(items.every((i) => i.edition_id && i.edition_starts_on)).toBe(true);
    const create = mock.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(create.body.allowed_payment_method_types).toEqual(["klarna"]);
    expect((create.body.line_items as unknown[]).length).toBe(2);
  });

  it("answers bad requests with a 4xx and a message, and 401 without a session", async () => {
    const cases: [Request, typeof user | null, number][] = [
      [post("{not json"), user, 400],
      [post(JSON.stringify({ courseId: "no-existe" })), user, 404],
      [post(JSON.stringify({ coursePrice: 1 })), user, 400],
      [post(JSON.stringify({ courseId: "tecnico-manicurista", paymentMethod: "bitcoin" })), user, 400],
      // 2.258 € exceeds Klarna's 1.500 € maximum.
      [post(JSON.stringify({ courseIds: ["formacion-inicio", "tecnico-manicurista", "expert-nails", "iniciacion-acrilico"], paymentMethod: "klarna" })), user, 400],
      [post(JSON.stringify({ courseId: "tecnico-manicurista" })), null, 401],
    ];
    for (const [request, who, status] of cases) {
      const res = await createCheckoutFromRequest(deps, request, who);
      expect(res.status).toBe(status);
      const body = (await res.json()) as { message: unknown };
      expect(typeof body.message).toBe("string");
      expect(body.message).not.toBe("");
    }
    expect(await countWhere("orders", "user_id", user.id)).toBe(0);
  });

  it("answers every malformed body in Spanish", async () => {
    const cases: [unknown, string][] = [
      [{ courseId: "" }, "Falta el curso que quieres pagar"],
      [{ courseId: "tecnico-manicurista", withdrawalWaiver: "yes" }, "withdrawalWaiver debe ser true o false"],
      [{ courseId: 42 }, "El identificador del curso debe ser un texto"],
      [{ courseIds: "formacion-inicio" }, "courseIds debe ser una lista de cursos"],
      [{ courseIds: [] }, "Falta el curso que quieres pagar"],
      [{ courseId: "x".repeat(101) }, "El identificador del curso es demasiado largo"],
      [{ courseId: "tecnico-manicurista", paymentMethod: "bitcoin" }, "Método de pago no válido"],
      [["formacion-inicio"], "El cuerpo de la petición debe ser un objeto JSON"],
      [null, "El cuerpo de la petición debe ser un objeto JSON"],
    ];
    for (const [body, message] of cases) {
      const res = await createCheckoutFromRequest(deps, post(JSON.stringify(body)), user);
      expect(res.status).toBe(400);
      const answer = ((await res.json()) as { message: string }).message;
      expect(answer).toContain(message);
      // None of zod's English defaults ("Invalid input", "Too small", "expected …").
      expect(answer).not.toMatch(/invalid|expected|too (small|big)|received/i);
    }
  });

  it("answers a provider failure with the default message and leaves nothing reusable", async () => {
    mock.failNextCreates(1);
    const res = await createCheckoutFromRequest(deps, post(JSON.stringify({ courseId: "expert-nails", billing: API_BILLING })), user);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: "Error al crear la sesión de pago" });
    const retry = await createCheckoutFromRequest(deps, post(JSON.stringify({ courseId: "expert-nails", billing: API_BILLING })), user);
    expect(retry.status).toBe(200);
  });

  it("turns two concurrent pay clicks into one order and one payment page", async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        startCheckout(deps, { user, courseIds: ["expert-nails", "formacion-inicio"], method: "card", withdrawalWaiver: true, billing: BILLING }),
      ),
    );
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    expect(new Set(results.map((r) => r.url)).size).toBe(1);
    expect(await countWhere("orders", "user_id", user.id)).toBe(1);
    // A later click with the same items reuses it too; another method is another order.
    const again = await startCheckout(deps, { user, courseIds: ["formacion-inicio", "expert-nails"], method: "card", withdrawalWaiver: true, billing: BILLING });
    expect(again.orderId).toBe(results[0].orderId);
    const klarna = await startCheckout(deps, { user, courseIds: ["formacion-inicio", "expert-nails"], method: "klarna", withdrawalWaiver: true, billing: BILLING });
    expect(klarna.orderId).not.toBe(results[0].orderId);
  });

  it("fulfils once when the same event arrives 20 times, even concurrently", async () => {
    const started = await paidOrder();
    const event = mock.signedEvent("checkout.session.completed", started.sessionId);
    const seatsBefore = await t.db.selectFrom("course_editions").select(["id", "seats_taken"]).execute();
    const first = await webhook(event);
    expect(first.status).toBe(200);
    const rest = await Promise.all(Array.from({ length: 19 }, () => webhook(event)));
    expect(rest.every((r) => r.status === 200)).toBe(true);

    const { order } = (await getOrderWithItems(t.db, started.orderId))!;
    expect(order.status).toBe("paid");
    expect(await countWhere("enrollments", "order_id", started.orderId)).toBe(2);
    expect(await countWhere("payment_events", "order_id", started.orderId)).toBe(1);
    const seatsAfter = await t.db.selectFrom("course_editions").select(["id", "seats_taken"]).execute();
    const taken = (rows: typeof seatsAfter) => rows.reduce((s, r) => s + Number(r.seats_taken), 0);
    expect(taken(seatsAfter) - taken(seatsBefore)).toBe(2);

    expect(await delivered()).toHaveLength(1);
    const mail = sent[0];
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain("Formación de inicio");
    expect(mail.text).toContain("Expert Nails");
    expect(mail.text).toContain("1.279,00");
    expect(mail.text).toMatch(/derecho de desistimiento/);
    expect(mail.attachments?.map((a) => a.filename)).toHaveLength(2);
    expect(String(mail.attachments?.[0].content)).toContain("BEGIN:VEVENT");
  });

  it("rejects a bad signature with 400 and changes nothing", async () => {
    const started = await paidOrder();
    const event = mock.signedEvent("checkout.session.completed", started.sessionId);
    const tampered = { body: event.body.replace('"paid"', '"paid" '), signature: event.signature };
    for (const e of [tampered, { body: event.body, signature: "t=1,v1=deadbeef" }, { body: event.body, signature: "" }]) {
      const res = await webhook(e);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await getOrderWithItems(t.db, started.orderId))!.order.status).toBe("pending");
    expect(await countWhere("payment_events", "order_id", started.orderId)).toBe(0);
    expect(await delivered()).toHaveLength(0);
  });

  it("ends paid when completed arrives after expired", async () => {
    const started = await paidOrder(["tecnico-manicurista"]);
    expect((await webhook(mock.signedEvent("checkout.session.expired", started.sessionId, { patch: { status: "expired" } }))).status).toBe(200);
    expect((await getOrderWithItems(t.db, started.orderId))!.order.status).toBe("cancelled");
    await webhook(mock.signedEvent("checkout.session.completed", started.sessionId));
    expect((await getOrderWithItems(t.db, started.orderId))!.order.status).toBe("paid");
    expect(await countWhere("enrollments", "order_id", started.orderId)).toBe(1);
  });

  it("keeps a paid order paid when async_payment_failed or expired arrives late", async () => {
    const started = await paidOrder(["tecnico-manicurista"]);
    await webhook(mock.signedEvent("checkout.session.completed", started.sessionId));
    await webhook(mock.signedEvent("checkout.session.async_payment_failed", started.sessionId, { patch: { payment_status: "unpaid" } }));
    await webhook(mock.signedEvent("checkout.session.expired", started.sessionId, { patch: { status: "expired" } }));
    expect((await getOrderWithItems(t.db, started.orderId))!.order.status).toBe("paid");
    expect(await countWhere("enrollments", "order_id", started.orderId)).toBe(1);
  });

  it("waits for asynchronous methods: pending after completion, then paid or failed", async () => {
    const ok = await startCheckout(deps, { user, courseIds: ["expert-nails"], method: "sequra", withdrawalWaiver: true, billing: BILLING });
    mock.setSession(ok.sessionId, { status: "complete", payment_status: "unpaid" });
    await webhook(mock.signedEvent("checkout.session.completed", ok.sessionId));
    let order = (await getOrderWithItems(t.db, ok.orderId))!.order;
    expect(order.status).toBe("pending");
    expect(order.checkout_completed_at).not.toBeNull();
    expect(await countWhere("enrollments", "order_id", ok.orderId)).toBe(0);
    await webhook(mock.signedEvent("checkout.session.async_payment_succeeded", ok.sessionId, { patch: { payment_status: "paid" } }));
    order = (await getOrderWithItems(t.db, ok.orderId))!.order;
    expect(order.status).toBe("paid");

    const ko = await startCheckout(deps, { user, courseIds: ["formacion-inicio"], method: "scalapay", withdrawalWaiver: false });
    mock.setSession(ko.sessionId, { status: "complete", payment_status: "unpaid" });
    await webhook(mock.signedEvent("checkout.session.completed", ko.sessionId));
    await webhook(mock.signedEvent("checkout.session.async_payment_failed", ko.sessionId));
    expect((await getOrderWithItems(t.db, ko.orderId))!.order.status).toBe("failed");
    expect(await countWhere("enrollments", "order_id", ko.orderId)).toBe(0);
  });

  it("heals a crash between payment and fulfilment from the success page, then ignores the webhook retry", async () => {
    const started = await paidOrder(["expert-nails"]);
    // The webhook never arrived; the buyer lands on /success.
    const healed = await confirmFromSession(deps, (await getOrderWithItems(t.db, started.orderId))!);
    expect(healed.order.status).toBe("paid");
    expect(await countWhere("enrollments", "order_id", started.orderId)).toBe(1);
    expect(await delivered()).toHaveLength(1);
    // Stripe retries the webhook later: nothing more happens.
    expect((await webhook(mock.signedEvent("checkout.session.completed", started.sessionId))).status).toBe(200);
    expect(await countWhere("enrollments", "order_id", started.orderId)).toBe(1);
    expect(await delivered()).toHaveLength(1);
  });

  it("heals a crash before the session id was saved through the webhook retry", async () => {
    const started = await paidOrder(["formacion-inicio"]);
    await t.db.updateTable("orders").set({ provider_session_id: null }).where("id", "=", started.orderId).execute();
    // First delivery fails on our side (simulated by not delivering); the retry arrives.
    const res = await webhook(mock.signedEvent("checkout.session.completed", started.sessionId));
    expect(res.status).toBe(200);
    const { order } = (await getOrderWithItems(t.db, started.orderId))!;
    expect(order.status).toBe("paid");
    expect(order.provider_session_id).toBe(started.sessionId);
  });

  it("refuses to fulfil when the amount paid differs from the order", async () => {
    const started = await paidOrder(["formacion-inicio"]);
    await webhook(mock.signedEvent("checkout.session.completed", started.sessionId, { patch: { amount_total: 100 } }));
    expect((await getOrderWithItems(t.db, started.orderId))!.order.status).toBe("pending");
    expect(await countWhere("enrollments", "order_id", started.orderId)).toBe(0);
  });

  it("keeps a course removed from the catalogue in the buyer's history", async () => {
    // A course of our own, so the shared catalogue stays intact for the other tests.
    const id = `retirado-${newId().slice(0, 6)}`;
    await t.db
      .insertInto("courses")
      .values({ id, title: "Curso retirado", category: "intensivo", description: "x", price_cents: 15000, original_price_cents: 15000, duration: "1 día", class_size: 4, level: "Intensivo", rating: 5, reviews: 1, features: "[]", image: "course-iniciacion-acrilico", highlighted: 0, active: 1, sort_order: 99 })
      .execute();
    const started = await paidOrder([id]);
    await webhook(mock.signedEvent("checkout.session.completed", started.sessionId));
    await t.db.deleteFrom("courses").where("id", "=", id).execute();

    const mine = await listMyCourses(t.db, user.id);
    expect(mine.map((c) => [c.courseId, c.title])).toEqual([[id, "Curso retirado"]]);
    const profileCourses = await listMyCourses(t.db, user.id, { includeEnded: true });
    expect(profileCourses.map((c) => [c.courseId, c.title])).toEqual([[id, "Curso retirado"]]);
    const orders = await listOrders(t.db, user.id);
    expect(orders[0]).toMatchObject({ status: "paid", totalCents: 15000, items: [{ courseId: id, title: "Curso retirado" }] });
  });

  it("refuses to sell a course the buyer already has", async () => {
    const started = await paidOrder(["tecnico-manicurista"]);
    await webhook(mock.signedEvent("checkout.session.completed", started.sessionId));
    const res = await createCheckoutFromRequest(deps, post(JSON.stringify({ courseId: "tecnico-manicurista" })), user);
    expect(res.status).toBe(409);
  });

  it("sells offline through the demo gateway with the same fulfilment", async () => {
    const demo: PaymentDeps = { ...deps, payments: createDemoProvider() };
    const started = await startCheckout(demo, { user, courseIds: ["iniciacion-acrilico"], method: "card", withdrawalWaiver: true });
    expect(started.url).toBe(`/pago-demo/${started.orderId}`);
    const outcome = await processPaymentEvent(demo, demoPaidEvent(started));
    expect(outcome).toBe("paid");
    expect((await getOrderWithItems(t.db, started.orderId))!.order.status).toBe("paid");
    expect(await delivered()).toHaveLength(1);
  });
});
