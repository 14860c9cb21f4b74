/**
 * The anonymous page cache over HTTP against the production build (`npm run
 * build` first), on SQLite and PostgreSQL, with two instances of two workers each
 * on one database: a change made in Gestión reaches every instance's cached pages
 * on the next request; a signed-in visitor never gets the shared page (nor the
 * reverse); the shared page's CSP allows exactly its own inline scripts.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

const COURSE = {
  id: "cache-nail-art",
  title: "Nail art en caché",
  category: "experto",
  level: "Experto",
  description: "Diseños a mano alzada.",
  features: "Pinceles",
  price: "280",
  originalPrice: "",
  duration: "12 horas",
  classSize: "8",
};

describe.each(dbKinds)("anonymous page cache over HTTP on %s", (kind) => {
  let t: TestDb;
  let a: RunningServer;
  let b: RunningServer;
  let staffCookie: string;
  let customerCookie: string;

  const form = (srv: RunningServer, urlPath: string, fields: Record<string, string>) =>
    fetch(`${srv.url}${urlPath}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: srv.url, cookie: staffCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const get = async (srv: RunningServer, urlPath: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${srv.url}${urlPath}`, { redirect: "manual", headers: { "accept-encoding": "br", ...headers } });
    return { res, html: await res.text() };
  };
  /** Several requests, so each worker of the instance answers some (and has the page cached). */
  const many = async (srv: RunningServer, urlPath: string) => {
    const pages = [];
    for (let i = 0; i < 6; i++) pages.push(await get(srv, urlPath));
    return pages;
  };

  beforeAll(async () => {
    t = await createTestDb(kind);
    const staff = await makeUser(t.db, "equipo-cache@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", staff.id).execute();
    staffCookie = `an_session=${await insertSession(t.db, staff.id, new Date(), { secondFactor: true })}`;
    const customer = await makeUser(t.db, "clienta-cache@example.com");
    customerCookie = `an_session=${await insertSession(t.db, customer.id)}`;
    const env = { DATABASE_URL: t.url, LOG_LEVEL: "warn", WEB_CONCURRENCY: "2" };
    [a, b] = await Promise.all([startServer(env, { seed: false }), startServer(env, { seed: false })]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.cleanup();
  });

  it("shows a course repriced in Gestión on one instance on the next request to every worker of the other", async () => {
    expect((await form(a, "/gestion/cursos/nuevo", COURSE)).status).toBe(302);
    expect((await form(a, `/gestion/cursos/${COURSE.id}`, { intent: "publish" })).status).toBe(302);
    const edition = await form(a, `/gestion/cursos/${COURSE.id}/convocatorias/nueva`, {
      startsOn: "2030-03-04",
      endsOn: "2030-03-05",
      schedule: "Lunes y martes, 16:00–20:00",
      seats: "8",
    });
    expect(edition.status).toBe(302);

    for (const srv of [a, b]) {
      for (const { res, html } of await many(srv, `/formaciones/${COURSE.id}`)) {
        expect(res.status).toBe(200);
        expect(html).toContain("280,00\u00a0€");
        expect(res.headers.get("etag")).toMatch(/^W\/"[\w-]{27}"$/);
      }
    }
    const cachedTag = (await get(b, `/formaciones/${COURSE.id}`)).res.headers.get("etag")!;

    expect((await form(a, `/gestion/cursos/${COURSE.id}`, { ...COURSE, price: "1.250,50", intent: "save" })).status).toBe(302);
    for (const { res, html } of await many(b, `/formaciones/${COURSE.id}`)) {
      expect(html).toContain("1.250,50\u00a0€");
      expect(html).not.toContain("280,00\u00a0€");
      expect(res.headers.get("etag")).not.toBe(cachedTag);
    }
    // A browser revalidating its old copy gets the new page, not a 304.
    const revalidated = await get(b, `/formaciones/${COURSE.id}`, { "if-none-match": cachedTag });
    expect(revalidated.res.status).toBe(200);
    expect(revalidated.html).toContain("1.250,50\u00a0€");
  });

  it("shows a seat taken by a purchase on the next request", async () => {
    await many(b, `/formaciones/${COURSE.id}`);
    await t.db.updateTable("course_editions").set({ seats_taken: 3 }).where("course_id", "=", COURSE.id).execute();
    for (const { html } of await many(b, `/formaciones/${COURSE.id}`)) expect(html).toContain("Quedan 5 plazas de 8");
  });

  it("answers 304 to a browser revalidating an unchanged page", async () => {
    const { res } = await get(a, "/equipo");
    const etag = res.headers.get("etag")!;
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(res.headers.get("vary")).toMatch(/Cookie/);
    for (let i = 0; i < 4; i++) {
      const again = await get(a, "/equipo", { "if-none-match": etag });
      expect(again.res.status).toBe(304);
      expect(again.html).toBe("");
    }
  });

  it("never gives a signed-in visitor the shared page, nor the shared page her name", async () => {
    const anonymous = await get(a, "/formaciones");
    const etag = anonymous.res.headers.get("etag")!;
    for (let i = 0; i < 4; i++) {
      const signedIn = await get(a, "/formaciones", { cookie: customerCookie, "if-none-match": etag });
      expect(signedIn.res.status).toBe(200);
      expect(signedIn.res.headers.get("cache-control")).toBe("private, no-store");
      expect(signedIn.res.headers.get("etag")).toBeNull();
      expect(signedIn.html).toContain(">Ana<");
      expect(signedIn.res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    }
    for (const { html, res } of await many(a, "/formaciones")) {
      expect(html).not.toContain(">Ana<");
      expect(html).toContain("Iniciar sesión");
      expect(res.headers.get("etag")).toBe(etag);
    }
  });

  it("allows exactly the shared page's inline scripts by hash, with no nonce and no unsafe-inline", async () => {
    for (const path of ["/", "/formaciones", "/contacto", "/pagina-que-no-existe"]) {
      const { res, html } = await get(a, path);
      const policy = res.headers.get("content-security-policy")!;
      const scriptSrc = policy.split(";").find((d) => d.startsWith("script-src "))!;
      expect(scriptSrc, path).not.toMatch(/unsafe-inline|nonce-/);
      expect(html, path).not.toContain("nonce=");
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attrs]) => !attrs.includes("src=") && !attrs.includes("application/ld+json"),
      );
      expect(inline.length, path).toBeGreaterThan(0);
      for (const [, , body] of inline) {
        const hash = createHash("sha256").update(body).digest("base64");
        expect(scriptSrc, path).toContain(`'sha256-${hash}'`);
      }
    }
  });
});
