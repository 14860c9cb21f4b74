/**
 * Subsanación of a billing record the AEAT rejected, on SQLite and PostgreSQL,
 * through the real sale, the sender and the local AEAT stand-in over mutual
 * TLS: the owner subsana from /gestion/facturas (confirmation, then POST), a
 * new record of the same invoice goes out with Subsanacion and RechazoPrevio
 * "S", valid against the AEAT's schemas, and is accepted; the old record reads
 * "Subsanado"; the chain still verifies (`npm run facturas:verificar`). Other
 * staff are refused, a record not rejected cannot be subsanado, and two
 * concurrent confirmations make one record. CSRF is the server's Origin check
 * on every POST (server/csrf.ts and its tests).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingColumns } from "~/domain/billing-details.ts";
import type { AeatTransport } from "~/invoices/aeat/client.server.ts";
import { sendPendingRecords } from "~/invoices/aeat/sender.server.ts";
import { aeatStatusesOf, loadAeatAlerts } from "~/invoices/aeat/status-queries.server.ts";
import { appendBillingRecord, lockChainHead } from "~/invoices/chain.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { subsanacionContent } from "~/invoices/subsanacion.server.ts";
import { aeatAmount, aeatDate, madridTimestamp } from "~/invoices/verifactu.ts";
import { verifyBillingChain } from "~/invoices/verify.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import StaffInvoices from "~/routes/gestion.facturas.tsx";
import { loadInvoiceList } from "~/routes/gestion.facturas.server.ts";
import StaffSubsanacion from "~/routes/gestion.facturas.subsanar.tsx";
import { loadSubsanacionPage, subsanacionAction } from "~/routes/gestion.facturas.subsanar.server.ts";
import { makeTestPki, type TestPki } from "../../scripts/aeat-standin/certs.ts";
import type { AeatStandIn } from "../../scripts/aeat-standin/server.ts";
import { startTestAeat } from "../helpers/aeat.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_BILLING, TEST_INVOICING } from "../helpers/invoices.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { insertCourse, insertOrder, staffContext, statusOf } from "./staff-orders-fixtures.ts";

const INVOICING: InvoicingConfig = { ...TEST_INVOICING, verifactuMode: "verifactu-test" };
const NAME_ERROR = "El NIF del destinatario no está identificado o no coincide con su nombre.";
let pkiDir: string;
let pki: TestPki;

beforeAll(() => {
  pkiDir = mkdtempSync(join(tmpdir(), "verifactu-subsanacion-"));
  pki = makeTestPki(pkiDir);
});
afterAll(() => rmSync(pkiDir, { recursive: true, force: true }));

function render(Component: ComponentType<never>, loaderData: unknown): string {
  const Stub = createRoutesStub([
    { path: "/gestion", Component: () => createElement(Component, { loaderData } as never) },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/gestion"] }));
}

describe.each(dbKinds)("subsanación of a rejected billing record on %s", (kind) => {
  let t: TestDb;
  let standIn: AeatStandIn;
  let transport: AeatTransport;
  let owner: Readonly<RouterContextProvider>;
  let staff: Readonly<RouterContextProvider>;
  let sold = 0;
  let clock = Date.now();
  /** Each send an hour after the last: past the TiempoEsperaEnvio. */
  const send = () => sendPendingRecords({ db: t.db, transport, now: () => new Date((clock += 3_600_000)) });

  /** Sells a course with a factura completa whose buyer name is wrong; the buyer's profile says it right. */
  async function sell(): Promise<{ invoiceId: string; number: string }> {
    sold += 1;
    const user = await insertBuyer(t.db, { prefix: `subsana${sold}.${kind}`, firstName: "Lucía", lastName: "Pérez" });
    const orderId = await insertOrder(t.db, {
      user,
      lines: [{ courseId: "curso-gel", title: "Curso de uñas de gel", priceCents: 25000 }],
      createdAt: new Date().toISOString(),
    });
    await t.db
      .updateTable("orders")
      .set(billingColumns({ ...TEST_BILLING, name: "Lucia Peres" }))
      .where("id", "=", orderId)
      .execute();
    await t.db.updateTable("users").set(billingColumns(TEST_BILLING)).where("id", "=", user.id).execute();
    await fulfilOrder(t.db, { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId }, INVOICING);
    const invoice = await t.db
      .selectFrom("invoices")
      .select(["id", "full_number"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    return { invoiceId: invoice.id, number: invoice.full_number };
  }

  const recordsOf = (invoiceId: string) =>
    t.db
      .selectFrom("billing_records as r")
      .leftJoin("billing_record_status as s", "s.position", "r.position")
      .select(["r.position", "r.corrects_position", "r.xml", "r.generated_at", "r.huella", "s.state"])
      .where("r.invoice_id", "=", invoiceId)
      .orderBy("r.position")
      .execute();
  const confirm = (context: Readonly<RouterContextProvider>, invoiceId: string, position: number) =>
    statusOf(() =>
      subsanacionAction(
        new Request(`http://localhost/gestion/facturas/${invoiceId}/subsanar`, {
          method: "POST",
          body: new URLSearchParams({ position: String(position) }),
        }),
        context,
        invoiceId,
      ),
    );
  const audited = async () =>
    (await t.db.selectFrom("audit_log").select("id").where("action", "=", "invoice.subsanacion").execute()).length;

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    await insertCourse(t.db, "curso-gel", "Curso de uñas de gel", 25000);
    ({ standIn, transport } = await startTestAeat(pki));
    const made = await Promise.all([
      staffContext(t.db, kind, `duena.subsana.${kind}@example.com`, "owner"),
      staffContext(t.db, kind, `recepcion.subsana.${kind}@example.com`, "staff"),
    ]);
    for (const m of made) (m.services.config as { verifactuMode: string }).verifactuMode = "verifactu-test";
    [owner, staff] = made.map((m) => m.context);
  });
  afterAll(async () => {
    await standIn?.close();
    await t?.cleanup();
  });

  it("subsana a rejected record once: a new chained record, Subsanacion and RechazoPrevio S, accepted", async () => {
    const { invoiceId, number } = await sell();
    standIn.rejectNext(1, 1100, NAME_ERROR);
    expect(await send()).toMatchObject({ kind: "sent", rejected: 1 });
    const [rejected] = await recordsOf(invoiceId);
    expect(rejected).toMatchObject({ position: 1, state: "rejected", corrects_position: null });
    expect(await loadAeatAlerts(t.db)).toMatchObject({ rejected: 1, rejectedNumbers: [number] });

    // The list offers the action to the owner only.
    const ownerList = await loadInvoiceList(new Request("http://localhost/gestion/facturas"), owner);
    expect(ownerList.canSubsanar).toBe(true);
    expect(ownerList.rows.find((r) => r.id === invoiceId)?.aeat).toMatchObject({ state: "rejected", code: "1100" });
    const staffList = await loadInvoiceList(new Request("http://localhost/gestion/facturas"), staff);
    expect(staffList.canSubsanar).toBe(false);
    const href = `href="/gestion/facturas/${invoiceId}/subsanar"`;
    expect(render(StaffInvoices, ownerList)).toContain(href);
    expect(render(StaffInvoices, ownerList)).toContain(">Subsanar y reenviar</a>");
    expect(render(StaffInvoices, staffList)).not.toContain(href);

    // Another staff member can neither see the confirmation nor post it.
    expect(await statusOf(() => loadSubsanacionPage(staff, invoiceId))).toBe(403);
    expect(await confirm(staff, invoiceId, 1)).toBe(403);
    expect(await recordsOf(invoiceId)).toHaveLength(1);

    // The confirmation says what will be sent: the buyer's name as her profile says it now.
    const page = await loadSubsanacionPage(owner, invoiceId);
    expect(page).toMatchObject({ invoiceNumber: number, position: 1, refusal: null });
    expect(page.aeatMessage).toBe(`1100: ${NAME_ERROR}`);
    expect(page.sent.buyer).toEqual({ name: TEST_BILLING.name, nif: TEST_BILLING.taxId });
    const confirmation = render(StaffSubsanacion, page);
    expect(confirmation).toContain("Se genera un registro de facturación nuevo de la misma factura");
    expect(confirmation).toContain('name="position" value="1"');

    // A double click: two confirmations at once make one subsanación.
    expect(await Promise.all([confirm(owner, invoiceId, 1), confirm(owner, invoiceId, 1)])).toEqual([302, 302]);
    const [old, fresh, ...more] = await recordsOf(invoiceId);
    expect(more).toEqual([]);
    expect(old).toMatchObject({ position: 1, state: "corrected" });
    expect(fresh).toMatchObject({ position: 2, state: "pending", corrects_position: 1 });
    expect(await audited()).toBe(1);
    expect(fresh.xml).toContain("<sum1:Subsanacion>S</sum1:Subsanacion>");
    expect(fresh.xml).toContain("<sum1:RechazoPrevio>S</sum1:RechazoPrevio>");
    expect(fresh.xml).toContain(`<sum1:NumSerieFactura>${number}</sum1:NumSerieFactura>`);
    expect(fresh.xml).toContain(`<sum1:NombreRazon>${TEST_BILLING.name}</sum1:NombreRazon>`);
    expect(fresh.xml).toContain(`<sum1:Huella>${old.huella}</sum1:Huella>`);
    expect(fresh.huella).not.toBe(old.huella);
    const statuses = await aeatStatusesOf(t.db, [invoiceId]);
    expect(statuses.get(invoiceId)).toMatchObject({
      state: "pending",
      position: 2,
      corrects: { position: 1, code: "1100" },
    });
    // Nothing more to do: the confirmation again changes nothing; the panel no longer counts it as rejected.
    expect(await confirm(owner, invoiceId, 1)).toBe(302);
    expect(await recordsOf(invoiceId)).toHaveLength(2);
    expect(await loadAeatAlerts(t.db)).toMatchObject({ rejected: 0 });
    const after = await loadInvoiceList(
      new Request(
        `http://localhost/gestion/facturas?desde=${page.sent.issueDate}&hasta=${page.sent.issueDate}&aviso=subsanacion`,
      ),
      owner,
    );
    expect(after.notes).toContain(
      "Subsanación generada: el nuevo registro queda pendiente de envío a la AEAT. Su respuesta aparecerá en esta lista.",
    );
    const afterHtml = render(StaffInvoices, after);
    expect(afterHtml).toContain(">Pendiente</span>");
    expect(afterHtml).toContain(`Subsanación del registro 1, rechazado por la AEAT (1100: ${NAME_ERROR}): Subsanado.`);
    expect(afterHtml).not.toContain(href);

    // The sender takes it to the AEAT like any record; the stand-in checks it against the schemas.
    expect(await send()).toMatchObject({ kind: "sent", records: 1, accepted: 1, rejected: 0 });
    const request = standIn.requests.at(-1);
    expect(request).toMatchObject({ valid: true, errors: [], recordCount: 1 });
    expect(request?.records[0]).toMatchObject({ numSerie: number, subsanacion: "S", rechazoPrevio: "S" });
    expect((await recordsOf(invoiceId)).map((r) => r.state)).toEqual(["corrected", "accepted"]);
    expect((await aeatStatusesOf(t.db, [invoiceId])).get(invoiceId)?.state).toBe("accepted");
    expect([...standIn.accepted().keys()].some((k) => k.includes(`|${number}|`))).toBe(true);

    const report = await verifyBillingChain(t.db);
    expect(report).toMatchObject({ records: 2, broken: null, xmlMismatches: [] });
  });

  it("refuses to subsanar a record the AEAT did not reject", async () => {
    const { invoiceId } = await sell();
    const [pending] = await recordsOf(invoiceId);
    const page = await loadSubsanacionPage(owner, invoiceId);
    expect(page.refusal).toMatch(/Solo se puede subsanar un registro que la AEAT ha rechazado/u);
    expect(await confirm(owner, invoiceId, pending.position)).toBe(409);
    expect(await send()).toMatchObject({ kind: "sent", accepted: 1 });
    expect(await confirm(owner, invoiceId, pending.position)).toBe(409);
    expect((await recordsOf(invoiceId)).map((r) => r.state)).toEqual(["accepted"]);
    expect(await audited()).toBe(1);
    expect((await verifyBillingChain(t.db)).broken).toBeNull();
  });

  it("verification catches a second record of an invoice that is no subsanación", async () => {
    const { invoiceId } = await sell();
    const content = await subsanacionContent(t.db, invoiceId, INVOICING);
    if (!content) throw new Error("no content");
    // Written past the app: chained and hashed right, but not marked as a subsanación of the first.
    await t.db.transaction().execute(async (trx) => {
      const head = await lockChainHead(trx);
      await appendBillingRecord(trx, head, {
        invoiceId,
        fields: {
          issuerNif: content.issuerNif,
          invoiceNumber: content.invoiceNumber,
          issueDate: aeatDate(content.issueDate),
          invoiceType: content.kind,
          vatTotal: aeatAmount(content.vatCents),
          amountTotal: aeatAmount(content.totalCents),
          generatedAt: madridTimestamp(new Date()),
        },
        xml: content.xml,
      });
    });
    const report = await verifyBillingChain(t.db);
    expect(report.broken).toMatchObject({ problem: "subsanacion", invoiceNumber: content.invoiceNumber });
    expect(report.broken?.detail).toMatch(/ya tenía el registro/u);
  });
});
