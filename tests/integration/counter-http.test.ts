/**
 * The counter over HTTP against the production build (`npm run build` first),
 * on SQLite and PostgreSQL: who may open it, an appointment charged from its
 * page in two posts (open the sale, "Todo en efectivo" with the cash handed
 * over), the change and the invoice shown, the diary marking it charged, and
 * bad input answered with a clear message and nothing written.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { madridDate, madridTimeToInstant } from "~/domain/calendar-dates.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_SELLER } from "../helpers/invoices.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

const html = (text: string) =>
  text.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe.each(dbKinds)("the counter over HTTP on %s", (kind) => {
  let t: TestDb;
  let srv: RunningServer;
  let staffCookie = "";
  let customerCookie = "";
  let appointmentId = "";
  const today = madridDate(new Date());

  const post = (path: string, cookie: string, fields: Record<string, string>, origin?: string) =>
    fetch(`${srv.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: origin ?? srv.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const page = async (path: string, cookie = staffCookie) => {
    const res = await fetch(`${srv.url}${path}`, { headers: { cookie }, redirect: "manual" });
    return { status: res.status, text: html(await res.text()) };
  };
  const orders = async () =>
    Number(
      (
        await t.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestDb(kind);
    const staff = await makeUser(t.db, "caja-http2@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", staff.id).execute();
    staffCookie = `an_session=${await insertSession(t.db, staff.id, new Date(), { secondFactor: true })}`;
    const customer = await makeUser(t.db, "clienta-caja2@example.com");
    customerCookie = `an_session=${await insertSession(t.db, customer.id)}`;
    // A confirmed appointment today at 00:05 (already begun, whatever the hour of the run).
    appointmentId = randomUUID();
    const startsAt = madridTimeToInstant(today, 0, 5);
    const iso = (ms: number) => new Date(ms).toISOString();
    await t.db
      .insertInto("appointments")
      .values({
        id: appointmentId,
        professional_id: "laura",
        user_id: null,
        client_name: "Núria Puig i Ferrer de la Torre",
        client_email: "nuria@example.com",
        client_phone: "+34611222333",
        starts_at: startsAt.toISOString(),
        ends_at: iso(startsAt.getTime() + 60 * 60_000),
        blocks_until: iso(startsAt.getTime() + 70 * 60_000),
        status: "confirmed",
        hold_expires_at: null,
        source: "staff",
        client_comment: "",
        price_cents: 2500,
        price_from: 0,
        created_at: iso(Date.now()),
        updated_at: iso(Date.now()),
        confirmed_at: iso(Date.now()),
        cancelled_at: null,
        cancelled_by: null,
      })
      .execute();
    await t.db
      .insertInto("appointment_services")
      .values({
        appointment_id: appointmentId,
        position: 0,
        service_id: "semipermanente",
        name: "Manicura semipermanente",
        duration_min: 60,
        buffer_min: 10,
        price_cents: 2500,
        price_from: 0,
      })
      .execute();
    srv = await startServer({
      DATABASE_URL: t.url,
      LOG_LEVEL: "warn",
      SELLER_LEGAL_NAME: TEST_SELLER.legalName,
      SELLER_NIF: TEST_SELLER.nif,
      SELLER_ADDRESS: TEST_SELLER.address,
      SELLER_POSTAL_CODE: TEST_SELLER.postalCode,
      SELLER_CITY: TEST_SELLER.city,
      SELLER_PROVINCE: TEST_SELLER.province,
    });
  }, 60_000);
  afterAll(async () => {
    await srv?.stop();
    await t?.cleanup();
  });

  it("sends a visitor to sign in and refuses a customer", async () => {
    const visitor = await page("/gestion/caja", "");
    expect([302, 303]).toContain(visitor.status);
    expect((await page("/gestion/caja", customerCookie)).status).toBe(403);
    expect((await post("/gestion/caja", customerCookie, { intent: "walk-in" })).status).toBe(403);
    // A cross-site post is refused before anything happens.
    expect((await post("/gestion/caja", staffCookie, { intent: "walk-in" }, "https://evil.example")).status).toBe(403);
    expect(await t.db.selectFrom("counter_sales").select("id").execute()).toEqual([]);
  });

  it("charges an appointment from its page in two posts, shows the change, and the diary marks it", async () => {
    const appointmentPage = await page(`/gestion/agenda/${appointmentId}`);
    expect(appointmentPage.text).toContain(">Cobrar<");
    const opened = await post("/gestion/caja", staffCookie, { intent: "appointment", cita: appointmentId });
    expect(opened.status).toBe(302);
    const salePath = opened.headers.get("location")!;
    expect(salePath).toMatch(/^\/gestion\/caja\/venta\/[0-9a-f-]{36}$/);
    const sale = await page(salePath);
    expect(sale.status).toBe(200);
    expect(sale.text).toContain("Manicura semipermanente");
    expect(sale.text).toContain("Cobrar 25,00");

    const charged = await post(salePath, staffCookie, {
      intent: "charge-all",
      metodo: "cash",
      entregado: "30",
      propina: "",
    });
    expect(charged.status).toBe(302);
    expect(charged.headers.get("location")).toBe(`${salePath}?aviso=cobrada&cambio=500`);
    const after = await page(charged.headers.get("location")!);
    expect(after.text).toMatch(/Cambio: <strong>5,00\s€<\/strong>/u);
    expect(after.text).toMatch(/Factura AN\d{4}-\d{6} · 25,00\s€/u);
    const diary = await page(`/gestion/agenda?dia=${today}`);
    expect(diary.text).toContain("Atendida · cobrada");
    const counter = await page("/gestion/caja");
    expect(counter.text).toContain("Cobrada");
    // The orders list shows it with its method.
    expect((await page("/gestion/pedidos")).text).toContain("Efectivo");
  });

  it("answers bad input with a message and a 4xx, writing nothing", async () => {
    const before = await orders();
    const walkIn = await post("/gestion/caja", staffCookie, { intent: "walk-in" });
    const salePath = walkIn.headers.get("location")!;
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "charge", pago_cash: "abc" }, 400, "Efectivo: Escribe el importe en euros"],
      [{ intent: "charge-all", metodo: "cash" }, 400, "Añade al menos una línea antes de cobrar."],
      [{ intent: "add-manual", concepto: "Uñas", importe: "99999999" }, 400, "El importe"],
      [{ intent: "add-service", servicio: "no-existe" }, 400, "Ese servicio no existe."],
      [{ intent: "update-line", linea: "x", unidades: "1000", precio: "1" }, 400, "Las unidades"],
      [
        { intent: "return", metodoDevolucion: "cash", motivoDevolucion: "x", devolver_x: "1" },
        409,
        "Solo se puede devolver una venta cobrada.",
      ],
      [{ intent: "¿?" }, 400, "No se ha entendido la acción"],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post(salePath, staffCookie, fields);
      expect([fields.intent, res.status]).toEqual([fields.intent, status]);
      expect(html(await res.text())).toContain(message);
    }
    expect((await page("/gestion/caja/venta/no-existe")).status).toBe(404);
    // A notice name that is an Object property is no notice (it once rendered Object.prototype: a 500).
    const odd = await page(`${salePath}?aviso=__proto__`);
    expect(odd.status).toBe(200);
    expect(odd.text).not.toContain("Venta actualizada.");
    expect(await orders()).toBe(before);
  });
});
