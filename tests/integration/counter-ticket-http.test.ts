/**
 * The counter ticket's page over HTTP against the production build (`npm run
 * build` first), on SQLite and PostgreSQL: the staff get a Catalan sale's
 * ticket in Catalan with the invoice's QR, the change and the tip, and the
 * print stylesheet of this page only; a customer gets 403; "Enviar por correo"
 * works for the staff and is refused cross-site (CSRF).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { makeUser } from "../helpers/accounts.ts";
import { decodeQrDataUrl, insertChargedSale, type CounterSaleFixture } from "../helpers/counter-ticket.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

describe.each(dbKinds)("the counter ticket over HTTP on %s", (kind) => {
  let t: TestDb;
  let srv: RunningServer;
  let sale: CounterSaleFixture;
  let staffCookie: string;
  let customerCookie: string;

  const path = () => `/gestion/caja/ticket/${sale.saleId}`;
  const get = (cookie: string) => fetch(`${srv.url}${path()}`, { redirect: "manual", headers: { cookie } });
  const sendEmail = (headers: Record<string, string>) =>
    fetch(`${srv.url}${path()}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: srv.url,
        cookie: staffCookie,
        "content-type": "application/x-www-form-urlencoded",
        ...headers,
      },
      body: new URLSearchParams({ intent: "enviar-correo", devolucion: "" }).toString(),
    });
  const queued = async () =>
    (await t.db.selectFrom("jobs").select("id").where("kind", "=", "email:invoice-issued").execute()).length;

  beforeAll(async () => {
    t = await createTestDb(kind);
    sale = await insertChargedSale(t.db, {
      locale: "ca",
      clientEmail: "nuria-http@example.com",
      items: [{ description: "Manicura semipermanent", detail: null, totalCents: 3000, vatTreatment: "standard" }],
      tipCents: 150,
      payments: [{ method: "cash", amountCents: 3150, tenderedCents: 4000 }],
      now: new Date("2026-11-24T10:30:00.000Z"),
    });
    const staff = await makeUser(t.db, "caja-http@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", staff.id).execute();
    staffCookie = `an_session=${await insertSession(t.db, staff.id, new Date(), { secondFactor: true })}`;
    const customer = await makeUser(t.db, "clienta-caja-http@example.com");
    customerCookie = `an_session=${await insertSession(t.db, customer.id)}`;
    srv = await startServer({ DATABASE_URL: t.url, LOG_LEVEL: "warn" });
  }, 60_000);
  afterAll(async () => {
    await srv?.stop();
    await t?.cleanup();
  });

  it("refuses a customer (403) and sends a signed-out visitor to sign in", async () => {
    const customer = await get(customerCookie);
    expect(customer.status).toBe(403);
    expect(await customer.text()).not.toContain("Manicura semipermanent");
    const anonymous = await get("");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/login");
  });

  it("shows the staff a Catalan sale's ticket in Catalan, with the invoice's QR, the change and the tip", async () => {
    const res = await get(staffCookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    const ticket = html.slice(html.indexOf('<article class="ticket"'));
    expect(ticket).toMatch(/^<article class="ticket" lang="ca"/u);
    for (const text of [
      "Factura simplificada",
      "Data d’expedició: 24/11/2026",
      "Manicura semipermanent",
      "IVA inclòs",
      "Propina (no inclosa a la factura)",
      "1,50\u00a0€",
      "Efectiu",
      "Lliurat",
      "40,00\u00a0€",
      "Canvi",
      "8,50\u00a0€",
    ]) {
      expect(ticket, text).toContain(text);
    }
    const { qr_url: qrUrl } = await t.db
      .selectFrom("invoices")
      .select("qr_url")
      .where("id", "=", sale.invoiceId)
      .executeTakeFirstOrThrow();
    const src = /<img src="(data:image\/png;base64,[^"]+)"/u.exec(ticket)?.[1];
    expect(src && decodeQrDataUrl(src)).toBe(qrUrl);
    // The staff's chrome is Spanish, and the print stylesheet is this page's own.
    expect(html).toContain("Imprimir ticket");
    expect(html).toContain(`href="/gestion/facturas/${sale.invoiceId}/pdf"`);
    const cssHref = /<link[^>]* rel="stylesheet" href="([^"]*counter-ticket[^"]*\.css)"/u.exec(html)?.[1];
    expect(cssHref).toBeTruthy();
    const css = await (await fetch(`${srv.url}${cssHref}`)).text();
    expect(css).toMatch(/@page\s*\{\s*size:\s*80mm auto;?\s*margin:\s*0/u);
    expect(css).toContain("72mm");
  });

  it("queues the invoice's email for the staff, and refuses a cross-site post (CSRF)", async () => {
    const crossSite = await sendEmail({ origin: "https://otra-web.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await queued()).toBe(0);
    const res = await sendEmail({});
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${path()}?aviso=correo-enviado`);
    expect(await queued()).toBe(1);
  });
});
