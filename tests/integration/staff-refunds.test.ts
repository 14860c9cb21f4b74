/**
 * Staff refunds from /gestion/pedidos/:orderId/reembolsar on SQLite and
 * PostgreSQL, through the real Stripe SDK and the local Stripe mock: the form,
 * its confirmation step, the refund job (one provider call with the refund's
 * idempotency key), partial and full refunds (a full one ends the enrolment and
 * frees the seat), the cap on what is left (also for two requests at once), the
 * audit entry, and the labels the buyer and the staff see.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProfilePurchases } from "~/components/account/profile-purchases.tsx";
import { inTransaction } from "~/db/db.server.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { purchaseStatusView } from "~/domain/purchase-status.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { listOrders, type OrderView } from "~/orders/queries.server.ts";
import { listRefunds, RefundNotAllowedError, requestRefund } from "~/orders/refunds.server.ts";
import { loader as exportLoader } from "~/routes/gestion.pedidos.exportar-csv.ts";
import { loadOrderDetail } from "~/routes/gestion.pedidos.pedido.server.ts";
import { loadRefundPage, refundAction } from "~/routes/gestion.pedidos.reembolsar.server.ts";
import { loadOrderList } from "~/routes/gestion.pedidos.server.ts";
import { formRequest } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startStripeMock, type StripeMock } from "../helpers/stripe-mock.ts";
import {
  enrolmentsOf,
  paidOrder,
  refundCourse,
  refundWorld,
  seatsTaken,
  type RefundWorld,
} from "./refunds-fixtures.ts";
import { staffContext } from "./staff-orders-fixtures.ts";

/** The buyer's purchase history as /perfil/compras renders it (in Spanish, with the slices its loaders send). */
function purchasesHtml(orders: OrderView[]): string {
  const data = { messages: messagesFor("es", ["common", "account", "orders", "checkout.method"]) };
  const Stub = createRoutesStub([
    {
      id: "page",
      path: "/perfil/compras",
      Component: () => createElement(ProfilePurchases, { orders }),
      loader: () => data,
    },
  ]);
  const page = createElement(Stub, {
    initialEntries: ["/perfil/compras"],
    hydrationData: { loaderData: { page: data } },
  });
  return renderToString(page).replaceAll("<!-- -->", "");
}

const SECRET = "whsec_staff_refunds";
type Step = { status: number; body: Record<string, unknown> | null; location: string | null };

