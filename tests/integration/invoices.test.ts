/**
 * Issuing invoices on SQLite and PostgreSQL (issue 13): a paid order gets its
 * invoice in the payment's transaction (F1 with billing details, F2 without),
 * with a PDF that states every mandatory field and a QR that decodes to the
 * AEAT's verification URL; a refund gets a rectificativa referencing it; issued
 * invoices cannot be changed; the record chain verifies and the verifier finds
 * a record altered in the database; orders paid before the seller data was set
 * are invoiced once it is.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { issuePendingInvoices } from "~/invoices/pending.server.ts";
import { getInvoiceDocument, invoicePdf } from "~/invoices/queries.server.ts";
import { saveSeller } from "~/invoices/seller.server.ts";
import { verifyBillingChain } from "~/invoices/verify.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { orderConfirmationTemplate } from "~/orders/confirmation-email.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { completeRefund, requestRefund } from "~/orders/refunds.server.ts";
import { makeUser } from "../helpers/accounts.ts";
import { TEST_SELLER } from "../helpers/invoices.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { pdfQrCodes, pdfText } from "../helpers/pdf.ts";
import { insertCourse, insertOrder } from "./staff-orders-fixtures.ts";

const SELLER = TEST_SELLER;
const INVOICING: InvoicingConfig = { seller: SELLER, verifactuMode: "off" };
const BILLING = {
  billing_name: "Marta Vidal Soler",
  billing_tax_id: "X1234567L",
  billing_address: "Avinguda de Valencia 5, 2º 1ª",
  billing_postal_code: "08750",
  billing_city: "Molins de Rei",
};

async function paidOrder(
  db: Db,
  user: { id: string; email: string },
  lines: { courseId: string; title: string; priceCents: number }[],
  opts: { billing?: boolean; invoicing?: InvoicingConfig | undefined; now?: Date } = {},
): Promise<string> {
  const orderId = await insertOrder(db, { user, lines, createdAt: new Date().toISOString() });
  if (opts.billing) await db.updateTable("orders").set(BILLING).where("id", "=", orderId).execute();
  const result = await fulfilOrder(
    db,
    { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId, now: opts.now },
    "invoicing" in opts ? opts.invoicing : INVOICING,
  );
  expect(result.outcome).toBe("paid");
  return orderId;
}

const invoicesOf = (db: Db, orderId: string) =>
  db
    .selectFrom("invoices")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("issued_at")
    .orderBy("full_number")
    .execute();

describe.each(dbKinds)("invoices on %s", (kind) => {
  let t: TestDb;
  let buyer: { id: string; email: string };
  const year = madridDate().slice(0, 4);

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    buyer = await makeUser(t.db, `marta.facturas.${kind}@example.com`);
    await insertCourse(t.db, "curso-999", "Máster de uñas esculpidas", 99900);
    await insertCourse(t.db, "curso-90", "Taller de esmaltado semipermanente", 9000);
    await insertCourse(t.db, "curso-exento", "Curso oficial de manicura", 35000);
    await t.db.updateTable("courses").set({ vat_treatment: "exempt" }).where("id", "=", "curso-exento").execute();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("issues a factura completa with the payment: every mandatory field in the PDF and a QR with the AEAT URL", async () => {
    const orderId = await paidOrder(
      t.db,
      buyer,
      [{ courseId: "curso-999", title: "Máster de uñas esculpidas", priceCents: 99900 }],
      {
        billing: true,
      },
    );
    const [invoice] = await invoicesOf(t.db, orderId);
    expect(invoice).toMatchObject({
      kind: "F1",
      full_number: `AN${year}-000001`,
      base_cents: 82562,
      vat_cents: 17338,
      total_cents: 99900,
    });
    const file = (await invoicePdf(t.db, invoice!.id))!;
    expect(file.fileName).toBe(`factura-AN${year}-000001.pdf`);
    const text = await pdfText(file.pdf);
    for (const expected of [
      `AN${year}-000001`,
      "Alejandra Ruiz García",
      "12345678Z",
      "Carrer Major 12",
      "08750",
      "Marta Vidal Soler",
      "X1234567L",
      "Avinguda de Valencia 5",
      "Máster de uñas esculpidas",
      "825,62 €",
      "173,38 €",
      "999,00 €",
      "21 %",
    ]) {
      expect(text).toContain(expected);
    }
    const [date] = [invoice!.issue_date.split("-").reverse().join("/")];
    expect(text).toContain(date);
    const url = new URL((await pdfQrCodes(file.pdf))[0]!);
    expect(url.origin + url.pathname).toBe("https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      nif: "12345678Z",
      numserie: `AN${year}-000001`,
      fecha: invoice!.issue_date.split("-").reverse().join("-"),
      importe: "999.00",
    });
  });

  it("issues a factura simplificada without billing details, and states an exempt line's exemption", async () => {
    const orderId = await paidOrder(t.db, buyer, [
      { courseId: "curso-90", title: "Taller de esmaltado semipermanente", priceCents: 9000 },
      { courseId: "curso-exento", title: "Curso oficial de manicura", priceCents: 35000 },
    ]);
    const [invoice] = await invoicesOf(t.db, orderId);
    expect(invoice).toMatchObject({ kind: "F2", full_number: `AN${year}-000002`, total_cents: 44000 });
    const doc = (await getInvoiceDocument(t.db, invoice!.id))!;
    expect(doc.buyer).toBeNull();
    expect(doc.breakdown).toEqual([
      { vatTreatment: "standard", vatRateBp: 2100, baseCents: 7438, vatCents: 1562 },
      { vatTreatment: "exempt", vatRateBp: 0, baseCents: 35000, vatCents: 0 },
    ]);
    const text = await pdfText((await invoicePdf(t.db, invoice!.id))!.pdf);
    expect(text).toContain("Factura simplificada");
    expect(text).toContain("20.Uno.9º");
    expect(text).not.toContain("Marta Vidal Soler");
  });

  it("a refund, partial then the rest, issues rectificativas (R4) in their own series referencing the original", async () => {
    // Another buyer: the first one already has this course (a second purchase would be refunded as a duplicate).
    const other = await makeUser(t.db, `lucia.facturas.${kind}@example.com`);
    const orderId = await paidOrder(
      t.db,
      other,
      [{ courseId: "curso-999", title: "Máster de uñas esculpidas", priceCents: 99900 }],
      {
        billing: true,
      },
    );
    const [original] = await invoicesOf(t.db, orderId);
    const partial = await inTransaction(t.db, (trx) =>
      requestRefund(trx, { orderId, amountCents: 10000, reason: "customer-request" }),
    );
    expect(await completeRefund(t.db, partial, "re_partial", new Date(), INVOICING)).toBe(true);
    const rest = await inTransaction(t.db, (trx) =>
      requestRefund(trx, { orderId, amountCents: 89900, reason: "withdrawal" }),
    );
    expect(await completeRefund(t.db, rest, "re_rest", new Date(), INVOICING)).toBe(true);
    // A retried job changes nothing.
    expect(await completeRefund(t.db, rest, "re_rest", new Date(), INVOICING)).toBe(false);

    const all = await invoicesOf(t.db, orderId);
    expect(all.map((i) => [i.kind, i.full_number, i.base_cents, i.vat_cents, i.total_cents])).toEqual([
      ["F1", original!.full_number, 82562, 17338, 99900],
      ["R4", `ANR${year}-000001`, -8264, -1736, -10000],
      ["R4", `ANR${year}-000002`, -74298, -15602, -89900],
    ]);
    // The rectificativas add up to minus the original.
    expect(all.reduce((sum, i) => sum + i.base_cents, 0)).toBe(0);
    expect(all.reduce((sum, i) => sum + i.vat_cents, 0)).toBe(0);
    const text = await pdfText((await invoicePdf(t.db, all[1]!.id))!.pdf);
    expect(text).toContain("Factura rectificativa");
    expect(text).toContain(original!.full_number);
    expect(text).toMatch(/[-−]100,00 €/);
    expect(text).toContain("Devolución a petición de la alumna");
    expect(text).toContain("Marta Vidal Soler");
  });

  it("attaches the invoice's PDF to the confirmation email", async () => {
    const [first] = await t.db
      .selectFrom("invoices")
      .select(["order_id", "full_number"])
      .where("kind", "=", "F1")
      .orderBy("number")
      .execute();
    const message = await orderConfirmationTemplate.render(
      { db: t.db, publicUrl: "http://localhost:3999", logger: createLogger("silent"), now: new Date() },
      { orderId: first!.order_id },
    );
    const pdf = message!.attachments!.find((a) => a.contentType === "application/pdf")!;
    expect(pdf.filename).toBe(`factura-${first!.full_number}.pdf`);
    expect(await pdfText(pdf.content as Buffer)).toContain(first!.full_number);
    expect(message!.text).toContain(`Te adjuntamos tu factura ${first!.full_number} en PDF.`);
  });

  it("refuses to change or delete an issued invoice", async () => {
    const any = await t.db.selectFrom("invoices").select("id").executeTakeFirstOrThrow();
    await expect(
      t.db.updateTable("invoices").set({ total_cents: 1 }).where("id", "=", any.id).execute(),
    ).rejects.toThrow();
    await expect(t.db.deleteFrom("invoice_lines").where("invoice_id", "=", any.id).execute()).rejects.toThrow();
    await expect(t.db.deleteFrom("billing_records").execute()).rejects.toThrow();
  });

  it("the chain verifies; a record altered in the database is found", async () => {
    const report = await verifyBillingChain(t.db);
    expect(report.broken).toBeNull();
    expect(report.records).toBe(5);
    const first = await t.db
      .selectFrom("billing_records")
      .selectAll()
      .where("position", "=", 1)
      .executeTakeFirstOrThrow();
    expect(first.previous_huella).toBe("");
    expect(first.xml).toContain(`<sum1:Huella>${first.huella}</sum1:Huella>`);
    const second = await t.db
      .selectFrom("billing_records")
      .selectAll()
      .where("position", "=", 2)
      .executeTakeFirstOrThrow();
    expect(second.previous_huella).toBe(first.huella);

    expect(second.amount_total).toBe("440.00");
    // Someone with database access lowers an invoice's total (the triggers must be dropped first)…
    if (kind === "postgres") {
      await sql`alter table invoices disable trigger user`.execute(t.db);
      await sql`alter table billing_records disable trigger user`.execute(t.db);
    } else {
      await sql`drop trigger invoices_no_update`.execute(t.db);
      await sql`drop trigger billing_records_no_update`.execute(t.db);
    }
    const firstInvoice = await t.db
      .selectFrom("invoices")
      .select(["id", "total_cents"])
      .where("id", "=", first.invoice_id)
      .executeTakeFirstOrThrow();
    await t.db.updateTable("invoices").set({ total_cents: 9900 }).where("id", "=", firstInvoice.id).execute();
    expect((await verifyBillingChain(t.db)).broken).toMatchObject({ position: 1, problem: "invoice-differs" });
    await t.db
      .updateTable("invoices")
      .set({ total_cents: firstInvoice.total_cents })
      .where("id", "=", firstInvoice.id)
      .execute();
    expect((await verifyBillingChain(t.db)).broken).toBeNull();
    // …or a record's amount.
    await t.db.updateTable("billing_records").set({ amount_total: "44.00" }).where("position", "=", 2).execute();
    const broken = await verifyBillingChain(t.db);
    expect(broken.broken).toMatchObject({ position: 2, problem: "huella" });
    expect(broken.records).toBe(1);
  });
});

describe.each(dbKinds)("invoices waiting for the seller data on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    await insertCourse(t.db, "curso-90", "Taller de esmaltado semipermanente", 9000);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("sells without seller data, then issues those invoices in payment order once the owner saves it", async () => {
    const buyer = await makeUser(t.db, `espera.${kind}@example.com`);
    const noSeller: InvoicingConfig = { seller: {}, verifactuMode: "off" };
    const line = [{ courseId: "curso-90", title: "Taller de esmaltado semipermanente", priceCents: 9000 }];
    const first = await paidOrder(t.db, buyer, line, { invoicing: noSeller, now: new Date(Date.now() - 60_000) });
    const other = await makeUser(t.db, `espera2.${kind}@example.com`);
    const second = await paidOrder(t.db, other, line, { invoicing: noSeller });
    expect(await t.db.selectFrom("invoices").select("id").execute()).toEqual([]);

    // Saving complete data queues the job; the job issues both, oldest payment first.
    expect(await saveSeller(t.db, { id: null, email: "cli" }, SELLER, {})).toBe(true);
    const job = await t.db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", "invoices:issue-pending")
      .executeTakeFirst();
    expect(job).toBeDefined();
    expect(await issuePendingInvoices(t.db, { seller: {}, verifactuMode: "off" })).toBe(2);
    const year = madridDate().slice(0, 4);
    expect((await invoicesOf(t.db, first)).map((i) => i.full_number)).toEqual([`AN${year}-000001`]);
    expect((await invoicesOf(t.db, second)).map((i) => i.full_number)).toEqual([`AN${year}-000002`]);
    // Each buyer is sent hers; running again issues nothing.
    const emails = await t.db.selectFrom("jobs").select("kind").where("kind", "=", "email:invoice-issued").execute();
    expect(emails).toHaveLength(2);
    expect(await issuePendingInvoices(t.db, { seller: {}, verifactuMode: "off" })).toBe(0);
  });
});
