/**
 * Gestión → Productos over HTTP against the production build (`npm run build`
 * first), on SQLite and PostgreSQL: a customer gets a 403, a staff member with
 * her second factor creates a product and sees it listed, a bad price is a
 * 400 with the Spanish message and writes nothing, and a cross-site post is
 * refused (CSRF).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { PRODUCT_MESSAGES } from "~/counter/product-form.ts";
import { EUROS_MESSAGES } from "~/domain/euros.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

const html = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe.each(dbKinds)("Gestión's products over HTTP on %s", (kind) => {
  let t: TestDb;
  let srv: RunningServer;
  let staffCookie: string;
  let customerCookie: string;

  const create = (cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${srv.url}/gestion/productos/nuevo`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: srv.url, cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const products = async () =>
    Number(
      (
        await t.db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const form = { name: "Crema de manos", price: "9,90", vatRate: "2100", stock: "4", active: "on" };

  beforeAll(async () => {
    t = await createTestDb(kind);
    const staff = await makeUser(t.db, "caja-http@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", staff.id).execute();
    staffCookie = `an_session=${await insertSession(t.db, staff.id, new Date(), { secondFactor: true })}`;
    const customer = await makeUser(t.db, "clienta-caja@example.com");
    customerCookie = `an_session=${await insertSession(t.db, customer.id)}`;
    srv = await startServer({ DATABASE_URL: t.url, LOG_LEVEL: "warn" });
  }, 60_000);
  afterAll(async () => {
    await srv?.stop();
    await t?.cleanup();
  });

  it("refuses a customer (403) on the list and the form, writing nothing", async () => {
    expect((await fetch(`${srv.url}/gestion/productos`, { headers: { cookie: customerCookie } })).status).toBe(403);
    expect((await create(customerCookie, form)).status).toBe(403);
    expect(await products()).toBe(0);
  });

  it("refuses a cross-site post from a signed-in staff member (CSRF)", async () => {
    const res = await create(staffCookie, form, { origin: "https://otra-web.example", "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(await products()).toBe(0);
  });

  it("answers a bad price with a 400 and the Spanish message under the field, writing nothing", async () => {
    const res = await create(staffCookie, { ...form, price: "9,999" });
    expect(res.status).toBe(400);
    const page = html(await res.text());
    expect(page).toContain(EUROS_MESSAGES.decimals);
    expect(page).toMatch(/id="f-price"[^>]*aria-invalid="true"/);
    expect(page).toContain("Revisa los campos marcados.");
    const free = await create(staffCookie, { ...form, price: "0" });
    expect(free.status).toBe(400);
    expect(html(await free.text())).toContain(PRODUCT_MESSAGES.priceZero);
    expect(await products()).toBe(0);
  });

  it("lets the staff create a product and find it on the list", async () => {
    const res = await create(staffCookie, { ...form, barcode: "8410000000001" });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/gestion\/productos\/[0-9a-f-]{36}\?aviso=producto-creado$/);
    expect(await products()).toBe(1);

    const page = html(await (await fetch(`${srv.url}${location}`, { headers: { cookie: staffCookie } })).text());
    expect(page).toContain("Producto creado.");
    expect(page).toContain("Ajustar existencias");
    // Only the owner chooses whether it may be sold below zero.
    expect(page).not.toContain('name="allowNegativeStock"');

    const list = html(await (await fetch(`${srv.url}/gestion/productos`, { headers: { cookie: staffCookie } })).text());
    expect(list).toContain("Crema de manos");
    expect(list).toContain("9,90");
    expect(list).toContain("8410000000001");
    expect(list).toContain('href="/gestion/productos/nuevo"');
  });
});
