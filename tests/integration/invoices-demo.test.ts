/**
 * Demo sales get no invoice (issue 31, item 4), on SQLite and PostgreSQL. An
 * order paid through the demo gateway took no money: its documents go to the
 * demo series (DEMO-AN2026-000001), with no billing record, no huella and no
 * QR, and every copy (PDF, emails, the buyer's history) says it has no fiscal
 * value. A real sale next to it still gets AN<year>-000001 and the first
 * record of the chain, which verifies with both kinds present. Invoices issued
 * to demo sales before migration 0015 stay as they are, in the chain.
 */
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inTransaction, migrateToLatest, type Db } from "~/db/db.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { invoiceIssuedTemplate } from "~/invoices/invoice-email.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { countOrdersAwaitingInvoices, issuePendingInvoices } from "~/invoices/pending.server.ts";
import { buyerInvoicePdf, invoicePdf } from "~/invoices/queries.server.ts";
import { saveSeller } from "~/invoices/seller.server.ts";
import { altaHashInput, huella } from "~/invoices/verifactu.ts";
import { verifyBillingChain } from "~/invoices/verify.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import type { EmailContext } from "~/mail/email-jobs.server.ts";
import { orderConfirmationTemplate } from "~/orders/confirmation-email.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { listOrders } from "~/orders/queries.server.ts";
import { refundNoticeTemplate } from "~/orders/refund-email.server.ts";
import { completeRefund, requestRefund } from "~/orders/refunds.server.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_SELLER } from "../helpers/invoices.ts";
import { emptyDb, migrateTo } from "../helpers/migrations.ts";
import { pdfQrCodes, pdfText } from "../helpers/pdf.ts";
import { insertCourse, insertOrder } from "./staff-orders-fixtures.ts";

const INVOICING: InvoicingConfig = { seller: TEST_SELLER, verifactuMode: "off" };
const MASTER = { courseId: "demo-master", title: "Máster de uñas esculpidas", priceCents: 99900 };
const TALLER = { courseId: "demo-taller", title: "Taller de esmaltado", priceCents: 9000 };
const BILLING = {
  billing_name: "Marta Vidal Soler",
  billing_tax_id: "X1234567L",
  billing_address: "Avinguda de Valencia 5",
  billing_postal_code: "08750",
  billing_city: "Molins de Rei",
};
const flat = (text: string) => text.replace(/\s+/g, " ");

async function paidOrder(
  db: Db,
  user: { id: string; email: string },
  opts: {
    provider: "demo" | "stripe";
    lines?: (typeof MASTER)[];
    billing?: boolean;
    invoicing?: InvoicingConfig;
    now?: Date;
  },
): Promise<string> {
  const orderId = await insertOrder(db, {
    user,
    lines: opts.lines ?? [MASTER],
    createdAt: new Date().toISOString(),
    provider: opts.provider,
  });
  if (opts.billing) await db.updateTable("orders").set(BILLING).where("id", "=", orderId).execute();
  const result = await fulfilOrder(
    db,
    { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId, now: opts.now },
    opts.invoicing ?? INVOICING,
  );
  expect(result.outcome).toBe("paid");
  return orderId;
}

async function refundMade(db: Db, orderId: string, amountCents: number): Promise<string> {
  const refundId = await inTransaction(db, (trx) =>
    requestRefund(trx, { orderId, amountCents, reason: "customer-request" }),
  );
  expect(await completeRefund(db, refundId, `re_${refundId}`, new Date(), INVOICING)).toBe(true);
  return refundId;
}

const documentsOf = (db: Db, orderId: string) =>
  db
    .selectFrom("invoices")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("issued_at")
    .orderBy("full_number")
    .execute();

const emailContext = (db: Db): EmailContext => ({
  db,
  publicUrl: "http://localhost:3999",
  logger: createLogger("silent"),
  now: new Date(),
});