describe.each(dbKinds)("staff refunds on %s", (kind) => {
  let t: TestDb;
  let mock: StripeMock;
  let world: RefundWorld;
  let context: Readonly<RouterContextProvider>;
  let staffEmail: string;
  let course: { courseId: string; editionId: string };

  beforeAll(async () => {
    t = await createTestDb(kind);
    mock = await startStripeMock(SECRET);
    world = refundWorld(t.db, kind, mock, SECRET);
    const staff = await staffContext(t.db, kind, `rosa.reembolsos.${kind}@example.com`);
    context = staff.context;
    staffEmail = staff.user.email;
    course = await refundCourse(t.db, 28000);
  });
  afterAll(async () => {
    await mock?.close();
    await t?.cleanup();
  });
  beforeEach(async () => {
    await world.jobs.drain();
    world.sent.length = 0;
  });

  /** Runs the action as React Router would: a returned data(), or a thrown redirect/404. */
  async function post(orderId: string, fields: Record<string, string>): Promise<Step> {
    const request = formRequest(`http://localhost/gestion/pedidos/${orderId}/reembolsar`, fields);
    try {
      const r = (await refundAction(request, context, orderId)) as {
        data: Record<string, unknown>;
        init: { status?: number } | null;
      };
      return { status: r.init?.status ?? 200, body: r.data, location: null };
    } catch (err) {
      if (err instanceof Response) return { status: err.status, body: null, location: err.headers.get("Location") };
      const e = err as { init?: { status?: number } };
      if (e.init?.status) return { status: e.init.status, body: null, location: null };
      throw err;
    }
  }

  /** The form, reviewed, then confirmed: what a person does with the two buttons. */
  async function refund(orderId: string, fields: Record<string, string>): Promise<{ review: Step; done: Step }> {
    const review = await post(orderId, { intent: "revisar", ...fields });
    expect(review.status).toBe(200);
    expect(review.body?.step).toBe("confirm");
    const values = review.body!.values as Record<string, string>;
    const done = await post(orderId, { intent: "confirmar", ...values, refundId: String(review.body!.refundId) });
    return { review, done };
  }

  const orderOf = async (id: string) => (await getOrderWithItems(t.db, id))!.order;
  const refundCalls = () => mock.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");

  it("refunds part, then the rest: one Stripe call each, labels, enrolment kept until the last euro", async () => {
    const paid = await paidOrder(world, mock, [course.courseId]);
    const seats = await seatsTaken(t.db, course.editionId);
    const page = await loadRefundPage(context, paid.orderId);
    expect(page.blocked).toBeNull();
    expect(page.values.amount).toBe("280");
    expect(page.order).toMatchObject({ totalCents: 28000, refundedCents: 0, availableCents: 28000 });

    // Partial: 100 € at the student's request.
    const calls = refundCalls().length;
    const first = await refund(paid.orderId, { amount: "100", reason: "customer-request", note: "" });
    expect(first.review.body!.summary).toEqual({
      amountCents: 10000,
      reasonLabel: "A petición de la alumna",
      note: "",
      full: false,
    });
    expect(first.done).toMatchObject({
      status: 302,
      location: `/gestion/pedidos/${paid.orderId}?aviso=reembolso-solicitado`,
    });
    const [pending] = await listRefunds(t.db, paid.orderId);
    expect(pending).toMatchObject({ amount_cents: 10000, reason: "customer-request", status: "pending" });
    await world.jobs.drain();
    expect(refundCalls()).toHaveLength(calls + 1);
    const call = refundCalls().at(-1)!;
    expect(call.headers["idempotency-key"]).toBe(`refund-${pending.id}`);
    expect(call.body).toMatchObject({ amount: "10000", metadata: { order_id: paid.orderId, refund_id: pending.id } });
    expect(await orderOf(paid.orderId)).toMatchObject({ status: "paid", refunded_cents: 10000 });
    expect((await enrolmentsOf(t.db, paid.orderId))[0]).toMatchObject({ ended_at: null });
    expect(await seatsTaken(t.db, course.editionId)).toBe(seats);
    const notice = world.sent.find((m) => m.subject.startsWith("Reembolso"))!;
    expect(notice.to).toBe(paid.buyer.email);
    expect(notice.text).toContain("Como nos pediste");
    expect(notice.text).toContain("100,00");

    // What the buyer and the staff read now.
    const history = await listOrders(t.db, paid.buyer.id);
    const html = purchasesHtml(history);
    expect(html).toContain("Reembolso parcial");
    expect(html).toContain(`Reembolsado: ${formatEuros(10000)}`);
    const detail = await loadOrderDetail(
      paid.orderId,
      new Request(`http://localhost/gestion/pedidos/${paid.orderId}`),
      context,
    );
    expect(purchaseStatusView(detail.order.status, detail.order).label).toBe("Reembolso parcial");
    expect(detail.refunds).toMatchObject([{ amountCents: 10000, reason: "customer-request", status: "succeeded" }]);
    const partial = await loadOrderList(
      new Request("http://localhost/gestion/pedidos?estado=partially-refunded"),
      context,
    );
    expect(partial.rows.map((r) => r.id)).toContain(paid.orderId);
    const completed = await loadOrderList(new Request("http://localhost/gestion/pedidos?estado=paid"), context);
    expect(completed.rows.map((r) => r.id)).not.toContain(paid.orderId);
    const csv = await exportLoader({
      request: new Request("http://localhost/gestion/pedidos/exportar.csv?estado=partially-refunded"),
      context,
      params: {},
    } as Parameters<typeof exportLoader>[0]);
    expect(await csv.text()).toMatch(/;280,00;100,00;Tarjeta de crédito o débito;Reembolso parcial;No/u);

    // The rest: the form now offers 180 €; the edition was cancelled.
    expect((await loadRefundPage(context, paid.orderId)).values.amount).toBe("180");
    const second = await refund(paid.orderId, { amount: "180", reason: "edition-cancelled", note: "" });
    expect((second.review.body!.summary as { full: boolean }).full).toBe(true);
    expect(second.done.status).toBe(302);
    await world.jobs.drain();
    expect(refundCalls()).toHaveLength(calls + 2);
    expect(await orderOf(paid.orderId)).toMatchObject({ status: "refunded", refunded_cents: 28000 });
    expect(await enrolmentsOf(t.db, paid.orderId)).toEqual([
      { course_id: course.courseId, ended_at: expect.any(String), end_reason: "refunded" },
    ]);
    expect(await seatsTaken(t.db, course.editionId)).toBe(seats - 1);
    expect(world.sent.filter((m) => m.subject.startsWith("Reembolso")).at(-1)!.text).toContain(
      "convocatoria de tu curso se ha cancelado",
    );
    const after = purchasesHtml(await listOrders(t.db, paid.buyer.id));
    expect(after).toContain("Reembolsado");
    expect(after).not.toContain("Reembolso parcial");
    const refundedList = await loadOrderList(new Request("http://localhost/gestion/pedidos?estado=refunded"), context);
    expect(refundedList.rows.map((r) => r.id)).toContain(paid.orderId);
    expect((await loadRefundPage(context, paid.orderId)).blocked).toBe("Solo se puede reembolsar un pedido pagado.");

    // Each request left its audit entry, with the person, the amount and the reason.
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "order.refund")
      .where("entity_id", "=", paid.orderId)
      .orderBy("created_at")
      .execute();
    expect(audit.map((a) => [a.actor_email, a.entity_type])).toEqual([
      [staffEmail, "order"],
      [staffEmail, "order"],
    ]);
    expect(JSON.parse(audit[0].after_json!)).toMatchObject({ amountCents: 10000, reason: "customer-request" });
    expect(JSON.parse(audit[1].before_json!)).toMatchObject({
      status: "paid",
      totalCents: 28000,
      refundedCents: 10000,
    });

    // Confirming the same form again (a double click) asks for nothing more.
    const again = await post(paid.orderId, {
      intent: "confirmar",
      ...(second.review.body!.values as Record<string, string>),
      refundId: String(second.review.body!.refundId),
    });
    expect(again.status).toBe(302);
    expect(await listRefunds(t.db, paid.orderId)).toHaveLength(2);
  });

  it("refuses more than is left, and explains every field in Spanish", async () => {
    const paid = await paidOrder(world, mock, [course.courseId]);
    const errorsOf = async (fields: Record<string, string>) => {
      const r = await post(paid.orderId, { intent: "revisar", ...fields });
      expect(r.status).toBe(400);
      return r.body!.errors as Record<string, string>;
    };
    expect((await errorsOf({ amount: "280,01", reason: "customer-request" })).amount).toBe(
      `El importe supera lo que queda por reembolsar: como máximo ${formatEuros(28000)}`,
    );
    expect((await errorsOf({ amount: "0", reason: "customer-request" })).amount).toBe(
      "El importe debe ser mayor que 0 €",
    );
    expect((await errorsOf({ amount: "diez", reason: "customer-request" })).amount).toMatch(
      /^Escribe el importe en euros/u,
    );
    expect((await errorsOf({ amount: "-5", reason: "customer-request" })).amount).toBe(
      "El importe no puede ser negativo",
    );
    expect((await errorsOf({ amount: "50", reason: "" })).reason).toBe("Elige el motivo del reembolso");
    expect((await errorsOf({ amount: "50", reason: "regalo" })).reason).toBe("Elige el motivo del reembolso");
    expect((await errorsOf({ amount: "50", reason: "staff", note: "   " })).note).toBe("Explica el motivo en la nota");
    expect((await errorsOf({ amount: "9".repeat(5000), reason: "staff", note: "x".repeat(5000) })).note).toBe(
      "La nota admite como mucho 500 caracteres",
    );
    // A forged confirmation (no or a made-up refund id) does nothing.
    const forged = await post(paid.orderId, {
      intent: "confirmar",
      amount: "50",
      reason: "customer-request",
      refundId: "x",
    });
    expect(forged.status).toBe(400);
    expect((await post(paid.orderId, { intent: "borrar" })).status).toBe(400);
    expect(await listRefunds(t.db, paid.orderId)).toEqual([]);
    // Unknown or malformed orders are a 404, never a 500.
    expect((await post("no-existe", { intent: "revisar", amount: "1", reason: "staff" })).status).toBe(404);
    expect((await post("a/../b%00", { intent: "revisar" })).status).toBe(404);

    // "Otro motivo" with its note goes through, and the note stays in the audit log only.
    const other = await refund(paid.orderId, { amount: "30,50", reason: "staff", note: "Se equivocó de curso\u0007" });
    expect(other.done.status).toBe(302);
    const entry = await t.db
      .selectFrom("audit_log")
      .select("after_json")
      .where("entity_id", "=", paid.orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after_json!)).toMatchObject({
      amountCents: 3050,
      reason: "staff",
      note: "Se equivocó de curso",
    });
    // While it is pending it counts: at most 249,50 € are left.
    expect((await errorsOf({ amount: "250", reason: "customer-request" })).amount).toContain("249,50");
  });

  it("lets only one of two people refund the whole order at the same moment", async () => {
    const paid = await paidOrder(world, mock, [course.courseId]);
    const [a, b] = await Promise.all([
      post(paid.orderId, { intent: "revisar", amount: "280", reason: "customer-request" }),
      post(paid.orderId, { intent: "revisar", amount: "200", reason: "customer-request" }),
    ]);
    const confirm = (r: Step) =>
      post(paid.orderId, {
        intent: "confirmar",
        ...(r.body!.values as Record<string, string>),
        refundId: String(r.body!.refundId),
      });
    const results = await Promise.all([confirm(a), confirm(b)]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect((refused.body!.errors as Record<string, string>).amount).toMatch(/supera lo que queda|ya no tiene nada/u);
    const rows = await listRefunds(t.db, paid.orderId);
    expect(rows).toHaveLength(1);
    await world.jobs.drain();
    const order = await orderOf(paid.orderId);
    expect(order.refunded_cents).toBe(rows[0].amount_cents);
    expect(order.refunded_cents).toBeLessThanOrEqual(order.total_cents);

    // The same cap for any caller of requestRefund (a withdrawal, fulfilment): two at once, 60 % each.
    const other = await paidOrder(world, mock, [course.courseId]);
    const ask = () =>
      inTransaction(t.db, (trx) =>
        requestRefund(trx, { orderId: other.orderId, amountCents: 16800, reason: "withdrawal" }),
      ).then(
        () => "ok",
        (err: unknown) => (err instanceof RefundNotAllowedError ? err.code : "error"),
      );
    expect((await Promise.all([ask(), ask()])).sort()).toEqual(["amount", "ok"]);
    expect(await listRefunds(t.db, other.orderId)).toHaveLength(1);
  });

  it("offers no refund for an order that was never paid", async () => {
    const paid = await paidOrder(world, mock, [course.courseId]);
    await t.db.updateTable("orders").set({ status: "cancelled" }).where("id", "=", paid.orderId).execute();
    expect((await loadRefundPage(context, paid.orderId)).blocked).toBe("Solo se puede reembolsar un pedido pagado.");
    const r = await post(paid.orderId, { intent: "revisar", amount: "10", reason: "customer-request" });
    expect(r.status).toBe(409);
    expect(await listRefunds(t.db, paid.orderId)).toEqual([]);
  });
});
