/**
 * The ticket of a counter sale (issue 35) on SQLite and PostgreSQL: what
 * `loadTicket` reads of a charged sale (its invoice issued through `issue()`,
 * its payments, the tip), the page as the staff get it (the ticket in the
 * client's language, the AEAT's QR of the invoice, change and tip; the staff
 * chrome in Spanish), "Enviar por correo" (the invoice's own email, queued
 * and audited), a return's ticket, and who may open it.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { provideStaff } from "~/auth/user-context.server.ts";
import { loadReturnTicket, loadTicket } from "~/counter/ticket.server.ts";
import { invoiceIssuedTemplate } from "~/invoices/invoice-email.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { loadTicketPage, ticketAction } from "~/routes/gestion.caja.ticket.server.ts";
import CounterTicket from "~/routes/gestion.caja.ticket.tsx";
import { formRequest, makeContext, makeUser } from "../helpers/accounts.ts";
import {
  decodeQrDataUrl,
  insertChargedSale,
  insertCounterReturn,
  type CounterSaleFixture,
} from "../helpers/counter-ticket.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { bodyOf, makeStaff, staffContext, statusOf, thrown } from "../helpers/staff.ts";

const NOW = new Date("2026-11-24T10:30:00.000Z");
const euros = (text: string) => text.replace(" €", "\u00a0€");
const page = (saleId: string, query = "") => `http://localhost/gestion/caja/ticket/${saleId}${query}`;

type PageData = Awaited<ReturnType<typeof loadTicketPage>>;

/** The route's component with this loader data, as the server renders it. */
function renderPage(loaderData: PageData, path: string, actionData?: { error: string }): string {
  const Stub = createRoutesStub([
    {
      path: "/gestion/caja/ticket/:saleId",
      Component: () => createElement(CounterTicket, { loaderData, actionData } as never),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [path] }));
}