describe.each(dbKinds)("demo sales' documents on %s", (kind) => {
  let t: TestDb;
  let marta: { id: string; email: string };
  let demoOrder = "";
  let realOrder = "";
  const year = madridDate().slice(0, 4);

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    marta = await makeUser(t.db, `marta.demo.${kind}@example.com`);
    await insertCourse(t.db, MASTER.courseId, MASTER.title, MASTER.priceCents);
    await insertCourse(t.db, TALLER.courseId, TALLER.title, TALLER.priceCents);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("gives a demo purchase a demo document: its own series, no billing record, no QR, no real number", async () => {
    demoOrder = await paidOrder(t.db, marta, { provider: "demo", billing: true });
    const [doc, ...others] = await documentsOf(t.db, demoOrder);
    expect(others).toEqual([]);
    expect(doc).toMatchObject({
      series: `DEMO-AN${year}`,
      number: 1,
      full_number: `DEMO-AN${year}-000001`,
      kind: "F1",
      total_cents: 99900,
      qr_url: "",
      verifactu: 0,
      demo: 1,
    });
    // Nothing entered the record chain or took a number of the real series.
    expect(await t.db.selectFrom("billing_records").selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom("billing_chain").selectAll().executeTakeFirst()).toMatchObject({
      last_position: 0,
      last_huella: "",
    });
    const counters = await t.db.selectFrom("invoice_counters").selectAll().orderBy("series").execute();
    expect(counters).toEqual([{ series: `DEMO-AN${year}`, last_number: 1 }]);

    // Its PDF: no QR, "Documento de demostración sin validez fiscal", never "Factura".
    const file = (await invoicePdf(t.db, doc!.id))!;
    expect(file.fileName).toBe(`demostracion-sin-validez-DEMO-AN${year}-000001.pdf`);
    const text = flat(await pdfText(file.pdf));
    expect(text).toContain("DOCUMENTO DE DEMOSTRACIÓN SIN VALIDEZ FISCAL");
    expect(text).toContain(`Documento de demostración Nº DEMO-AN${year}-000001`);
    expect(text).toContain("no es una factura");
    expect(text).not.toMatch(/Factura|QR tributario/);
    expect(await pdfQrCodes(file.pdf)).toEqual([]);

    // The confirmation email attaches it as what it is.
    const message = (await orderConfirmationTemplate.render(emailContext(t.db), { orderId: demoOrder }))!;
    const pdf = message.attachments!.find((a) => a.contentType === "application/pdf")!;
    expect(pdf.filename).toBe(file.fileName);
    expect(message.text).toContain(
      `Te adjuntamos el documento de demostración DEMO-AN${year}-000001 en PDF. Documento de demostración sin validez fiscal`,
    );
    expect(message.text).not.toContain("tu factura");
  });

  it("gives its refund a demo document too, never a rectificativa in the real series", async () => {
    const refundId = await refundMade(t.db, demoOrder, 10000);
    const docs = await documentsOf(t.db, demoOrder);
    expect(docs.map((d) => [d.kind, d.full_number, d.demo, d.qr_url, d.total_cents])).toEqual([
      ["F1", `DEMO-AN${year}-000001`, 1, "", 99900],
      ["R4", `DEMO-ANR${year}-000001`, 1, "", -10000],
    ]);
    expect(docs[1]!.rectified_invoice_id).toBe(docs[0]!.id);
    expect(await t.db.selectFrom("billing_records").selectAll().execute()).toEqual([]);
    expect(
      (await t.db.selectFrom("invoice_counters").select("series").orderBy("series").execute()).map((c) => c.series),
    ).toEqual([`DEMO-AN${year}`, `DEMO-ANR${year}`]);
    const text = flat(await pdfText((await invoicePdf(t.db, docs[1]!.id))!.pdf));
    expect(text).toContain("Documento de demostración (devolución)");
    expect(text).toContain(`Devolución del documento de demostración Nº DEMO-AN${year}-000001`);
    expect(text).not.toMatch(/Factura|Rectifica|QR tributario/);
    const message = (await refundNoticeTemplate.render(emailContext(t.db), { refundId }))!;
    expect(message.text).toContain(`Te adjuntamos el documento de demostración DEMO-ANR${year}-000001 en PDF.`);
    expect(message.text).not.toContain("factura rectificativa");
  });

  it("still gives a real purchase AN<year>-000001 and the first record of the chain, and its refund the next", async () => {
    const lucia = await makeUser(t.db, `lucia.demo.${kind}@example.com`);
    realOrder = await paidOrder(t.db, lucia, { provider: "stripe", billing: true });
    await refundMade(t.db, realOrder, 10000);
    const [invoice, rectificativa] = await documentsOf(t.db, realOrder);
    expect(invoice).toMatchObject({ kind: "F1", series: `AN${year}`, full_number: `AN${year}-000001`, demo: 0 });
    expect(invoice!.qr_url).toContain("ValidarQRNoVerifactu");
    expect(rectificativa).toMatchObject({ kind: "R4", full_number: `ANR${year}-000001`, demo: 0 });
    const records = await t.db.selectFrom("billing_records").selectAll().orderBy("position").execute();
    expect(records.map((r) => [r.position, r.invoice_id, r.invoice_number])).toEqual([
      [1, invoice!.id, `AN${year}-000001`],
      [2, rectificativa!.id, `ANR${year}-000001`],
    ]);
    expect(records[0]!.previous_huella).toBe("");
    expect(records[1]!.previous_huella).toBe(records[0]!.huella);
    // A second demo sale takes the demo series' next number, and still no record.
    const other = await makeUser(t.db, `eva.demo.${kind}@example.com`);
    const second = await paidOrder(t.db, other, { provider: "demo", lines: [TALLER] });
    expect((await documentsOf(t.db, second)).map((d) => [d.kind, d.full_number])).toEqual([
      ["F2", `DEMO-AN${year}-000002`],
    ]);
    expect(await t.db.selectFrom("billing_records").select("position").execute()).toHaveLength(2);
  });

  it("shows the buyer her demo document marked as one, and lets her download it", async () => {
    const [order] = (await listOrders(t.db, marta.id)).filter((o) => o.id === demoOrder);
    expect(order!.invoices.map((i) => [i.number, i.kind, i.demo])).toEqual([
      [`DEMO-AN${year}-000001`, "F1", true],
      [`DEMO-ANR${year}-000001`, "R4", true],
    ]);
    const file = await buyerInvoicePdf(t.db, marta.id, order!.invoices[0]!.id);
    expect(file!.fileName).toBe(`demostracion-sin-validez-DEMO-AN${year}-000001.pdf`);
  });

  it("verifies the chain with both kinds present, and names a demo document put into it or an invoice left out", async () => {
    expect(await verifyBillingChain(t.db)).toEqual({ records: 2, demoDocuments: 3, broken: null, xmlMismatches: [] });

    // A record written for a demo document (by hand: the issuers never do) breaks the chain there.
    const [demoDoc] = await documentsOf(t.db, demoOrder);
    const head = await t.db.selectFrom("billing_chain").selectAll().executeTakeFirstOrThrow();
    const fields = {
      issuerNif: TEST_SELLER.nif,
      invoiceNumber: demoDoc!.full_number,
      issueDate: demoDoc!.issue_date.split("-").reverse().join("-"),
      invoiceType: "F1" as const,
      vatTotal: "173.38",
      amountTotal: "999.00",
      previousHuella: head.last_huella,
      generatedAt: "2026-11-24T10:00:00+01:00",
    };
    await t.db
      .insertInto("billing_records")
      .values({
        position: 3,
        invoice_id: demoDoc!.id,
        record_type: "alta",
        issuer_nif: fields.issuerNif,
        invoice_number: fields.invoiceNumber,
        issue_date: fields.issueDate,
        invoice_type: fields.invoiceType,
        vat_total: fields.vatTotal,
        amount_total: fields.amountTotal,
        previous_huella: fields.previousHuella,
        generated_at: fields.generatedAt,
        huella: huella(altaHashInput(fields)),
        xml: "<x/>",
      })
      .execute();
    expect((await verifyBillingChain(t.db)).broken).toMatchObject({ position: 3, problem: "demo-in-chain" });
  });
});

