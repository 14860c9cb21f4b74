/**
 * /gestion/facturas on SQLite and PostgreSQL: invoices issued by the real
 * payment and refund transactions, listed by period with their totals (a
 * rectificativa subtracts), the notice while the seller data is incomplete,
 * one invoice's PDF, and the gestor's CSV and ZIP. Loaders are called as the
 * staff layout's middleware leaves them: with a signed-in staff member. A demo
 * sale and its refund in the same quarter (issue 31) change none of it: their
 * demo documents are listed apart, outside every total and export.
 */
import { unzipSync } from "fflate";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { provideStaff } from "~/auth/user-context.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import type { SellerData } from "~/domain/seller.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { saveSeller } from "~/invoices/seller.server.ts";
import { staffInvoiceBatches } from "~/invoices/staff-queries.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { completeRefund, requestRefund } from "~/orders/refunds.server.ts";
import { loader as csvLoader } from "~/routes/gestion.facturas.exportar-csv.ts";
import { loader as zipLoader } from "~/routes/gestion.facturas.exportar-zip.ts";
import { loader as pdfLoader } from "~/routes/gestion.facturas.pdf.ts";
import { loadInvoiceList } from "~/routes/gestion.facturas.server.ts";
import StaffInvoices from "~/routes/gestion.facturas.tsx";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { pdfText } from "../helpers/pdf.ts";
import { insertCourse, insertOrder, staffContext, statusOf } from "./staff-orders-fixtures.ts";

const SELLER: SellerData = {
  legalName: "Alejandra Gómez Ruiz",
  nif: "12345678Z",
  address: "Carrer Major 1",
  postalCode: "08750",
  city: "Molins de Rei",
  province: "Barcelona",
  registry: "",
  seriesPrefix: "AN",
};
const INVOICING: InvoicingConfig = { seller: SELLER, verifactuMode: "off" };
const ACR = { courseId: "fa-acrilico", title: "Uñas acrílicas", priceCents: 28000 }; // 21 % included
const RUSA = { courseId: "fa-rusa", title: "Manicura rusa", priceCents: 45000 }; // exempt

type LoaderArgs = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string> };

