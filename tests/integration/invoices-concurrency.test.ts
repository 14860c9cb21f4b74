/**
 * Gap-free numbering under concurrency (issue 13): 200 orders paid at once
 * yield invoices 1…200 of the year's series, with no gap and no duplicate, and
 * a record chain that verifies — on PostgreSQL across two instances (two
 * connection pools on one database, as two servers would have), on SQLite in
 * one. The chain's head row is the lock every issuer takes first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/db.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { verifyBillingChain } from "~/invoices/verify.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { insertCourse, insertOrder } from "./staff-orders-fixtures.ts";

const INVOICING = TEST_INVOICING;
const ORDERS = 200;

describe.each(dbKinds)("invoice numbers under concurrency on %s", (kind) => {
  let t: TestDb;
  let second: Db | null = null;

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    await insertCourse(t.db, "curso-carrera", "Curso de uñas de gel", 25000);
    // The second instance: its own pool on the same PostgreSQL database.
    if (kind === "postgres") second = createDb(t.url);
  });
  afterAll(async () => {
    await second?.destroy();
    await t?.cleanup();
  });

  it(`${ORDERS} orders paid at once get numbers 1…${ORDERS} with no gap and no duplicate`, async () => {
    const orderIds: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const user = await insertBuyer(t.db, { prefix: `carrera${i}.${kind}`, firstName: "Alumna", lastName: String(i) });
      orderIds.push(
        await insertOrder(t.db, {
          user,
          lines: [{ courseId: "curso-carrera", title: "Curso de uñas de gel", priceCents: 25000 }],
          createdAt: new Date().toISOString(),
        }),
      );
    }
    const instances = second ? [t.db, second] : [t.db];
    const outcomes = await Promise.all(
      orderIds.map((orderId, i) =>
        fulfilOrder(
          instances[i % instances.length]!,
          { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId },
          INVOICING,
        ),
      ),
    );
    expect(outcomes.every((o) => o.outcome === "paid")).toBe(true);

    const invoices = await t.db
      .selectFrom("invoices")
      .select(["number", "full_number", "order_id"])
      .orderBy("number")
      .execute();
    expect(invoices.map((i) => i.number)).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
    expect(new Set(invoices.map((i) => i.order_id)).size).toBe(ORDERS);
    expect(invoices.at(-1)!.full_number).toBe(`AN${madridDate().slice(0, 4)}-000200`);
    const counter = await t.db.selectFrom("invoice_counters").selectAll().execute();
    expect(counter).toEqual([{ series: `AN${madridDate().slice(0, 4)}`, last_number: ORDERS }]);
    // One record per invoice, chained in order.
    expect(await verifyBillingChain(t.db)).toEqual({
      records: ORDERS,
      demoDocuments: 0,
      broken: null,
      xmlMismatches: [],
    });
  });
});