describe.each(dbKinds)("demo sales waiting for the seller data on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    await insertCourse(t.db, TALLER.courseId, TALLER.title, TALLER.priceCents);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("issues a demo document, not an invoice, when the data arrives; the owner's count of orders waiting leaves it out", async () => {
    const noSeller: InvoicingConfig = { seller: {}, verifactuMode: "off" };
    const ana = await makeUser(t.db, `ana.espera.demo.${kind}@example.com`);
    const bea = await makeUser(t.db, `bea.espera.demo.${kind}@example.com`);
    const demo = await paidOrder(t.db, ana, {
      provider: "demo",
      lines: [TALLER],
      invoicing: noSeller,
      now: new Date(Date.now() - 60_000),
    });
    const real = await paidOrder(t.db, bea, { provider: "stripe", lines: [TALLER], invoicing: noSeller });
    expect(await countOrdersAwaitingInvoices(t.db)).toBe(1);

    expect(await saveSeller(t.db, { id: null, email: "cli" }, TEST_SELLER, {})).toBe(true);
    expect(await issuePendingInvoices(t.db, noSeller)).toBe(2);
    const year = madridDate().slice(0, 4);
    const [demoDoc] = await documentsOf(t.db, demo);
    expect(demoDoc).toMatchObject({ full_number: `DEMO-AN${year}-000001`, demo: 1 });
    expect((await documentsOf(t.db, real)).map((i) => i.full_number)).toEqual([`AN${year}-000001`]);
    expect(await verifyBillingChain(t.db)).toEqual({ records: 1, demoDocuments: 1, broken: null, xmlMismatches: [] });
    expect(await countOrdersAwaitingInvoices(t.db)).toBe(0);

    // "Tu factura" for a demo document says what it is, from the subject on.
    const message = (await invoiceIssuedTemplate.render(emailContext(t.db), { invoiceId: demoDoc!.id }))!;
    expect(message.subject).toBe(
      `Documento de demostración DEMO-AN${year}-000001 (sin validez fiscal) · Alejandra Nails`,
    );
    expect(message.text).toContain("Documento de demostración sin validez fiscal");
    expect(message.text).not.toMatch(/factura simplificada|tu factura/i);
    expect(message.attachments![0]!.filename).toBe(`demostracion-sin-validez-DEMO-AN${year}-000001.pdf`);
  });

  it("names an invoice that has no billing record", async () => {
    // A row written around the issuers (by hand): the chain's check must not pass over it.
    const order = await t.db
      .selectFrom("orders")
      .select("id")
      .where("provider", "=", "stripe")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("invoices")
      .values({
        id: "factura-sin-registro",
        series: "AN1999",
        number: 1,
        full_number: "AN1999-000001",
        kind: "R5",
        order_id: order.id,
        refund_id: null,
        rectified_invoice_id: null,
        issued_at: "1999-01-01T10:00:00.000Z",
        issue_date: "1999-01-01",
        operation_date: null,
        seller: JSON.stringify({ nif: TEST_SELLER.nif }),
        buyer: null,
        buyer_email: null,
        base_cents: -1,
        vat_cents: 0,
        total_cents: -1,
        currency: "eur",
        payment_method: null,
        reason: null,
        qr_url: "",
        verifactu: 0,
      })
      .execute();
    expect((await verifyBillingChain(t.db)).broken).toMatchObject({
      position: null,
      invoiceNumber: "AN1999-000001",
      problem: "unrecorded",
    });
  });
});