describe.each(dbKinds)("staff invoices on %s", (kind) => {
  let t: TestDb;
  let context: Readonly<RouterContextProvider>;
  const orders: Record<"o1" | "o2" | "o3" | "o4" | "demo", string> = { o1: "", o2: "", o3: "", o4: "", demo: "" };

  const pay = (orderId: string, at: string) =>
    fulfilOrder(
      t.db,
      { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId, now: new Date(at) },
      INVOICING,
    );

  beforeAll(async () => {
    t = await createTestDb(kind);
    await insertCourse(t.db, ACR.courseId, ACR.title, ACR.priceCents);
    await insertCourse(t.db, RUSA.courseId, RUSA.title, RUSA.priceCents);
    await t.db.updateTable("courses").set({ vat_treatment: "exempt" }).where("id", "=", RUSA.courseId).execute();
    const ana = await makeUser(t.db, "ana.facturas@example.com");
    const berta = await insertBuyer(t.db, { prefix: "berta", firstName: "Berta", lastName: "Sanz" });
    const carla = await insertBuyer(t.db, { prefix: "carla", firstName: "Carla", lastName: "Ruiz" });
    const dora = await insertBuyer(t.db, { prefix: "dora", firstName: "Dora", lastName: "Vidal" });
    orders.o1 = await insertOrder(t.db, { user: ana, lines: [ACR], createdAt: "2026-10-15T09:55:00.000Z" });
    await pay(orders.o1, "2026-10-15T10:00:00.000Z");
    orders.o2 = await insertOrder(t.db, { user: berta, lines: [RUSA], createdAt: "2026-11-20T09:55:00.000Z" });
    await t.db
      .updateTable("orders")
      .set({ billing_name: "Berta Sanz Gil", billing_tax_id: "87654321X", billing_city: "Barcelona" })
      .where("id", "=", orders.o2)
      .execute();
    await pay(orders.o2, "2026-11-20T10:00:00.000Z");
    // A demo sale (no money taken) and its refund, between the real ones: no invoice, no number of the real series.
    const eva = await insertBuyer(t.db, { prefix: "eva", firstName: "Eva", lastName: "Demo" });
    orders.demo = await insertOrder(t.db, {
      user: eva,
      lines: [ACR, RUSA],
      createdAt: "2026-11-25T09:55:00.000Z",
      provider: "demo",
    });
    await pay(orders.demo, "2026-11-25T10:00:00.000Z");
    const demoRefund = await inTransaction(t.db, (trx) =>
      requestRefund(trx, {
        orderId: orders.demo,
        amountCents: 28000,
        reason: "customer-request",
        now: new Date("2026-11-26T10:00:00Z"),
      }),
    );
    await completeRefund(t.db, demoRefund, "re_facturas_demo", new Date("2026-11-26T11:00:00.000Z"), INVOICING);
    orders.o3 = await insertOrder(t.db, { user: carla, lines: [ACR, RUSA], createdAt: "2026-12-10T09:55:00.000Z" });
    await pay(orders.o3, "2026-12-10T10:00:00.000Z");
    const refundId = await inTransaction(t.db, (trx) =>
      requestRefund(trx, {
        orderId: orders.o3,
        amountCents: 10000,
        reason: "staff",
        now: new Date("2026-12-20T10:00:00Z"),
      }),
    );
    await completeRefund(t.db, refundId, "re_facturas_1", new Date("2026-12-20T11:00:00.000Z"), INVOICING);
    // 23:30 UTC on 31 December is 00:30 on 1 January in Madrid: next year's series and quarter.
    orders.o4 = await insertOrder(t.db, { user: dora, lines: [RUSA], createdAt: "2026-12-31T23:25:00.000Z" });
    await pay(orders.o4, "2026-12-31T23:30:00.000Z");
    context = (await staffContext(t.db, kind, "recepcion.facturas@example.com")).context;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const list = (query = "") => loadInvoiceList(new Request(`http://localhost/gestion/facturas${query}`), context);
  const args = (url: string, params: Record<string, string> = {}): LoaderArgs => ({
    request: new Request(`http://localhost${url}`),
    context,
    params,
  });
  const rect = () =>
    t.db.selectFrom("invoices").selectAll().where("kind", "=", "R5").where("demo", "=", 0).executeTakeFirstOrThrow();

  it("lists the quarter's invoices newest first, with totals where the rectificativa subtracts", async () => {
    const page = await list("?periodo=2026-T4");
    expect(page.period).toMatchObject({ key: "2026-T4", label: "4.º trimestre de 2026" });
    expect(page.rows.map((r) => r.fullNumber)).toEqual([
      "ANR2026-000001",
      "AN2026-000003",
      "AN2026-000002",
      "AN2026-000001",
    ]);
    const [r, o3, o2, o1] = page.rows;
    expect(o1).toMatchObject({ kind: "F2", buyerName: null, orderId: orders.o1, issueDate: "2026-10-15" });
    expect(o1).toMatchObject({ baseCents: 23140, vatCents: 4860, totalCents: 28000, standardBaseCents: 23140 });
    expect(o2).toMatchObject({
      kind: "F1",
      buyerName: "Berta Sanz Gil",
      buyerTaxId: "87654321X",
      exemptBaseCents: 45000,
    });
    expect(o3).toMatchObject({
      totalCents: 73000,
      standardBaseCents: 23140,
      standardVatCents: 4860,
      exemptBaseCents: 45000,
    });
    expect(r).toMatchObject({ kind: "R5", rectifiedNumber: "AN2026-000003", totalCents: -10000 });
    expect(r.standardBaseCents + r.exemptBaseCents).toBe(r.baseCents);
    expect(r.standardVatCents).toBe(r.vatCents);
    expect(r.vatCents).toBeLessThan(0);

    const refund = await rect();
    const t4 = page.totals;
    expect(t4).toMatchObject({ invoices: 4, rectificativas: 1, totalCents: 136000 });
    expect(t4.vatCents).toBe(4860 * 2 + refund.vat_cents);
    expect(t4.baseCents).toBe(136000 - t4.vatCents);
    expect(t4.byRate).toEqual([
      { vatTreatment: "standard", vatRateBp: 2100, baseCents: 23140 * 2 + r.standardBaseCents, vatCents: t4.vatCents },
      { vatTreatment: "exempt", vatRateBp: 0, baseCents: 45000 * 2 + r.exemptBaseCents, vatCents: 0 },
    ]);
    expect(page.months.map((m) => [m.month, m.invoices, m.totalCents])).toEqual([
      ["2026-10", 1, 28000],
      ["2026-11", 1, 45000],
      ["2026-12", 2, 63000],
    ]);
  });

  it("filters by quarter, month, year and dates; a bad period shows the current quarter with a note", async () => {
    const numbers = async (q: string) => (await list(q)).rows.map((r) => r.fullNumber);
    expect(await numbers("?periodo=2027-T1")).toEqual(["AN2027-000001"]);
    expect(await numbers("?periodo=2026-12")).toEqual(["ANR2026-000001", "AN2026-000003"]);
    expect(await numbers("?periodo=2026")).toHaveLength(4);
    expect(await numbers("?desde=2026-11-01&hasta=2026-12-15")).toEqual(["AN2026-000003", "AN2026-000002"]);
    expect(await numbers("?periodo=2026-T3")).toEqual([]);
    const bad = await list("?periodo=ayer");
    expect(bad.period.kind).toBe("quarter");
    expect(bad.notes[0]).toContain("«ayer»");
  });

  it("exports in batches in issue order, continuing after the last row", async () => {
    const batches: string[][] = [];
    for await (const batch of staffInvoiceBatches(t.db, { from: "2026-01-01", to: "2027-12-31" }, { batchSize: 2 })) {
      batches.push(batch.map((r) => r.fullNumber));
    }
    expect(batches).toEqual([
      ["AN2026-000001", "AN2026-000002"],
      ["AN2026-000003", "ANR2026-000001"],
      ["AN2027-000001"],
    ]);
  });

  it("lists a demo sale's documents apart, marked, outside the totals; their PDF says they have no fiscal value", async () => {
    const page = await list("?periodo=2026-T4");
    expect(page.total).toBe(4);
    expect(page.demo.total).toBe(2);
    expect(page.demo.rows.map((r) => [r.fullNumber, r.kind, r.rectifiedNumber, r.totalCents])).toEqual([
      ["DEMO-ANR2026-000001", "R5", "DEMO-AN2026-000001", -28000],
      ["DEMO-AN2026-000001", "F2", null, 73000],
    ]);
    expect(page.demo.rows.every((r) => r.orderId === orders.demo)).toBe(true);
    expect((await list("?periodo=2026-T3")).demo).toEqual({ rows: [], total: 0 });
    // The page: the invoices' table without them, then theirs, marked.
    const Stub = createRoutesStub([
      { path: "/gestion/facturas", Component: () => createElement(StaffInvoices, { loaderData: page } as never) },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/gestion/facturas"] }));
    const [invoicesPart, demoPart] = html.split('<h2 id="documentos-demo">');
    expect(invoicesPart).toContain("Facturas del periodo");
    expect(invoicesPart).not.toContain("DEMO-");
    expect(demoPart).toContain("Documentos de demostración sin validez fiscal");
    expect(demoPart).toContain("no son facturas");
    expect(demoPart).toContain("Documentos de demostración del periodo (sin validez fiscal)");
    expect(demoPart).toContain('aria-label="PDF del documento de demostración DEMO-AN2026-000001"');
    expect(demoPart).not.toMatch(/Factura|Rectificativa|Simplificada/);

    const res = await pdfLoader(args("/x", { invoiceId: page.demo.rows[1]!.id }) as never);
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="demostracion-sin-validez-DEMO-AN2026-000001.pdf"',
    );
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("DOCUMENTO DE DEMOSTRACIÓN SIN VALIDEZ FISCAL");
    expect(text).not.toContain("Factura");
  });

  it("turns a customer away with a 403 on every invoice URL", async () => {
    const customer = await makeUser(t.db, "clienta.facturas@example.com");
    const cookie = `an_session=${await insertSession(t.db, customer.id)}`;
    const { context: ctx } = await staffContext(t.db, kind, "otra.recepcion@example.com");
    for (const path of [
      "/gestion/facturas",
      "/gestion/facturas/exportar.csv",
      "/gestion/facturas/exportar.zip",
      "/gestion/facturas/x/pdf",
    ]) {
      const denied = await statusOf(() =>
        provideStaff(new Request(`http://localhost${path}`, { headers: { cookie } }), ctx),
      );
      expect(denied, path).toBe(403);
    }
  });

  it("gives any invoice's PDF as an attachment, and a 404 for an unknown id", async () => {
    const refund = await rect();
    const res = await pdfLoader(args(`/gestion/facturas/${refund.id}/pdf`, { invoiceId: refund.id }) as never);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="factura-ANR2026-000001.pdf"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("ANR2026-000001");
    expect(text).toContain("AN2026-000003");
    for (const id of ["00000000-0000-0000-0000-000000000000", "../../etc"]) {
      expect(await statusOf(() => pdfLoader(args(`/gestion/facturas/x/pdf`, { invoiceId: id }) as never))).toBe(404);
    }
  });

  it("exports the period's CSV for Excel: BOM, one row per invoice, amounts with a decimal comma", async () => {
    const res = await csvLoader(args("/gestion/facturas/exportar.csv?periodo=2026-T4") as never);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="facturas-2026-T4.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // TextDecoder drops the BOM checked above.
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(
      "Número;Serie;Tipo;Fecha de expedición;Fecha de operación;Factura rectificada;Cliente;NIF cliente;" +
        "Base 21 %;Cuota IVA 21 %;Base exenta;Base total;IVA total;Total;Método de pago;Pedido",
    );
    expect(lines).toHaveLength(6);
    const ref = (id: string) => id.slice(0, 8).toUpperCase();
    expect(lines[1]).toBe(
      `AN2026-000001;AN2026;Factura simplificada (F2);15/10/2026;15/10/2026;;Consumidor final;;231,40;48,60;0,00;231,40;48,60;280,00;Tarjeta de crédito o débito;${ref(orders.o1)}`,
    );
    expect(lines[2]).toBe(
      `AN2026-000002;AN2026;Factura (F1);20/11/2026;20/11/2026;;Berta Sanz Gil;87654321X;0,00;0,00;450,00;450,00;0,00;450,00;Tarjeta de crédito o débito;${ref(orders.o2)}`,
    );
    expect(lines[3]).toContain(";730,00;Tarjeta de crédito o débito;");
    const r = lines[4].split(";");
    expect(r.slice(0, 7)).toEqual([
      "ANR2026-000001",
      "ANR2026",
      "Factura rectificativa (simplificada) (R5)",
      "20/12/2026",
      "20/12/2026",
      "AN2026-000003",
      "Consumidor final",
    ]);
    expect(r[13]).toBe("-100,00");
  });

  it("zips every PDF of the period with the CSV, and refuses more than a year", async () => {
    const res = await zipLoader(args("/gestion/facturas/exportar.zip?periodo=2026-T4") as never);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="facturas-2026-T4.zip"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual([
      "factura-AN2026-000001.pdf",
      "factura-AN2026-000002.pdf",
      "factura-AN2026-000003.pdf",
      "factura-ANR2026-000001.pdf",
      "facturas-2026-T4.csv",
    ]);
    expect(await pdfText(files["factura-AN2026-000002.pdf"])).toContain("Berta Sanz Gil");
    const csv = await csvLoader(args("/gestion/facturas/exportar.csv?periodo=2026-T4") as never);
    expect(files["facturas-2026-T4.csv"]).toEqual(new Uint8Array(await csv.arrayBuffer()));

    const empty = unzipSync(
      new Uint8Array(
        await (await zipLoader(args("/gestion/facturas/exportar.zip?periodo=2026-T3") as never)).arrayBuffer(),
      ),
    );
    expect(Object.keys(empty)).toEqual(["facturas-2026-T3.csv"]);
    const long = await zipLoader(args("/gestion/facturas/exportar.zip?desde=2026-01-01&hasta=2027-01-01") as never);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("como mucho un año");
  });

  it("says invoices are not being issued while the seller data is incomplete, and stops once it is saved", async () => {
    // The invoices above took the seller from their own config; the site's config has none.
    const before = await list();
    expect(before.sellerMissing).toEqual([
      "Nombre y apellidos o razón social",
      "NIF",
      "Dirección fiscal (calle y número)",
      "Código postal",
      "Municipio",
      "Provincia",
    ]);
    await saveSeller(t.db, { id: null, email: "cli" }, SELLER, {});
    expect((await list()).sellerMissing).toEqual([]);
  });
});
