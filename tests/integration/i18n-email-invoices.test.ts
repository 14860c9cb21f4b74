/**
 * An order made in Catalan (orders.locale, issue 34): its confirmation email, its
 * invoice PDF and its "Tu factura" email are in Catalan, with the legal content
 * (NIFs, numbers, the QR) as issued; a Spanish order's stay in Spanish.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/db.server.ts";
import { invoiceIssuedTemplate } from "~/invoices/invoice-email.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { invoicePdf } from "~/invoices/queries.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { orderConfirmationTemplate } from "~/orders/confirmation-email.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_SELLER } from "../helpers/invoices.ts";
import { pdfText } from "../helpers/pdf.ts";
import { insertCourse, insertOrder } from "./staff-orders-fixtures.ts";

const INVOICING: InvoicingConfig = { seller: TEST_SELLER, verifactuMode: "off" };
const ctx = (db: Db) => ({ db, publicUrl: "http://localhost:4860", logger: createLogger("silent"), now: new Date() });
const flat = (s: string) => s.replace(/\s+/g, " ");

async function paidOrder(db: Db, user: { id: string; email: string }, locale: "es" | "ca"): Promise<string> {
  const lines = [{ courseId: "curs-gel", title: "Taller de gel", priceCents: 9000 }];
  const orderId = await insertOrder(db, { user, lines, createdAt: new Date().toISOString() });
  await db.updateTable("orders").set({ locale }).where("id", "=", orderId).execute();
  const result = await fulfilOrder(
    db,
    { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId },
    INVOICING,
  );
  expect(result.outcome).toBe("paid");
  return orderId;
}

describe.each(dbKinds)("an order's documents in its language on %s", (kind) => {
  let t: TestDb;
  let buyer: { id: string; email: string };

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    buyer = await makeUser(t.db, `nuria.idioma.${kind}@example.com`);
    await insertCourse(t.db, "curs-gel", "Taller de gel", 9000);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("sends a Catalan order's confirmation, invoice PDF and invoice email in Catalan", async () => {
    const orderId = await paidOrder(t.db, buyer, "ca");
    const invoice = (await t.db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).executeTakeFirst())!;

    const confirmation = (await orderConfirmationTemplate.render(ctx(t.db), { orderId }))!;
    expect(confirmation.subject).toMatch(/^Confirmació de la teva compra \(comanda [0-9A-F]{8}\) · Alejandra Nails$/);
    expect(confirmation.html).toContain('<html lang="ca">');
    expect(confirmation.text).toContain(`T’adjuntem la teva factura ${invoice.full_number} en PDF.`);
    expect(confirmation.text).toContain("Gràcies per confiar en nosaltres!");

    const pdf = (await invoicePdf(t.db, invoice.id))!;
    const text = flat(await pdfText(pdf.pdf));
    for (const expected of [
      `Núm. ${invoice.full_number}`,
      "Data d’expedició:",
      "Base imposable",
      "Forma de pagament:",
      "NIF: 12345678Z",
      "Alejandra Ruiz García",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Fecha de expedición");

    const mail = (await invoiceIssuedTemplate.render(ctx(t.db), { invoiceId: invoice.id }))!;
    expect(mail.subject).toBe(
      `${invoice.kind === "F1" ? "Factura" : "Factura simplificada"} ${invoice.full_number} · Alejandra Nails`,
    );
    expect(mail.text).toContain(
      `T’adjuntem la ${invoice.kind === "F1" ? "factura" : "factura simplificada"} ${invoice.full_number} de 90,00`,
    );
    expect(mail.text).toContain("També la tens al teu compte, a l’Historial de compres.");
    expect(mail.html).toContain('<html lang="ca">');
  });

  it("keeps a Spanish order's documents in Spanish", async () => {
    const orderId = await paidOrder(t.db, buyer, "es");
    const invoice = (await t.db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).executeTakeFirst())!;
    const mail = (await invoiceIssuedTemplate.render(ctx(t.db), { invoiceId: invoice.id }))!;
    expect(mail.text).toContain(`Te adjuntamos la factura simplificada ${invoice.full_number} de 90,00`);
    expect(mail.text).toContain("También la tienes en tu cuenta, en Historial de compras.");
    expect(mail.html).toContain('<html lang="es">');
    expect(flat(await pdfText((await invoicePdf(t.db, invoice.id))!.pdf))).toContain("Fecha de expedición:");
  });
});
