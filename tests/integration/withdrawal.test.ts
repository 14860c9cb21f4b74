/**
 * The 14-day right of withdrawal for an in-person course, on SQLite and
 * PostgreSQL: the early-start request is required exactly when a chosen
 * edition starts within 14 days (judged from the server's dates), stored as
 * orders.withdrawal_waiver_at, refused in Spanish without it; and a course the
 * buyer already has shows as "Ya estás inscrita" on the catalogue and the cart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { userContext } from "~/auth/user-context.server.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { EARLY_START_REQUIRED_MESSAGE } from "~/domain/withdrawal.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { listEnrolledCourseIds } from "~/orders/queries.server.ts";
import { createCheckoutFromRequest } from "~/payments/api.server.ts";
import { processPaymentEvent, startCheckout } from "~/payments/checkout.server.ts";
import { loadCartCatalogue } from "~/routes/carrito.server.ts";
import { checkoutAction } from "~/routes/checkout.server.ts";
import { loadCoursePage } from "~/routes/curso.server.ts";
import { loadCourseList } from "~/routes/formaciones.server.ts";
import { makeContext, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { demoPaidEvent, insertBuyer } from "../helpers/payments.ts";
import { demoSeatDeps, insertCourseWithEditions, type SeatFixture } from "../helpers/seats.ts";

describe.each(dbKinds)("withdrawal right and enrolled courses on %s", (kind) => {
  let t: TestDb;
  let f: SeatFixture;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    f = demoSeatDeps(t.db, kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const today = todayInMadrid();
  const buyer = () => insertBuyer(t.db, { prefix: "desiste", firstName: "Marta", lastName: "Soler" });
  /** A course with an edition starting in `days` days. */
  const courseStartingIn = (...days: number[]) =>
    insertCourseWithEditions(
      t.db,
      days.map((d) => ({ startsOn: addDays(today, d), seats: 5 })),
    );

  function checkoutContext(user: { id: string; email: string }) {
    const { context, services } = makeContext(t.db, kind, { config: testConfig({ demoPayments: true }) });
    Object.assign(services, { payments: f.deps.payments });
    context.set(userContext, {
      ...user,
      displayName: "Marta Soler",
      firstName: "Marta",
      lastName: "Soler",
      phone: "",
      emailVerified: true,
      role: "customer",
      secondFactor: false,
    });
    return context;
  }
  const checkoutForm = (courseId: string, fields: Record<string, string>) =>
    new Request(`http://localhost:3000/checkout/${courseId}`, {
      method: "POST",
      body: new URLSearchParams({ method: "card", terms: "on", ...fields }),
    });
  type Refusal = { data: { errors: Record<string, string> }; init: { status: number } };

  it("asks for the early-start request when the edition starts within 14 days, and stores when it was made", async () => {
    const { courseId, editionIds } = await courseStartingIn(14);
    const user = await buyer();
    const context = checkoutContext(user);
    const refused = (await checkoutAction(checkoutForm(courseId, { edition: editionIds[0]! }), context, courseId)) as unknown as Refusal;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.waiver).toBe(EARLY_START_REQUIRED_MESSAGE);
    expect(await t.db.selectFrom("orders").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);

    const accepted = await checkoutAction(checkoutForm(courseId, { edition: editionIds[0]!, waiver: "on" }), context, courseId);
    expect(accepted).toBeInstanceOf(Response);
    expect((accepted as Response).status).toBe(302);
    const order = await t.db.selectFrom("orders").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(order.withdrawal_waiver_at).not.toBeNull();
    expect(Date.now() - Date.parse(order.withdrawal_waiver_at!)).toBeLessThan(60_000);
  });

  it("does not ask (nor store anything) when every chosen edition starts after the 14 days", async () => {
    const { courseId, editionIds } = await courseStartingIn(15);
    const user = await buyer();
    const started = await startCheckout(f.deps, {
      user,
      courseIds: [courseId],
      editionIds: { [courseId]: editionIds[0]! },
      method: "card",
      withdrawalWaiver: false,
    });
    expect((await getOrderWithItems(t.db, started.orderId))!.order.withdrawal_waiver_at).toBeNull();
    // Sent anyway by a client: not stored, it means nothing for a later start.
    const other = await buyer();
    const sent = await startCheckout(f.deps, { user: other, courseIds: [courseId], method: "card", withdrawalWaiver: true });
    expect((await getOrderWithItems(t.db, sent.orderId))!.order.withdrawal_waiver_at).toBeNull();
  });

  it("judges the edition the server picks, not the browser's claim (API, next bookable edition)", async () => {
    const { courseId } = await courseStartingIn(3, 40);
    const user = await buyer();
    const post = (body: unknown) =>
      createCheckoutFromRequest(
        f.deps,
        new Request("http://localhost:3000/api/create-checkout-session", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        user,
      );
    const refused = await post({ courseId });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(EARLY_START_REQUIRED_MESSAGE);
    const ok = await post({ courseId, withdrawalWaiver: true });
    expect(ok.status).toBe(200);
    const { orderId } = (await ok.json()) as { orderId: string };
    expect((await getOrderWithItems(t.db, orderId))!.order.withdrawal_waiver_at).not.toBeNull();
  });

  it("shows an enrolled course as 'Ya estás inscrita' on the catalogue and drops it from the cart", async () => {
    const { courseId } = await courseStartingIn(30);
    const user = await buyer();
    const started = await startCheckout(f.deps, { user, courseIds: [courseId], method: "card", withdrawalWaiver: false });
    expect(await processPaymentEvent(f.deps, demoPaidEvent(started))).toBe("paid");

    expect(await listEnrolledCourseIds(t.db, user.id)).toEqual([courseId]);
    expect((await loadCoursePage(t.db, courseId, user)).enrolled).toBe(true);
    expect((await loadCourseList(t.db, user)).enrolledCourseIds).toEqual([courseId]);
    // Another buyer and an anonymous visitor see it as buyable (no query for visitors).
    const other = await buyer();
    expect((await loadCoursePage(t.db, courseId, other)).enrolled).toBe(false);
    expect((await loadCoursePage(t.db, courseId)).enrolled).toBe(false);
    expect((await loadCourseList(t.db)).enrolledCourseIds).toEqual([]);
    const { context } = makeContext(t.db, kind);
    const cart = await loadCartCatalogue(new Request("http://localhost:3000/carrito"), context);
    expect(cart.enrolledCourseIds).toEqual([]);
    expect(cart.withdrawalEnds).toBe(addDays(today, 14));
  });
});
