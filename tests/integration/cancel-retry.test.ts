/**
 * "Intentar de nuevo" on /cancel reopens the payment page for the order the
 * buyer just left. It is a door of the one checkout path
 * (app/payments/checkout-request.server.ts): the same per-buyer limit holds,
 * so a script cannot open payment sessions in a loop through it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession, SESSION_COOKIE } from "~/auth/session.server.ts";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { hitRateLimit } from "~/lib/rate-limit.server.ts";
import { CHECKOUT_RATE_LIMIT, checkoutRateLimitKey } from "~/payments/checkout-request.server.ts";
import { startCheckout } from "~/payments/checkout.server.ts";
import { cancelAction } from "~/routes/cancel.server.ts";
import { makeContext, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { demoSeatDeps, insertCourseWithEditions, type SeatFixture } from "../helpers/seats.ts";

describe.each(dbKinds)("the cancel page's retry on %s", (kind) => {
  let t: TestDb;
  let f: SeatFixture;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    f = demoSeatDeps(t.db, kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function leftOrder() {
    const course = await insertCourseWithEditions(t.db, [{ startsOn: addDays(todayInMadrid(), 40), seats: 5 }]);
    const user = await insertBuyer(t.db, { prefix: "reintento", firstName: "Nuria", lastName: "Vila" });
    const started = await startCheckout(f.deps, {
      user,
      courseIds: [course.courseId],
      method: "card",
      withdrawalWaiver: false,
    });
    const { context, services } = makeContext(t.db, kind, { config: testConfig({ demoPayments: true }) });
    Object.assign(services, { payments: f.deps.payments });
    const cookie = `${SESSION_COOKIE}=${await insertSession(t.db, user.id)}`;
    return { user, context, cookie, orderId: started.orderId };
  }
  const retry = (orderId: string, cookie: string) =>
    new Request("http://localhost:3000/cancel", {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ orderId }),
    });

  it("reopens the payment page for the same course", async () => {
    const { context, cookie, orderId } = await leftOrder();
    const answer = await cancelAction(retry(orderId, cookie), context);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toMatch(/^\/pago-demo\//);
  });

  it("answers 429 with Retry-After once the buyer has used up the checkout limit", async () => {
    const { user, context, cookie, orderId } = await leftOrder();
    for (let i = 0; i < CHECKOUT_RATE_LIMIT.points; i++) {
      await hitRateLimit(t.db, checkoutRateLimitKey(user.id), CHECKOUT_RATE_LIMIT);
    }
    const answer = (await cancelAction(retry(orderId, cookie), context)) as unknown as {
      data: { error: string };
      init: { status: number; headers: Record<string, string> };
    };
    expect(answer.init.status).toBe(429);
    expect(answer.data.error).toBe("Demasiados intentos. Inténtalo más tarde");
    expect(Number(answer.init.headers["Retry-After"])).toBeGreaterThan(0);
  });
});