describe.each(dbKinds)("the counter ticket on %s", (kind) => {
  let t: TestDb;
  let catalan: CounterSaleFixture;
  let spanish: CounterSaleFixture;
  let draft: CounterSaleFixture;
  let returnId: string;
  let qrUrl: string;
  let staff: Awaited<ReturnType<typeof staffContext>>;

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    // A service at 21 % and two units of a product at 10 %: 42,00 €; 2,00 € of tip on top (44,00 € paid):
    // 10,00 € by card and 34,00 € in cash, for which 50,00 € were handed over (16,00 € of change).
    catalan = await insertChargedSale(t.db, {
      locale: "ca",
      clientEmail: "nuria@example.com",
      items: [
        { description: "Manicura semipermanent", detail: null, totalCents: 3000, vatTreatment: "standard" },
        {
          description: "Oli de cutícules",
          detail: null,
          totalCents: 1200,
          quantity: 2,
          vatTreatment: "standard",
          vatRateBp: 1000,
        },
      ],
      tipCents: 200,
      payments: [
        { method: "card", amountCents: 1000 },
        { method: "cash", amountCents: 3400, tenderedCents: 5000 },
      ],
      now: NOW,
    });
    spanish = await insertChargedSale(t.db, {
      locale: "es",
      clientEmail: null,
      items: [{ description: "Pedicura", detail: null, totalCents: 3500, vatTreatment: "standard" }],
      tipCents: 0,
      payments: [{ method: "bizum", amountCents: 3500 }],
      now: NOW,
    });
    draft = await insertChargedSale(t.db, {
      locale: "es",
      clientEmail: null,
      items: [{ description: "Esmaltado", detail: null, totalCents: 1500, vatTreatment: "standard" }],
      tipCents: 0,
      payments: [],
      now: NOW,
      status: "draft",
    });
    returnId = await insertCounterReturn(t.db, catalan, {
      items: [
        {
          description: "Oli de cutícules",
          detail: null,
          totalCents: -600,
          vatTreatment: "standard",
          vatRateBp: 1000,
        },
      ],
      method: "cash",
      now: new Date("2026-11-25T16:05:00.000Z"),
    });
    qrUrl = (
      await t.db.selectFrom("invoices").select("qr_url").where("id", "=", catalan.invoiceId).executeTakeFirstOrThrow()
    ).qr_url;
    const member = await makeStaff(t.db, "caja-ticket@example.com");
    staff = await staffContext(t.db, kind, member.id);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("reads a charged sale: its invoice, payments with the change, the tip apart, the client's language", async () => {
    const ticket = await loadTicket(t.db, catalan.saleId);
    expect(ticket).toMatchObject({
      saleId: catalan.saleId,
      locale: "ca",
      at: NOW.toISOString(),
      invoiceId: catalan.invoiceId,
      tipCents: 200,
      refund: null,
      emailTo: "nuria@example.com",
      // Cash first, then card and Bizum (rows of one charge share their time).
      payments: [
        { method: "cash", amountCents: 3400, tenderedCents: 5000, changeCents: 1600 },
        { method: "card", amountCents: 1000, tenderedCents: null, changeCents: 0 },
      ],
    });
    expect(ticket?.document).toMatchObject({
      kind: "F2",
      issueDate: "2026-11-24",
      operationDate: null,
      buyer: null,
      totalCents: 4200,
      qrUrl,
      verifactu: true,
      demo: false,
      locale: "ca",
      seller: { legalName: "Alejandra Ruiz García", nif: "12345678Z" },
    });
    expect(ticket?.document?.number).toMatch(/^AN2026-\d{6}$/u);
    expect(ticket?.document?.breakdown.map((b) => b.vatRateBp).sort()).toEqual([1000, 2100]);
    expect(ticket?.returns).toEqual([{ invoiceId: returnId, number: expect.stringMatching(/^ANR2026-/u) }]);
    // A sale without the client's address: nothing to email.
    expect((await loadTicket(t.db, spanish.saleId))?.emailTo).toBeNull();
  });

  it("has no ticket for a draft, an unknown sale or an id that is not one", async () => {
    expect(await loadTicket(t.db, draft.saleId)).toBeNull();
    expect(await loadTicket(t.db, "6b0c1f9e-0000-4000-8000-000000000000")).toBeNull();
    expect(await loadTicket(t.db, "../../etc")).toBeNull();
    expect(await loadReturnTicket(t.db, catalan.invoiceId)).toBeNull();
  });

  it("shows a Catalan sale's ticket in Catalan, with the invoice's QR, the change and the tip; the staff's words in Spanish", async () => {
    const data = await loadTicketPage(new Request(page(catalan.saleId)), staff.context, catalan.saleId);
    expect(data.view?.qr && decodeQrDataUrl(data.view.qr.src)).toBe(qrUrl);
    expect(data.view?.qr?.imageMm).toBeGreaterThanOrEqual(35);
    const html = renderPage(data, `/gestion/caja/ticket/${catalan.saleId}`);
    const ticket = html.slice(html.indexOf("<article"));
    expect(ticket).toContain('lang="ca"');
    for (const text of [
      "QR tributario:",
      "VERI*FACTU",
      "Factura verificable en la sede electrónica de la AEAT",
      "Factura simplificada",
      `Núm. ${data.invoiceNumber}`,
      "Data d’expedició: 24/11/2026",
      "Hora: 11:30",
      "Emissor",
      "NIF: 12345678Z",
      "Carrer Major, 48",
      "Manicura semipermanent",
      "Oli de cutícules",
      "Desglossament de l’IVA",
      "IVA inclòs",
      euros("42,00 €"),
      "Propina (no inclosa a la factura)",
      euros("2,00 €"),
      "Total pagat",
      euros("44,00 €"),
      "Targeta (datàfon)",
      "Efectiu",
      "Lliurat",
      euros("50,00 €"),
      "Canvi",
      euros("16,00 €"),
      "Gràcies per la visita",
    ]) {
      expect(ticket, text).toContain(text);
    }
    expect(ticket).not.toMatch(/Propina \(no incluida|Cambio|Efectivo|Fecha de expedición/u);
    expect(ticket).toMatch(/2 ×/u);
    expect(ticket).toMatch(/10\u00a0%/u);
    // The staff's chrome, in Spanish.
    const chrome = html.slice(0, html.indexOf("<article"));
    expect(chrome).toContain("Imprimir ticket");
    expect(chrome).toContain(`href="/gestion/facturas/${catalan.invoiceId}/pdf"`);
    expect(chrome).toContain("Descargar PDF");
    expect(chrome).toContain('href="/gestion/caja"');
    expect(chrome).toContain("Volver a la caja");
    expect(chrome).toContain("Enviar por correo");
    expect(chrome).toContain("nuria@example.com");
  });

  it("shows a Spanish sale's ticket in Spanish, without a tip nor an email button", async () => {
    const data = await loadTicketPage(new Request(page(spanish.saleId)), staff.context, spanish.saleId);
    const html = renderPage(data, `/gestion/caja/ticket/${spanish.saleId}`);
    expect(html).toContain('lang="es"');
    expect(html).toContain("Fecha de expedición: 24/11/2026");
    expect(html).toContain("IVA incluido");
    expect(html).toContain("Bizum");
    expect(html).toContain("Gracias por tu visita");
    expect(html).not.toContain("Propina");
    expect(html).not.toContain("Enviar por correo");
  });

  it("shows a return's ticket: its rectificativa and the money given back, in the client's language", async () => {
    const data = await loadTicketPage(
      new Request(page(catalan.saleId, `?devolucion=${returnId}`)),
      staff.context,
      catalan.saleId,
    );
    expect(data.returnId).toBe(returnId);
    const html = renderPage(data, `/gestion/caja/ticket/${catalan.saleId}?devolucion=${returnId}`);
    expect(html).toContain("Ticket de la devolución");
    expect(html).toContain("Factura rectificativa (simplificada)");
    expect(html).toContain("Rectifica la factura núm.");
    expect(html).toContain("Import retornat");
    expect(html).toContain("Efectiu");
    expect(html).toContain(euros("6,00 €"));
    expect(html).toContain("Hora: 17:05");
    // Another sale's return, or the sale's own invoice, is no return of this sale.
    const otherSale = page(spanish.saleId, `?devolucion=${returnId}`);
    expect(statusOf(await thrown(loadTicketPage(new Request(otherSale), staff.context, spanish.saleId)))).toBe(404);
    const notReturn = page(catalan.saleId, `?devolucion=${catalan.invoiceId}`);
    expect(statusOf(await thrown(loadTicketPage(new Request(notReturn), staff.context, catalan.saleId)))).toBe(404);
  });

  it("answers 404 for a draft, an unknown sale and a malformed id", async () => {
    for (const id of [draft.saleId, "6b0c1f9e-0000-4000-8000-000000000000", "nada"]) {
      expect(statusOf(await thrown(loadTicketPage(new Request(page(id)), staff.context, id)))).toBe(404);
    }
  });

  it("queues the invoice's own email to the client, audited; a second click while it waits is refused", async () => {
    const post = (fields: Record<string, string>) =>
      ticketAction(formRequest(page(catalan.saleId), fields, staff.cookie), staff.context, catalan.saleId);
    const sent = (await post({ intent: "enviar-correo", devolucion: "" })) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/gestion/caja/ticket/${catalan.saleId}?aviso=correo-enviado`);
    const jobs = await t.db
      .selectFrom("jobs")
      .select(["kind", "payload", "dedupe_key"])
      .where("kind", "=", "email:invoice-issued")
      .execute();
    expect(jobs).toEqual([
      {
        kind: "email:invoice-issued",
        payload: JSON.stringify({ invoiceId: catalan.invoiceId }),
        dedupe_key: `invoice-issued:${catalan.invoiceId}:ticket:1`,
      },
    ]);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "counter.ticket-email").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity_type: "counter_sale",
      entity_id: catalan.saleId,
      actor_email: "caja-ticket@example.com",
    });
    expect(JSON.parse(audit[0]!.after_json ?? "{}")).toMatchObject({ to: "nuria@example.com" });

    // The email is the invoices' "Tu factura", in the client's language, with the invoice's PDF.
    const message = await invoiceIssuedTemplate.render(
      { db: t.db, publicUrl: "http://localhost", logger: createLogger("silent"), now: NOW },
      { invoiceId: catalan.invoiceId },
    );
    expect(message?.to).toBe("nuria@example.com");
    expect(message?.subject).toContain("Factura simplificada");
    expect(message?.text).toContain("Hola");
    expect(message?.attachments?.[0]?.contentType).toBe("application/pdf");

    const again = await post({ intent: "enviar-correo" });
    expect(statusOf(again)).toBe(409);
    expect(bodyOf(again).error).toContain("esperando a salir");

    // The page's notice after the redirect.
    const data = await loadTicketPage(
      new Request(page(catalan.saleId, "?aviso=correo-enviado")),
      staff.context,
      catalan.saleId,
    );
    expect(renderPage(data, `/gestion/caja/ticket/${catalan.saleId}?aviso=correo-enviado`)).toContain("Correo en cola");
  });

  it("refuses an email without the client's address, and a form that is not its own", async () => {
    const noEmail = await ticketAction(
      formRequest(page(spanish.saleId), { intent: "enviar-correo" }, staff.cookie),
      staff.context,
      spanish.saleId,
    );
    expect(statusOf(noEmail)).toBe(409);
    expect(bodyOf(noEmail).error).toContain("no tiene el correo");
    const odd = await ticketAction(
      formRequest(page(spanish.saleId), { intent: "borrar" }, staff.cookie),
      staff.context,
      spanish.saleId,
    );
    expect(statusOf(odd)).toBe(400);
    const html = renderPage(
      await loadTicketPage(new Request(page(spanish.saleId)), staff.context, spanish.saleId),
      `/gestion/caja/ticket/${spanish.saleId}`,
      bodyOf(noEmail) as { error: string },
    );
    expect(html).toContain('role="alert"');
  });

  it("is for the staff only: a customer gets 403", async () => {
    const customer = await makeUser(t.db, "clienta-ticket@example.com");
    const cookie = `an_session=${await insertSession(t.db, customer.id)}`;
    const { context } = makeContext(t.db, kind);
    const refusal = await thrown(provideStaff(new Request(page(catalan.saleId), { headers: { cookie } }), context));
    expect(statusOf(refusal)).toBe(403);
  });
});