describe.each(dbKinds)("0015 demo documents on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("keeps an invoice issued to a demo sale before it as it was: an invoice, in the chain, still immutable", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    await migrateTo(db, "0014-order-lines");
    // What the demo gateway left before the fix: a demo order with an invoice of the real series and its record.
    const now = "2026-11-20T10:00:00.000Z";
    await sql`insert into orders (id, user_id, email, status, total_cents, currency, payment_method, provider, created_at, updated_at, paid_at)
      values ('o-demo', null, 'ana@example.com', 'paid', 28000, 'eur', 'card', 'demo', ${now}, ${now}, ${now})`.execute(
      db,
    );
    await sql`insert into invoices (id, series, number, full_number, kind, order_id, issued_at, issue_date, seller,
        base_cents, vat_cents, total_cents, currency, qr_url, verifactu)
      values ('i-old', 'AN2026', 1, 'AN2026-000001', 'F2', 'o-demo', ${now}, '2026-11-20',
        ${JSON.stringify({ nif: TEST_SELLER.nif })}, 23140, 4860, 28000, 'eur', 'https://aeat.example/qr', 0)`.execute(
      db,
    );
    const fields = {
      issuerNif: TEST_SELLER.nif,
      invoiceNumber: "AN2026-000001",
      issueDate: "20-11-2026",
      invoiceType: "F2" as const,
      vatTotal: "48.60",
      amountTotal: "280.00",
      previousHuella: "",
      generatedAt: "2026-11-20T11:00:00+01:00",
    };
    const digest = huella(altaHashInput(fields));
    await sql`insert into billing_records (position, invoice_id, record_type, issuer_nif, invoice_number, issue_date,
        invoice_type, vat_total, amount_total, previous_huella, generated_at, huella, xml)
      values (1, 'i-old', 'alta', ${fields.issuerNif}, ${fields.invoiceNumber}, ${fields.issueDate}, 'F2', '48.60',
        '280.00', '', ${fields.generatedAt}, ${digest}, '<x/>')`.execute(db);
    await sql`update billing_chain set last_position = 1, last_huella = ${digest} where id = 1`.execute(db);

    await migrateToLatest(db);
    const old = await db.selectFrom("invoices").selectAll().where("id", "=", "i-old").executeTakeFirstOrThrow();
    expect(old).toMatchObject({ full_number: "AN2026-000001", demo: 0, qr_url: "https://aeat.example/qr" });
    // The chain holds; the fixture's stand-in XML ("<x/>") is no RegistroAlta, and the check says so.
    expect(await verifyBillingChain(db)).toEqual({
      records: 1,
      demoDocuments: 0,
      broken: null,
      xmlMismatches: [{ position: 1, invoiceNumber: "AN2026-000001", fields: ["RegistroAlta"] }],
    });
    await expect(db.updateTable("invoices").set({ demo: 1 }).where("id", "=", "i-old").execute()).rejects.toThrow();
    await expect(db.deleteFrom("invoices").where("id", "=", "i-old").execute()).rejects.toThrow();
  });
});
