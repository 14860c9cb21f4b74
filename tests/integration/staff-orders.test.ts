/**
 * /gestion/pedidos on SQLite and PostgreSQL: filters, search and pagination, the
 * CSV export (bytes as Excel reads them), the order detail (events, emails,
 * refunds) and "Reenviar confirmación" (one job and one audit entry, paid orders
 * only). Loaders and actions are called as the staff layout's middleware leaves
 * them: with a signed-in staff member in the context.
 */
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeRefund, listRefunds } from "~/orders/refunds.server.ts";
import { staffOrderBatches } from "~/orders/staff-queries.server.ts";
import { parseOrderFilters } from "~/domain/order-filters.ts";
import { loader as exportLoader } from "~/routes/gestion.pedidos.exportar-csv.ts";
import { loadOrderDetail, orderDetailAction, RESEND_INTENT } from "~/routes/gestion.pedidos.pedido.server.ts";
import { loadOrderList } from "~/routes/gestion.pedidos.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import { issueOrderInvoice } from "~/invoices/issue.server.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";
import { formRequest, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { insertCourse, insertEdition, insertOrder, payOrder, staffContext, statusOf } from "./staff-orders-fixtures.ts";

const ACR = {
  courseId: "st-acrilico",
  title: "Uñas acrílicas",
  priceCents: 28000,
  editionId: "st-acrilico-2027-03",
  startsOn: "2027-03-01",
  endsOn: "2027-03-03",
};
const RUSA = { courseId: "st-rusa", title: "Manicura rusa", priceCents: 45000 };

describe.each(dbKinds)("staff orders on %s", (kind) => {
  let t: TestDb;
  let context: Readonly<RouterContextProvider>;
  let staffEmail: string;
  const ids: Record<"o1" | "o2" | "o3" | "o4" | "o5", string> = { o1: "", o2: "", o3: "", o4: "", o5: "" };
  const dora: string[] = [];

  beforeAll(async () => {
    t = await createTestDb(kind);
    await insertCourse(t.db, ACR.courseId, ACR.title, ACR.priceCents);
    await insertCourse(t.db, RUSA.courseId, RUSA.title, RUSA.priceCents);
    await insertEdition(t.db, {
      id: ACR.editionId,
      courseId: ACR.courseId,
      startsOn: ACR.startsOn,
      endsOn: ACR.endsOn,
    });
    const ana = await makeUser(t.db, "ana.staffpedidos@example.com");
    const berta = await insertBuyer(t.db, { prefix: "berta", firstName: "Berta", lastName: "Sanz" });
    const carla = await insertBuyer(t.db, { prefix: "carla", firstName: "=SUMA(1+1)", lastName: "@Ruiz" });
    const doraUser = await insertBuyer(t.db, { prefix: "dora", firstName: "Dora", lastName: "Vidal" });
    for (let i = 0; i < 26; i++) {
      const minute = String(i).padStart(2, "0");
      dora.push(
        await insertOrder(t.db, { user: doraUser, lines: [ACR], createdAt: `2026-12-01T10:${minute}:00.000Z` }),
      );
    }
    ids.o1 = await insertOrder(t.db, { user: ana, lines: [ACR], createdAt: "2027-01-10T10:00:00.000Z" });
    await payOrder(t.db, ids.o1, new Date("2027-01-10T10:02:00.000Z"));
    // 23:30 UTC on 31 January is 00:30 on 1 February in Madrid.
    ids.o2 = await insertOrder(t.db, {
      user: berta,
      lines: [RUSA],
      method: "klarna",
      createdAt: "2027-01-31T23:30:00.000Z",
    });
    ids.o3 = await insertOrder(t.db, {
      user: carla,
      lines: [ACR, RUSA],
      method: "sequra",
      status: "failed",
      createdAt: "2027-02-15T09:00:00.000Z",
    });
    ids.o4 = await insertOrder(t.db, {
      user: ana,
      lines: [RUSA],
      provider: "demo",
      createdAt: "2027-02-20T12:00:00.000Z",
    });
    await payOrder(t.db, ids.o4, new Date("2027-02-20T12:01:00.000Z"));
    // Ana buys the acrylic course again: nothing to enrol, the whole amount is refunded.
    ids.o5 = await insertOrder(t.db, { user: ana, lines: [ACR], createdAt: "2027-02-25T08:00:00.000Z" });
    await payOrder(t.db, ids.o5, new Date("2027-02-25T08:01:00.000Z"));
    const [refund] = await listRefunds(t.db, ids.o5);
    await completeRefund(t.db, refund.id, "re_test_1", new Date("2027-02-25T09:00:00.000Z"));
    const staff = await staffContext(t.db, kind, "recepcion.pedidos@example.com");
    context = staff.context;
    staffEmail = staff.user.email;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const list = (query = "") => loadOrderList(new Request(`http://localhost/gestion/pedidos${query}`), context);
  const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

  it("lists every order newest first, 25 a page, with pages that neither overlap nor skip", async () => {
    const first = await list();
    expect(first.total).toBe(31);
    expect(first.pageCount).toBe(2);
    expect(idsOf(first.rows).slice(0, 5)).toEqual([ids.o5, ids.o4, ids.o3, ids.o2, ids.o1]);
    expect(first.rows).toHaveLength(25);
    const second = await list("?pagina=2");
    expect(second.rows).toHaveLength(6);
    const all = [...idsOf(first.rows), ...idsOf(second.rows)];
    expect(new Set(all).size).toBe(31);
    expect(all.slice(5)).toEqual([...dora].reverse());
    const o4 = first.rows[1];
    expect(o4).toMatchObject({
      buyerName: "Ana López",
      buyerEmail: "ana.staffpedidos@example.com",
      courses: ["Manicura rusa"],
      demo: true,
      status: "paid",
      totalCents: 45000,
    });
    expect(first.rows[2].courses).toEqual(["Uñas acrílicas", "Manicura rusa"]);
  });

  it("filters by status, method, course and Madrid dates", async () => {
    expect(idsOf((await list("?estado=paid")).rows)).toEqual([ids.o4, ids.o1]);
    expect(idsOf((await list("?estado=refunded")).rows)).toEqual([ids.o5]);
    expect(idsOf((await list("?metodo=klarna")).rows)).toEqual([ids.o2]);
    expect(idsOf((await list("?curso=st-rusa")).rows)).toEqual([ids.o4, ids.o3, ids.o2]);
    expect(idsOf((await list("?desde=2027-02-01&hasta=2027-02-28")).rows)).toEqual([ids.o5, ids.o4, ids.o3, ids.o2]);
    expect(idsOf((await list("?desde=2027-01-01&hasta=2027-01-31")).rows)).toEqual([ids.o1]);
    expect(idsOf((await list("?estado=paid&curso=st-acrilico&metodo=card")).rows)).toEqual([ids.o1]);
    expect((await list("?curso=no-existe")).total).toBe(0);
  });

  it("searches buyer emails and order ids, case-insensitively and literally", async () => {
    expect(idsOf((await list("?q=ANA.STAFFPEDIDOS")).rows)).toEqual([ids.o5, ids.o4, ids.o1]);
    expect(idsOf((await list(`?q=${ids.o3.slice(0, 8).toUpperCase()}`)).rows)).toEqual([ids.o3]);
    expect(idsOf((await list(`?q=${ids.o2.slice(9, 18)}`)).rows)).toEqual([ids.o2]);
    expect(idsOf((await list("?q=berta-")).rows)).toEqual([ids.o2]);
    // LIKE wildcards are searched as characters, not patterns.
    expect((await list("?q=%25")).total).toBe(0);
    expect((await list("?q=_")).total).toBe(0);
    expect((await list("?q=%5C")).total).toBe(0);
  });

  it("pages a search as the list: counted, newest first, a page past the end shows the last", async () => {
    const first = await list("?q=dora-");
    expect(first.total).toBe(26);
    expect(first.pageCount).toBe(2);
    expect(idsOf(first.rows)).toEqual([...dora].reverse().slice(0, 25));
    const second = await list("?q=dora-&pagina=2");
    expect(idsOf(second.rows)).toEqual([dora[0]]);
    const far = await list("?q=dora-&pagina=7");
    expect(far.page).toBe(2);
    expect(idsOf(far.rows)).toEqual([dora[0]]);
    expect(far.notes.at(-1)).toBe("La página 7 no existe: se muestra la última (2).");
    expect((await list("?q=nadie-con-este-correo&pagina=3")).rows).toEqual([]);
  });

  it("finds an order by the account's current email, not only the one it was placed with", async () => {
    const [berta] = await t.db.selectFrom("orders").select("user_id").where("id", "=", ids.o2).execute();
    const userId = berta.user_id ?? "";
    const before = await t.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
    await t.db.updateTable("users").set({ email: "berta.nueva@example.com" }).where("id", "=", userId).execute();
    try {
      expect(idsOf((await list("?q=BERTA.NUEVA")).rows)).toEqual([ids.o2]);
      expect(idsOf((await list("?q=berta-")).rows)).toEqual([ids.o2]);
    } finally {
      await t.db.updateTable("users").set({ email: before.email }).where("id", "=", userId).execute();
    }
  });

  it("never fails on malformed filters: they are ignored with a note, a page past the end shows the last", async () => {
    const r = await list("?estado=borrado&metodo=bizum&desde=2027-13-45&hasta=ayer&pagina=abc&curso=%3Cscript%3E");
    expect(r.total).toBe(31);
    expect(r.notes).toHaveLength(6);
    const far = await list("?pagina=99999999");
    expect(far.page).toBe(2);
    expect(far.notes.at(-1)).toMatch(/no existe/u);
    const huge = await list(`?q=${"a".repeat(3000)}&estado=${"x".repeat(3000)}`);
    expect(huge.total).toBe(0);
    expect(huge.filters.q).toHaveLength(100);
  });

  it("offers the courses that appear in orders and keeps the filters for the export", async () => {
    const r = await list("?estado=paid&q=ana");
    expect(r.courses).toEqual([
      { id: "st-rusa", title: "Manicura rusa" },
      { id: "st-acrilico", title: "Uñas acrílicas" },
    ]);
    expect(r.exportSearch).toBe("?estado=paid&q=ana");
  });

  async function exportCsv(query: string) {
    const request = new Request(`http://localhost/gestion/pedidos/exportar.csv${query}`);
    const response = await exportLoader({ request, context, params: {} } as Parameters<typeof exportLoader>[0]);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    return { response, bytes, text, lines: text.slice(1).split("\r\n").slice(0, -1) };
  }

  it("exports the filtered list as Excel es-ES CSV: BOM, ;, decimal commas, CRLF, Madrid dates", async () => {
    const { response, bytes, text, lines } = await exportCsv("?estado=paid");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/u,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(/[^\r]\n/u.test(text)).toBe(false);
    expect(lines[0]).toBe(
      "Fecha;Pedido;Id del pedido;Email;Nombre;Cursos;Total (€);Reembolsado (€);Método de pago;Estado;Demo",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `20/02/2027 13:00;${ids.o4.slice(0, 8).toUpperCase()};${ids.o4};ana.staffpedidos@example.com;Ana López;Manicura rusa;450,00;0,00;Tarjeta de crédito o débito;Completado;Sí`,
    );
    expect(lines[2]).toContain("10/01/2027 11:00;");
    expect(lines[2]).toContain(";280,00;0,00;");
  });

  it("neutralises formulas and quotes multi-course cells; the same filters as the list", async () => {
    const { lines } = await exportCsv("?metodo=sequra");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(";'=SUMA(1+1) @Ruiz;Uñas acrílicas | Manicura rusa;730,00;0,00;SeQura;Fallido;No");
    expect(lines[1]).not.toContain(";=SUMA");
    const all = await exportCsv("");
    expect(all.lines).toHaveLength(32);
    const refunded = await exportCsv("?estado=refunded");
    expect(refunded.lines[1]).toContain(";280,00;280,00;");
    const none = await exportCsv("?q=nadie-con-este-correo");
    expect(none.lines).toHaveLength(1);
    // A malformed query exports everything rather than failing.
    expect((await exportCsv("?estado=%00x&pagina=-1")).lines).toHaveLength(32);
  });

  it("reads the export in bounded batches that continue where the last one stopped", async () => {
    const { filters } = parseOrderFilters(new URLSearchParams(""));
    const batches: string[][] = [];
    for await (const batch of staffOrderBatches(t.db, filters, { batchSize: 7 })) batches.push(idsOf(batch));
    expect(batches.map((b) => b.length)).toEqual([7, 7, 7, 7, 3]);
    expect(batches.flat()).toEqual([ids.o5, ids.o4, ids.o3, ids.o2, ids.o1, ...[...dora].reverse()]);
    const capped: string[] = [];
    for await (const batch of staffOrderBatches(t.db, filters, { batchSize: 4, maxRows: 10 }))
      capped.push(...idsOf(batch));
    expect(capped).toHaveLength(10);
  });

  const detail = (orderId: string, query = "") =>
    loadOrderDetail(orderId, new Request(`http://localhost/gestion/pedidos/${orderId}${query}`), context);

  it("shows a paid order's lines, buyer, payment events, emails and history", async () => {
    const d = await detail(ids.o1);
    expect(d.order).toMatchObject({
      id: ids.o1,
      status: "paid",
      totalCents: 28000,
      refundedCents: 0,
      paymentMethod: "card",
      demo: false,
    });
    expect(d.buyer).toEqual({ name: "Ana López", email: "ana.staffpedidos@example.com", phone: "600 000 000" });
    expect(d.items).toEqual([
      expect.objectContaining({
        title: "Uñas acrílicas",
        priceCents: 28000,
        editionStartsOn: "2027-03-01",
        editionEndsOn: "2027-03-03",
      }),
    ]);
    expect(d.events).toEqual([
      { id: `evt_${ids.o1}`, type: "checkout.session.completed", receivedAt: "2027-01-10T10:02:00.000Z" },
    ]);
    expect(d.emails.map((e) => [e.kind, e.status, e.attempts])).toContainEqual([
      "email:order-confirmation",
      "pending",
      0,
    ]);
    expect(d.emails.every((e) => e.kind.startsWith("email:"))).toBe(true);
    expect(d.refunds).toEqual([]);
    expect(d.history.map((h) => h.label)).toEqual(["Pedido creado, pendiente de pago", "Pago confirmado"]);
    expect(d.notice).toBeNull();
  });

  it("shows a refunded order's refund and refund email, and nobody else's emails", async () => {
    const d = await detail(ids.o5);
    expect(d.order).toMatchObject({ status: "refunded", refundedCents: 28000 });
    expect(d.refunds).toEqual([
      expect.objectContaining({
        amountCents: 28000,
        reason: "duplicate-purchase",
        status: "succeeded",
        completedAt: "2027-02-25T09:00:00.000Z",
      }),
    ]);
    const kinds = d.emails.map((e) => e.kind);
    expect(kinds).toContain("email:refund-notice");
    expect(kinds).not.toContain("email:order-confirmation");
    expect(d.history.map((h) => h.label)).toContain("Reembolso de 280,00\u00a0€ hecho");
    const other = await detail(ids.o2);
    expect(other.emails).toEqual([]);
    expect(other.events).toEqual([]);
  });

  it("answers 404 for unknown or malformed order ids, never 500", async () => {
    for (const id of [
      "00000000-0000-4000-8000-000000000000",
      "../../etc/passwd",
      "x".repeat(500),
      "%",
      "' or 1=1 --",
      "",
    ]) {
      expect(await statusOf(() => detail(id))).toBe(404);
      const post = formRequest(`http://localhost/gestion/pedidos/x`, { intent: RESEND_INTENT });
      expect(await statusOf(() => orderDetailAction(id, post, context))).toBe(404);
    }
  });

  const resend = (orderId: string, intent = RESEND_INTENT) =>
    orderDetailAction(orderId, formRequest(`http://localhost/gestion/pedidos/${orderId}`, { intent }), context);
  const confirmationJobs = (orderId: string) =>
    t.db
      .selectFrom("jobs")
      .select(["id", "dedupe_key", "status"])
      .where("kind", "=", "email:order-confirmation")
      .where("payload", "=", JSON.stringify({ orderId }))
      .orderBy("dedupe_key")
      .execute();
  const audits = (orderId: string) =>
    t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", orderId)
      .where("action", "=", "order.resend-confirmation")
      .execute();
  const markSent = (orderId: string) =>
    t.db
      .updateTable("jobs")
      .set({ status: "done", done_at: new Date().toISOString() })
      .where("payload", "=", JSON.stringify({ orderId }))
      .execute();

  it("resends a paid order's confirmation: one new job with a fresh key and one audit entry", async () => {
    // The first confirmation is still waiting to go out: a resend would only duplicate it.
    const waiting = await resend(ids.o1);
    expect(await statusOf(async () => waiting)).toBe(409);
    expect((waiting as { data: { error: string } }).data.error).toMatch(/esperando a salir/u);
    expect(await confirmationJobs(ids.o1)).toHaveLength(1);
    await markSent(ids.o1);

    const done = await resend(ids.o1);
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).status).toBe(302);
    expect((done as Response).headers.get("Location")).toBe(`/gestion/pedidos/${ids.o1}?aviso=confirmacion-reenviada`);
    const jobs = await confirmationJobs(ids.o1);
    expect(jobs.map((j) => [j.dedupe_key, j.status])).toEqual([
      [`order-confirmation:${ids.o1}`, "done"],
      [`order-confirmation:${ids.o1}:reenvio:1`, "pending"],
    ]);
    const [entry, ...more] = await audits(ids.o1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_email: staffEmail, entity_type: "order", entity_id: ids.o1 });
    expect(JSON.parse(entry.after_json ?? "{}")).toMatchObject({
      to: "ana.staffpedidos@example.com",
      emailJob: `order-confirmation:${ids.o1}:reenvio:1`,
    });
    expect((await detail(ids.o1, "?aviso=confirmacion-reenviada")).notice).toMatch(/Confirmación reenviada/u);

    // A second click before it is sent changes nothing; after it is sent, a new key again.
    expect(await statusOf(() => resend(ids.o1))).toBe(409);
    expect(await confirmationJobs(ids.o1)).toHaveLength(2);
    expect(await audits(ids.o1)).toHaveLength(1);
    await markSent(ids.o1);
    expect(await statusOf(() => resend(ids.o1))).toBe(302);
    expect((await confirmationJobs(ids.o1)).map((j) => j.dedupe_key).at(-1)).toBe(
      `order-confirmation:${ids.o1}:reenvio:2`,
    );
    expect(await audits(ids.o1)).toHaveLength(2);
  });

  it("refuses to resend for an order that is not paid, and an unknown intent", async () => {
    for (const id of [ids.o2, ids.o3, ids.o5]) {
      const r = await resend(id);
      expect(await statusOf(async () => r)).toBe(409);
      expect((r as { data: { error: string } }).data.error).toBe(
        "Solo se puede reenviar la confirmación de un pedido pagado.",
      );
      expect(await audits(id)).toEqual([]);
    }
    expect(await confirmationJobs(ids.o2)).toEqual([]);
    expect(await statusOf(() => resend(ids.o4, "borrar-todo"))).toBe(400);
  });

  it("lists the order's invoice with its label, number and PDF id once issued", async () => {
    expect((await detail(ids.o1)).invoices).toEqual([]);
    const invoiceId = await inTransaction(t.db, (trx) =>
      issueOrderInvoice(trx, ids.o1, TEST_INVOICING, new Date("2027-01-10T10:05:00.000Z")),
    );
    expect(invoiceId).not.toBeNull();
    const { invoices } = await detail(ids.o1);
    expect(invoices).toEqual([
      {
        id: invoiceId,
        number: expect.stringMatching(/^AN2027-\d{6}$/u) as unknown,
        label: "Factura simplificada",
        issueDate: "2027-01-10",
        totalCents: 28000,
      },
    ]);
  });
});
