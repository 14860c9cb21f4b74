/**
 * Staff can see the sending to the AEAT (issue 32, item 3) on SQLite and
 * PostgreSQL, driven through the real sale and the sender against the local
 * AEAT stand-in: /gestion/facturas shows each invoice's state and the AEAT's
 * message, and the mode's banner; the panel warns of a record pending for
 * more than an hour and of a rejected one, and of nothing otherwise; a
 * rejection queues exactly one email to the owner, listing the invoices.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AeatTransport } from "~/invoices/aeat/client.server.ts";
import { sendPendingRecords } from "~/invoices/aeat/sender.server.ts";
import { loadAeatAlerts } from "~/invoices/aeat/status-queries.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { aeatNoticeTemplates } from "~/salon/aeat-notice-emails.server.ts";
import { SALON_AEAT_REJECTED } from "~/salon/notifications.server.ts";
import StaffInvoices from "~/routes/gestion.facturas.tsx";
import { loadInvoiceList } from "~/routes/gestion.facturas.server.ts";
import StaffPanel from "~/routes/gestion.tsx";
import { loadPanel } from "~/routes/gestion.server.ts";
import { makeTestPki, type TestPki } from "../../scripts/aeat-standin/certs.ts";
import type { AeatStandIn } from "../../scripts/aeat-standin/server.ts";
import { startTestAeat } from "../helpers/aeat.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";
import { insertCourse, insertOrder, staffContext } from "./staff-orders-fixtures.ts";

const INVOICING: InvoicingConfig = { ...TEST_INVOICING, verifactuMode: "verifactu-test" };
const NIF_ERROR = "Valor o tipo incorrecto del campo: NIF";
let pkiDir: string;
let pki: TestPki;

beforeAll(() => {
  pkiDir = mkdtempSync(join(tmpdir(), "verifactu-staff-"));
  pki = makeTestPki(pkiDir);
});
afterAll(() => rmSync(pkiDir, { recursive: true, force: true }));

function render(Component: ComponentType<never>, loaderData: unknown): string {
  const Stub = createRoutesStub([
    { path: "/gestion", Component: () => createElement(Component, { loaderData } as never) },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/gestion"] }));
}

describe.each(dbKinds)("VERI*FACTU states for the staff on %s", (kind) => {
  let t: TestDb;
  let standIn: AeatStandIn;
  let transport: AeatTransport;
  let context: Readonly<RouterContextProvider>;
  let config: { verifactuMode: string };
  let sold = 0;

  /** Sells one course per call: one invoice and one record (a pending status unless the mode is off). */
  async function sell(invoicing = INVOICING): Promise<string> {
    sold += 1;
    const user = await insertBuyer(t.db, {
      prefix: `estado${sold}.${kind}`,
      firstName: "Alumna",
      lastName: String(sold),
    });
    const orderId = await insertOrder(t.db, {
      user,
      lines: [{ courseId: "curso-gel", title: "Curso de uñas de gel", priceCents: 25000 }],
      createdAt: new Date().toISOString(),
    });
    await fulfilOrder(t.db, { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId }, invoicing);
    const invoice = await t.db
      .selectFrom("invoices")
      .select("full_number")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    return invoice.full_number;
  }

  const rejectionEmails = () =>
    t.db.selectFrom("jobs").select(["payload"]).where("kind", "=", `email:${SALON_AEAT_REJECTED}`).execute();
  const list = () => loadInvoiceList(new Request("http://localhost/gestion/facturas"), context);

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    await insertCourse(t.db, "curso-gel", "Curso de uñas de gel", 25000);
    ({ standIn, transport } = await startTestAeat(pki));
    const staff = await staffContext(t.db, kind, `recepcion.envios.${kind}@example.com`);
    context = staff.context;
    config = staff.services.config as { verifactuMode: string };
  });
  afterAll(async () => {
    await standIn?.close();
    await t?.cleanup();
  });

  it("warns on the panel of nothing while the records are fresh, and of those pending for more than an hour", async () => {
    await sell(TEST_INVOICING);
    await sell();
    const panel = await loadPanel(context);
    expect(panel.aeat).toEqual({ stalePending: 0, rejected: 0, rejectedNumbers: [] });
    expect(render(StaffPanel, panel)).not.toContain("Envío a la AEAT (VERI*FACTU)");
    // Two hours later, the pending record has waited too long.
    const later = await loadAeatAlerts(t.db, new Date(Date.now() + 2 * 3_600_000));
    expect(later).toEqual({ stalePending: 1, rejected: 0, rejectedNumbers: [] });
    const html = render(StaffPanel, { ...panel, aeat: later });
    expect(html).toContain("Envío a la AEAT (VERI*FACTU)");
    expect(html).toContain("1 registro de facturación lleva más de una hora pendiente de envío");
    expect(html).toContain('href="/gestion/facturas"');
  });

  it("queues one email to the owner for an answer rejecting records, listing their invoices", async () => {
    const [first, second] = [await sell(), await sell()];
    standIn.rejectNext(2, 1100, NIF_ERROR);
    // The first pending record (the previous test's) goes first and is rejected with the second; the third is accepted.
    const outcome = await sendPendingRecords({ db: t.db, transport, now: () => new Date(Date.now() + 3_600_000) });
    expect(outcome).toMatchObject({ kind: "sent", records: 3, accepted: 1, rejected: 2 });
    const emails = await rejectionEmails();
    expect(emails).toHaveLength(1);
    const payload = JSON.parse(emails[0].payload) as Record<string, unknown>;
    expect(payload.positions).toBe("2,3");
    const message = await aeatNoticeTemplates("duena@example.com")[SALON_AEAT_REJECTED].render(
      { db: t.db, publicUrl: "http://localhost:3999", logger: createLogger("silent"), now: new Date() },
      payload,
    );
    const numbers = await t.db
      .selectFrom("billing_records")
      .select("invoice_number")
      .where("position", "in", [2, 3])
      .orderBy("position")
      .execute();
    expect(numbers.map((n) => n.invoice_number)).not.toContain(second);
    expect(numbers.map((n) => n.invoice_number)).toContain(first);
    expect(message).toMatchObject({ to: "duena@example.com" });
    for (const { invoice_number } of numbers) {
      expect(message?.subject).toContain(invoice_number);
      expect(message?.text).toContain(`${invoice_number}: 1100: ${NIF_ERROR}`);
    }
    expect(message?.text).toContain("subsanación");
    expect(message?.text).toContain("http://localhost:3999/gestion/facturas");
  });

  it("shows each invoice's state and the AEAT's message on Facturas, with the mode's banner", async () => {
    const pending = await sell();
    const retried = await sell();
    await t.db
      .updateTable("billing_record_status")
      .set({ sent_at: new Date().toISOString(), attempts: 1 })
      .where("position", "=", 6)
      .execute();
    // The stand-in accepted the third record of that request (it chains to the rejected one, as its system
    // wrote it); an acceptance with errors, as the AEAT gives one, is stored the same way.
    expect(
      (
        await t.db
          .selectFrom("billing_record_status")
          .select("state")
          .where("position", "=", 4)
          .executeTakeFirstOrThrow()
      ).state,
    ).toBe("accepted");
    await t.db
      .updateTable("billing_record_status")
      .set({ state: "accepted-with-errors", code: "2000", description: "Aviso de la AEAT" })
      .where("position", "=", 4)
      .execute();
    const page = await list();
    const byNumber = new Map(page.rows.map((r) => [r.fullNumber, r.aeat]));
    const states = await t.db
      .selectFrom("billing_records as r")
      .leftJoin("billing_record_status as s", "s.position", "r.position")
      .select(["r.invoice_number", "s.state"])
      .orderBy("r.position")
      .execute();
    expect(states.map((s) => s.state)).toEqual([
      null,
      "rejected",
      "rejected",
      "accepted-with-errors",
      "pending",
      "pending",
    ]);
    expect(byNumber.get(states[0].invoice_number)).toBeNull();
    expect(byNumber.get(states[1].invoice_number)).toMatchObject({
      state: "rejected",
      code: "1100",
      description: NIF_ERROR,
    });
    expect(byNumber.get(pending)).toMatchObject({ state: "pending", sentAt: null });
    expect(byNumber.get(retried)?.sentAt).not.toBeNull();
    expect(page.verifactuMode).toBe("off");
    const off = render(StaffInvoices, page);
    expect(off).toContain("Envío a la AEAT");
    expect(off).toContain(
      "El envío a la AEAT está desactivado (VERIFACTU_MODE=off): los registros no se envían. Solo para desarrollo.",
    );
    for (const label of ["No enviado (modo desarrollo)", "Rechazado", "Aceptado con errores", "Pendiente", "Enviado"]) {
      expect(off).toContain(`>${label}</span>`);
    }
    expect(off).toContain(`1100: ${NIF_ERROR}`);
    expect(off).toContain("subsanación");
    config.verifactuMode = "verifactu-test";
    const test = render(StaffInvoices, await list());
    expect(test).toContain("entorno de pruebas de la AEAT");
    expect(test).not.toContain("VERIFACTU_MODE=off");
  });

  it("warns on the panel of the rejected records, naming their invoices", async () => {
    const panel = await loadPanel(context);
    const rejected = await t.db
      .selectFrom("billing_records")
      .select("invoice_number")
      .where("position", "in", [2, 3])
      .orderBy("position")
      .execute();
    expect(panel.aeat).toEqual({
      stalePending: 0,
      rejected: 2,
      rejectedNumbers: rejected.map((r) => r.invoice_number),
    });
    const html = render(StaffPanel, panel);
    expect(html).toContain("La AEAT ha rechazado 2 registros de facturación");
    for (const { invoice_number } of rejected) expect(html).toContain(invoice_number);
  });
});
