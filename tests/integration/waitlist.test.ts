/**
 * Waiting lists on SQLite and PostgreSQL: joining a full edition (idempotent),
 * a freed seat offered to the first person with a hold (12 h by default) and
 * an email, nobody else can take it, the offered buyer's checkout uses it, a
 * lapsed offer passes to the next person. The people here join with an address
 * already proven (`confirmed`, as a signed-in verified account does), so their
 * entries count at once; the email confirmation itself is covered by
 * waitlist-confirmation.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inTransaction } from "~/db/db.server.ts";
import { CheckoutError } from "~/orders/checkout-error.ts";
import { processPaymentEvent, startCheckout } from "~/payments/checkout.server.ts";
import { joinWaitlist, offerFreedSeats, removeEntry } from "~/waitlist/waitlist.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { demoSeatDeps, editionCounters, insertCourseWithEditions, type SeatFixture } from "../helpers/seats.ts";

describe.each(dbKinds)("waiting list on %s", (kind) => {
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

  const buyer = (prefix: string) => insertBuyer(t.db, { prefix, firstName: "Lía", lastName: "Roca" });
  const start = (user: { id: string; email: string }, courseId: string, editionId: string) =>
    startCheckout(f.deps, {
      user,
      courseIds: [courseId],
      editionIds: { [courseId]: editionId },
      method: "card",
      withdrawalWaiver: true,
    });
  const join = (editionId: string, email: string) =>
    joinWaitlist(t.db, { editionId, email, userId: null, confirmed: true, nowIso: new Date().toISOString() });
  const status = async (editionId: string) =>
    (
      await t.db
        .selectFrom("waitlist_entries")
        .select(["email", "status"])
        .where("edition_id", "=", editionId)
        .orderBy("created_at")
        .execute()
    ).map((r) => `${r.email}:${r.status}`);

  it("offers a freed seat to the first person, holds it for her only, and passes it on when it lapses", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-06-01", seats: 1 }]);
    const edition = editionIds[0]!;
    const first = await buyer("espera-a");
    const second = await buyer("espera-b");
    // Not full yet: nothing to wait for.
    expect(await join(edition, first.email)).toBe("not-full");
    const a = await start(await buyer("compra"), courseId, edition);
    expect(await join(edition, ` ${first.email.toUpperCase()} `)).toBe("joined");
    expect(await join(edition, first.email)).toBe("already");
    await new Promise((r) => setTimeout(r, 5));
    expect(await join(edition, second.email)).toBe("joined");
    expect(await join("no-existe", first.email)).toBe("unavailable");

    // The payment session expires: the seat goes to the first person on the list.
    await processPaymentEvent(f.deps, {
      kind: "expired",
      eventId: `test:${a.orderId}:expired`,
      type: "test.expired",
      sessionId: a.sessionId,
      orderId: a.orderId,
      amountTotalCents: null,
      currency: null,
    });
    expect(await status(edition)).toEqual([`${first.email}:offered`, `${second.email}:waiting`]);
    expect(await editionCounters(t.db, edition)).toMatchObject({ taken: 0, held: 1 });
    await f.jobs.drain();
    const offer = f.sent.find((m) => m.to === first.email);
    expect(offer?.subject).toContain("Se ha liberado una plaza");
    expect(offer?.text).toContain(`/formaciones/${courseId}`);
    expect(f.sent.some((m) => m.to === second.email)).toBe(false);

    // Nobody else can take the held seat, not even the second in line.
    const other = await start(await buyer("otra"), courseId, edition).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(CheckoutError);
    expect((other as CheckoutError).status).toBe(409);

    // 25 h later (past any default hold) the offer lapses and the next person is asked.
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000).toISOString();
    await inTransaction(t.db, (trx) => offerFreedSeats(trx, [edition], later));
    expect(await status(edition)).toEqual([`${first.email}:lapsed`, `${second.email}:offered`]);
    expect(await editionCounters(t.db, edition)).toMatchObject({ taken: 0, held: 1 });

    // The offered buyer's checkout uses her held seat and is paid.
    const mine = await start(second, courseId, edition);
    expect(await status(edition)).toEqual([`${first.email}:lapsed`, `${second.email}:taken`]);
    expect(await editionCounters(t.db, edition)).toMatchObject({ taken: 0, held: 1, activeHolds: 1 });
    expect(
      await processPaymentEvent(f.deps, {
        kind: "paid",
        eventId: `test:${mine.orderId}:paid`,
        type: "test.paid",
        sessionId: mine.sessionId,
        orderId: mine.orderId,
        amountTotalCents: 20000,
        currency: "eur",
      }),
    ).toBe("paid");
    expect(await editionCounters(t.db, edition)).toMatchObject({ taken: 1, held: 0, enrolled: 1 });
  });

  it("removing an offered entry gives the seat to the next one", async () => {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: "2030-07-01", seats: 1 }]);
    const edition = editionIds[0]!;
    const a = await start(await buyer("compra2"), courseId, edition);
    const x = await buyer("espera-x");
    const y = await buyer("espera-y");
    await join(edition, x.email);
    await new Promise((r) => setTimeout(r, 5));
    await join(edition, y.email);
    await inTransaction(t.db, (trx) =>
      trx
        .updateTable("seat_holds")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("order_id", "=", a.orderId)
        .execute(),
    );
    await inTransaction(t.db, (trx) => offerFreedSeats(trx, [edition], new Date().toISOString()));
    // Lazy: the expired hold is released by the next seat transaction (here the lapse job's).
    const entryX = await t.db
      .selectFrom("waitlist_entries")
      .select("id")
      .where("email", "=", x.email)
      .executeTakeFirstOrThrow();
    expect(await status(edition)).toEqual([`${x.email}:waiting`, `${y.email}:waiting`]);
    const { releaseExpiredHolds } = await import("~/orders/seat-holds.server.ts");
    await inTransaction(t.db, (trx) => releaseExpiredHolds(trx, [edition], new Date().toISOString()));
    expect(await status(edition)).toEqual([`${x.email}:offered`, `${y.email}:waiting`]);
    await inTransaction(t.db, (trx) => removeEntry(trx, entryX.id, new Date().toISOString()));
    expect(await status(edition)).toEqual([`${x.email}:removed`, `${y.email}:offered`]);
    expect(await editionCounters(t.db, edition)).toMatchObject({ taken: 0, held: 1 });
  });
});
