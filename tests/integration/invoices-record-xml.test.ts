/**
 * The software's identity and the stored XML, on SQLite and PostgreSQL (issue 32, items 5 and 6):
 * a record's SistemaInformatico names the configured producer, not the seller; and
 * `npm run facturas:verificar` (verifyBillingChain) lists each record whose stored XML no longer
 * says what its columns say.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/db.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { verifyBillingChain } from "~/invoices/verify.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_SELLER } from "../helpers/invoices.ts";
import { insertCourse, insertOrder } from "./staff-orders-fixtures.ts";

const INVOICING: InvoicingConfig = {
  seller: TEST_SELLER,
  verifactuMode: "off",
  software: {
    producerName: "Programas Ejemplo S.L.",
    producerNif: "B12345674",
    systemName: "Reservas Uñas",
    systemId: "RU",
    version: "2.3.1",
    installationNumber: "SALON-01",
  },
};

async function paidOrder(db: Db, user: { id: string; email: string }, priceCents: number): Promise<void> {
  const lines = [{ courseId: "curso-xml", title: "Taller de esmaltado", priceCents }];
  const orderId = await insertOrder(db, { user, lines, createdAt: new Date().toISOString() });
  const result = await fulfilOrder(
    db,
    { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId },
    INVOICING,
  );
  expect(result.outcome).toBe("paid");
}

describe.each(dbKinds)("the records' XML on %s", (kind) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    await insertCourse(t.db, "curso-xml", "Taller de esmaltado", 9000);
    const buyer = await makeUser(t.db, `xml.${kind}@example.com`);
    await paidOrder(t.db, buyer, 9000);
    await paidOrder(t.db, buyer, 9000);
    await paidOrder(t.db, buyer, 9000);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("names the configured producer and software in every record", async () => {
    const records = await t.db.selectFrom("billing_records").select(["xml"]).orderBy("position").execute();
    expect(records).toHaveLength(3);
    for (const r of records) {
      expect(r.xml).toContain("<sum1:NombreRazon>Programas Ejemplo S.L.</sum1:NombreRazon>");
      expect(r.xml).toContain("<sum1:NIF>B12345674</sum1:NIF>");
      expect(r.xml).toContain("<sum1:IdSistemaInformatico>RU</sum1:IdSistemaInformatico>");
      expect(r.xml).toContain("<sum1:NumeroInstalacion>SALON-01</sum1:NumeroInstalacion>");
      expect(r.xml).not.toContain(`<sum1:NombreRazon>${TEST_SELLER.legalName}</sum1:NombreRazon>`);
    }
    const report = await verifyBillingChain(t.db);
    expect(report.broken).toBeNull();
    expect(report.xmlMismatches).toEqual([]);
  });

  it("lists each record whose stored XML was altered, naming the fields", async () => {
    if (kind === "postgres") await sql`alter table billing_records disable trigger user`.execute(t.db);
    else await sql`drop trigger billing_records_no_update`.execute(t.db);
    const [first, second] = await t.db
      .selectFrom("billing_records")
      .select(["position", "xml", "invoice_number", "amount_total", "previous_huella"])
      .orderBy("position")
      .execute();
    await t.db
      .updateTable("billing_records")
      .set({ xml: first.xml.replace(`<sum1:ImporteTotal>${first.amount_total}<`, "<sum1:ImporteTotal>9.00<") })
      .where("position", "=", 1)
      .execute();
    await t.db
      .updateTable("billing_records")
      .set({ xml: second.xml.replace(`<sum1:Huella>${second.previous_huella}<`, "<sum1:Huella>ABC<") })
      .where("position", "=", 2)
      .execute();
    const report = await verifyBillingChain(t.db);
    // The columns still chain: the chain holds, but the XML a sender would send does not say it.
    expect(report.broken).toBeNull();
    expect(report.records).toBe(3);
    expect(report.xmlMismatches).toEqual([
      { position: 1, invoiceNumber: first.invoice_number, fields: ["ImporteTotal"] },
      { position: 2, invoiceNumber: second.invoice_number, fields: ["RegistroAnterior/Huella"] },
    ]);
  });
});
