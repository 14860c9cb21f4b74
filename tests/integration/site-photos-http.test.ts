/**
 * Gestión → Fotos over HTTP against the production build (`npm run build` first), on
 * SQLite and PostgreSQL: the upload streams past the 64 KB form cap like the course
 * image; a cross-site form or a customer is refused; and the anonymous page cache
 * serves the new photo on the next request, and the artwork again once it is removed.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

describe.each(dbKinds)("site photos over HTTP on %s", (kind) => {
  let t: TestDb;
  let srv: RunningServer;
  let staffCookie: string;
  let customerCookie: string;

  const upload = async (fields: Record<string, string>, cookie = staffCookie, origin = srv.url) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    // Noise keeps the PNG well over the 64 KB a plain form may carry.
    const png = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: "#b04070",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(64 * 1024);
    body.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "galeria.png");
    return fetch(`${srv.url}/gestion/fotos/subir`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, cookie },
      body,
    });
  };
  const anonymousHome = async () => (await fetch(`${srv.url}/`)).text();

  beforeAll(async () => {
    t = await createTestDb(kind);
    const staff = await makeUser(t.db, "fotos-http@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", staff.id).execute();
    staffCookie = `an_session=${await insertSession(t.db, staff.id, new Date(), { secondFactor: true })}`;
    const customer = await makeUser(t.db, "clienta-fotos-http@example.com");
    customerCookie = `an_session=${await insertSession(t.db, customer.id)}`;
    srv = await startServer({ DATABASE_URL: t.url, LOG_LEVEL: "warn" });
  }, 60_000);
  afterAll(async () => {
    await srv?.stop();
    await t?.cleanup();
  });

  it("refuses a customer and a cross-site form, storing nothing", async () => {
    const fields = { slot: "gallery", alt: "Uñas en burdeos de una clienta" };
    expect((await upload(fields, customerCookie)).status).toBe(403);
    expect((await upload(fields, staffCookie, "https://otro.example")).status).toBe(403);
    expect((await fetch(`${srv.url}/gestion/fotos`, { redirect: "manual" })).status).toBe(302);
    expect(await t.db.selectFrom("site_photos").select("id").execute()).toEqual([]);
  });

  it("shows a new gallery photo on the cached home page at once, and the artwork once it is removed", async () => {
    const before = await anonymousHome();
    expect(before).toContain("Estilos que hacemos");
    expect(await anonymousHome()).toBe(before); // served from the page cache

    const res = await upload({ slot: "gallery", alt: "Uñas en burdeos de una clienta", caption: "Burdeos" });
    expect(res.status).toBe(302);
    const row = await t.db.selectFrom("site_photos").select(["id", "image_key"]).executeTakeFirstOrThrow();
    const html = await anonymousHome();
    expect(html).toContain("Nuestros trabajos");
    expect(html).toContain(`/img/uploads/photo-${row.image_key}-800.jpg`);
    expect(html).toContain('alt="Uñas en burdeos de una clienta"');
    const served = await fetch(`${srv.url}/img/uploads/photo-${row.image_key}-800.avif`);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const staffPage = await fetch(`${srv.url}/gestion/fotos`, { headers: { cookie: staffCookie } });
    expect(staffPage.status).toBe(200);
    expect(await staffPage.text()).toContain("Galería de trabajos (1 de 12)");

    const removed = await fetch(`${srv.url}/gestion/fotos`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: srv.url, cookie: staffCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "remove", id: row.id }).toString(),
    });
    expect(removed.status).toBe(302);
    const after = await anonymousHome();
    expect(after).toContain("Estilos que hacemos");
    expect(after).not.toContain(`photo-${row.image_key}`);
  });
});
