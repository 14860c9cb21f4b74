/**
 * The buyer's withdrawal (/perfil/compras/:orderId/desistir) on SQLite and
 * PostgreSQL: the button in the history, the two steps, 404 for someone else's
 * order, one withdrawal for a double submit, the full refund before the start
 * (with the emails), and the staff's proposal after an early start.
 */
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { provideUser } from "~/auth/user-context.server.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { formatDateTime } from "~/components/staff/format.ts";
import { listRefunds } from "~/orders/refunds.server.ts";
import { loader as purchasesLoader } from "~/routes/perfil.compras.tsx";
import { loadOrderDetail } from "~/routes/gestion.pedidos.pedido.server.ts";
import { loadRefundPage } from "~/routes/gestion.pedidos.reembolsar.server.ts";
import { loadWithdrawalPage, withdrawalAction } from "~/routes/perfil.compras.desistir.server.ts";
import { formRequest, makeContext } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startStripeMock, type StripeMock } from "../helpers/stripe-mock.ts";
import { paidOrder, refundCourse, refundWorld, type PaidOrder, type RefundWorld } from "./refunds-fixtures.ts";
import { staffContext, statusOf } from "./staff-orders-fixtures.ts";

const SECRET = "whsec_withdrawal";
type Ctx = Readonly<RouterContextProvider>;

describe.each(dbKinds)("withdrawal on %s", (kind) => {
  let t: TestDb;
  let mock: StripeMock;
  let world: RefundWorld;

  beforeAll(async () => {
    t = await createTestDb(kind);
    mock = await startStripeMock(SECRET);
    world = refundWorld(t.db, kind, mock, SECRET);
  });
  afterAll(async () => {
    await mock?.close();
    await t?.cleanup();
  });

  async function buyerContext(userId: string): Promise<Ctx> {
    const token = await insertSession(t.db, userId);
    const { context } = makeContext(t.db, kind);
    await provideUser(new Request("http://localhost/perfil", { headers: { cookie: `an_session=${token}` } }), context);
    return context;
  }

  async function buy(price = 30000): Promise<PaidOrder & { context: Ctx }> {
    const course = await refundCourse(t.db, price);
    const order = await paidOrder(world, mock, [course.courseId]);
    return { ...order, context: await buyerContext(order.buyer.id) };
  }

  /** Step 2 for the order's course (every order here has one), as the confirmation form sends it. */
  const confirm = async (o: { orderId: string; context: Ctx }) => {
    const line = await t.db
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", o.orderId)
      .executeTakeFirstOrThrow();
    return statusOf(() =>
      withdrawalAction(
        formRequest(`http://localhost/perfil/compras/${o.orderId}/desistir`, {
          intent: "confirmar-desistimiento",
          linea: line.id,
        }),
        o.context,
        o.orderId,
      ),
    );
  };

  it("shows the button only for paid, unrefunded orders within 14 days", async () => {
    const o = await buy();
    const list = await purchasesLoader({ context: o.context } as never);
    expect(list.withdrawal[o.orderId]).toBe("open");
    await t.db
      .updateTable("orders")
      .set({ paid_at: new Date(Date.now() - 20 * 86_400_000).toISOString() })
      .where("id", "=", o.orderId)
      .execute();
    expect((await purchasesLoader({ context: o.context } as never)).withdrawal[o.orderId]).toBe("none");
    const page = await loadWithdrawalPage(o.context, o.orderId);
    expect(page.open).toBe(false);
    expect(await confirm(o)).toBe(409);
  });

  it("answers 404 for someone else's order or a made-up id", async () => {
    const mine = await buy();
    const other = await buy();
    expect(await statusOf(() => loadWithdrawalPage(mine.context, other.orderId))).toBe(404);
    expect(await statusOf(() => loadWithdrawalPage(mine.context, "no-existe"))).toBe(404);
    expect(await confirm({ orderId: other.orderId, context: mine.context })).toBe(404);
  });

  it("before the start: two steps, one withdrawal for a double submit, a full refund and the emails", async () => {
    const o = await buy(30000);
    world.sent.length = 0;
    const step1 = await loadWithdrawalPage(o.context, o.orderId);
    expect(step1.open).toBe(true);
    expect(step1.done).toBeNull();
    expect(step1.items[0]?.title).toMatch(/^Curso reemb-/u);
    const [a, b] = await Promise.all([confirm(o), confirm(o)]);
    expect([a, b]).toEqual([302, 302]);
    expect(await confirm(o)).toBe(302);
    const rows = await t.db.selectFrom("withdrawals").selectAll().where("order_id", "=", o.orderId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("refunded");
    const refunds = await listRefunds(t.db, o.orderId);
    expect(refunds.map((r) => [r.reason, Number(r.amount_cents)])).toEqual([["withdrawal", 30000]]);
    await world.jobs.drain();
    const done = await loadWithdrawalPage(o.context, o.orderId);
    expect(done.done?.next).toContain("Te devolvemos 300,00");
    const ack = world.sent.filter((m) => m.subject.startsWith("Desistimiento recibido"));
    expect(ack).toHaveLength(1);
    expect(ack[0]?.to).toBe(o.buyer.email);
    // The date and time in Madrid, as recorded.
    const when = formatDateTime(rows[0]?.requested_at);
    expect(when).toMatch(/^\d{1,2} de [a-z]+ de \d{4}.* \d{2}:\d{2}$/u);
    expect(ack[0]?.text).toContain(`el ${when} (hora de Madrid)`);
    expect(world.sent.filter((m) => m.to === o.buyer.email).length).toBeGreaterThanOrEqual(2);
    const order = await t.db.selectFrom("orders").select("status").where("id", "=", o.orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe("refunded");
    expect((await purchasesLoader({ context: o.context } as never)).withdrawal[o.orderId]).toBe("done");
  });

  it("after an early start: no refund, the staff see the proportional proposal", async () => {
    const o = await buy(30000);
    const today = todayInMadrid();
    await t.db
      .updateTable("orders")
      .set({ withdrawal_waiver_at: new Date().toISOString() })
      .where("id", "=", o.orderId)
      .execute();
    await t.db
      .updateTable("order_items")
      .set({ edition_starts_on: addDays(today, -1), edition_ends_on: addDays(today, 1) })
      .where("order_id", "=", o.orderId)
      .execute();
    expect(await confirm(o)).toBe(302);
    expect(await listRefunds(t.db, o.orderId)).toEqual([]);
    const row = await t.db.selectFrom("withdrawals").selectAll().where("order_id", "=", o.orderId).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending-staff");
    // Three days, withdrawn on the second: one left → 30000 × 1 / 3.
    expect(Number(row.proposed_cents)).toBe(10000);
    const staff = await staffContext(t.db, kind, `rosa.desist.${kind}.${o.orderId.slice(0, 6)}@example.com`);
    const detail = await loadOrderDetail(o.orderId, new Request("http://localhost/gestion"), staff.context);
    expect(detail.withdrawal?.status).toBe("pending-staff");
    const refundPage = await loadRefundPage(staff.context, o.orderId);
    expect(refundPage.values).toMatchObject({ amount: "100", reason: "withdrawal" });
    await world.jobs.drain();
    const ack = world.sent.find((m) => m.to === o.buyer.email && m.subject.startsWith("Desistimiento recibido"));
    expect(ack?.text).toContain("la parte que no se ha impartido");
  });
});
