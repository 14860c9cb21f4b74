/**
 * The counter's figures over HTTP against the production build (`npm run
 * build` first), on SQLite and PostgreSQL: who may open them, the owner's
 * page with everyone's figures, tables and charts, the CSV download, a staff
 * member's own figures only, the note for one not linked to a professional,
 * a bad period answered 400; and the commission field on the professional's
 * page, the owner's alone (a forged one from staff: 403).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { getStaffProfessional } from "~/bookings/menu-admin.server.ts";
import { chargeSale } from "~/counter/charge.server.ts";
import { editSale } from "~/counter/draft-edits.server.ts";
import { startWalkInSale } from "~/counter/sales.server.ts";
import { professionalFormValues } from "~/domain/professional-form.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { portFromEnv } from "../helpers/html-page.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

const html = (text: string) =>
  text.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const actor = { id: "staff-caja", email: "caja@example.com" };

describe.each(dbKinds)("the counter's figures over HTTP on %s", (kind) => {
  let t: TestDb;
  let srv: RunningServer;
  const cookies = { owner: "", laura: "", unlinked: "", customer: "" };

  const get = async (path: string, cookie: string) => {
    const res = await fetch(`${srv.url}${path}`, { headers: { cookie }, redirect: "manual" });
    return { status: res.status, headers: res.headers, text: html(await res.text()) };
  };
  const post = (path: string, cookie: string, fields: URLSearchParams) =>
    fetch(`${srv.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: srv.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
    });

  beforeAll(async () => {
    t = await createTestDb(kind);
    const session = async (email: string, role: "owner" | "staff" | null) => {
      const user = await makeUser(t.db, email);
      if (role) await t.db.updateTable("users").set({ role }).where("id", "=", user.id).execute();
      return {
        id: user.id,
        cookie: `an_session=${await insertSession(t.db, user.id, new Date(), { secondFactor: true })}`,
      };
    };
    cookies.owner = (await session("duena-cifras@example.com", "owner")).cookie;
    const laura = await session("laura-cifras@example.com", "staff");
    cookies.laura = laura.cookie;
    cookies.unlinked = (await session("nueva-cifras@example.com", "staff")).cookie;
    cookies.customer = (await session("clienta-cifras@example.com", null)).cookie;
    await t.db
      .updateTable("professionals")
      .set({ user_id: laura.id, commission_bp: 1000 })
      .where("id", "=", "laura")
      .execute();
    await t.db
      .updateTable("services")
      .set({ price_cents: 2500, commission_bp: 1500 })
      .where("id", "=", "semipermanente")
      .execute();
    await t.db.updateTable("services").set({ price_cents: 3000 }).where("id", "=", "pedicura").execute();
    // Today: Laura sells a semipermanente (cash), Sofía a pedicura (card).
    const now = new Date();
    for (const [professionalId, serviceId, method, cents] of [
      ["laura", "semipermanente", "cash", 2500],
      ["sofia", "pedicura", "card", 3000],
    ] as const) {
      const saleId = await startWalkInSale(t.db, { professionalId }, actor, now);
      await editSale(t.db, saleId, { kind: "add-service", serviceId, professionalId: null }, actor, now);
      const charged = await chargeSale(
        t.db,
        saleId,
        { payments: [{ method, amountCents: cents }], tipCents: 0 },
        actor,
        TEST_INVOICING,
        now,
      );
      if (!charged.ok) throw new Error(charged.reason);
    }
    srv = await startServer({ DATABASE_URL: t.url, LOG_LEVEL: "warn", ...portFromEnv() });
  }, 60_000);
  afterAll(async () => {
    await srv?.stop();
    await t?.cleanup();
  });

  it("sends a visitor to sign in and refuses a customer, page and CSV alike", async () => {
    for (const path of ["/gestion/caja/cifras", "/gestion/caja/cifras.csv"]) {
      expect([302, 303]).toContain((await get(path, "")).status);
      expect((await get(path, cookies.customer)).status).toBe(403);
    }
  });

  it("shows the owner everyone's month: commissions, tables with captions, charts with their data", async () => {
    const page = await get("/gestion/caja/cifras", cookies.owner);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Cifras de caja</h1>");
    expect(page.text).toMatch(/<caption>Ventas y comisiones por profesional \([a-z]+ de \d{4}\)<\/caption>/u);
    // Laura: 25 € → base 20,66 → the service's 15 % = 3,10 €; Sofía: 30 € without a rate.
    expect(page.text).toMatch(
      /<th scope="row">Laura Martínez<\/th><td[^>]*>1<\/td><td[^>]*>25,00\s€<\/td><td[^>]*>20,66\s€<\/td><td[^>]*>3,10\s€<\/td>/u,
    );
    expect(page.text).toMatch(
      /<th scope="row">Sofía Romero<\/th><td[^>]*>1<\/td><td[^>]*>30,00\s€<\/td><td[^>]*>24,79\s€<\/td><td[^>]*>0,00\s€<\/td>/u,
    );
    expect(page.text).toContain("Por método de pago");
    expect(page.text).toMatch(/<th scope="row">Tarjeta \(datáfono\)<\/th><td[^>]*>30,00\s€/u);
    expect(page.text).toMatch(
      /<svg[^>]*role="img"[^>]*aria-label="Ventas por profesional: Sofía Romero, 30,00\s€; Laura Martínez, 25,00\s€\."/u,
    );
    expect(page.text).toContain("<summary>Ver datos</summary>");
    expect(page.text).toContain("base sin IVA (importe ÷ (1 + tipo de IVA))");
    expect(page.text).toMatch(/href="\/gestion\/caja\/cifras\.csv\?periodo=mes&fecha=\d{4}-\d{2}-01"/u);
    // The counter's header leads here.
    expect((await get("/gestion/caja", cookies.owner)).text).toMatch(/href="\/gestion\/caja\/cifras"[^>]*>Cifras</u);
  });

  it("downloads the CSV for the gestor", async () => {
    const res = await fetch(`${srv.url}/gestion/caja/cifras.csv`, { headers: { cookie: cookies.owner } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="cifras-caja-[\d-]+\.csv"$/u);
    const text = await res.text();
    expect(text).toMatch(
      /;Venta;AN\d{4}-\d{6};Laura Martínez;Manicura semipermanente;Servicio;1;25,00;21;20,66;15;3,10\r\n/u,
    );
    expect(text).toMatch(/;Venta;AN\d{4}-\d{6};Sofía Romero;Pedicura completa;Servicio;1;30,00;21;24,79;0;0,00\r\n/u);
  });

  it("shows a staff member her own figures only, and one not linked a note", async () => {
    const hers = await get("/gestion/caja/cifras", cookies.laura);
    expect(hers.status).toBe(200);
    expect(hers.text).toContain("Laura Martínez");
    expect(hers.text).toContain("Tus ventas y tu comisión");
    expect(hers.text).not.toContain("Sofía Romero");
    expect(hers.text).not.toContain("Por método de pago");
    const csv = await (
      await fetch(`${srv.url}/gestion/caja/cifras.csv`, { headers: { cookie: cookies.laura } })
    ).text();
    expect(csv).toContain("Laura Martínez");
    expect(csv).not.toContain("Sofía Romero");
    const nobody = await get("/gestion/caja/cifras", cookies.unlinked);
    expect(nobody.status).toBe(200);
    expect(nobody.text).toContain("Tu cuenta no está vinculada a ninguna profesional");
    expect(nobody.text).not.toContain("Laura Martínez");
    expect((await get("/gestion/caja/cifras.csv", cookies.unlinked)).status).toBe(404);
  });

  it("answers a period it cannot read with a 400 and the reason", async () => {
    const bad = await get("/gestion/caja/cifras?periodo=trimestre", cookies.owner);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("El periodo no es válido: elige día, semana o mes.");
    expect((await get("/gestion/caja/cifras.csv?fecha=2026-13-01", cookies.owner)).status).toBe(400);
    const week = await get("/gestion/caja/cifras?periodo=semana&fecha=2020-01-08", cookies.owner);
    expect(week.status).toBe(200);
    expect(week.text).toContain("No hay ventas de caja en este periodo.");
    expect(week.text).toContain('href="/gestion/caja/cifras?periodo=semana&fecha=2019-12-30"');
  });

  it("shows the commission field to the owner alone, saves hers and refuses a forged one from staff", async () => {
    expect((await get("/gestion/profesionales/laura", cookies.owner)).text).toContain("Comisión (%)");
    expect((await get("/gestion/profesionales/laura", cookies.laura)).text).not.toContain("Comisión (%)");
    const { values, lists } = professionalFormValues((await getStaffProfessional(t.db, "laura"))!);
    const form = (comision: string) => {
      const fields = new URLSearchParams({ ...values, comision });
      for (const s of lists.services ?? []) fields.append("services", s);
      return fields;
    };
    const forged = await post("/gestion/profesionales/laura", cookies.laura, form("50"));
    expect(forged.status).toBe(403);
    expect(html(await forged.text())).toContain("Solo la propietaria puede fijar las comisiones.");
    const saved = await post("/gestion/profesionales/laura", cookies.owner, form("12,5"));
    expect(saved.status).toBe(302);
    const rate = await t.db
      .selectFrom("professionals")
      .select("commission_bp")
      .where("id", "=", "laura")
      .executeTakeFirstOrThrow();
    expect(rate.commission_bp).toBe(1250);
  });
});
