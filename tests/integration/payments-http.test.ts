/**
 * The payment APIs through the production build and Express, as Stripe and a
 * browser reach them: raw webhook bodies (no body parser in between), the CSRF
 * exemption of the webhook, the session cookie as the only buyer identity.
 * Needs `npm run build` first (BUILD_DIR selects the build), like http.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession, SESSION_COOKIE } from "~/auth/session.server.ts";
import { createDb, type Db } from "~/db/db.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";
import { startStripeMock, type StripeMock } from "../helpers/stripe-mock.ts";
import { TEST_BILLING_FORM } from "../helpers/invoices.ts";

const WEBHOOK_SECRET = "whsec_http_test";
let srv: RunningServer;
let mock: StripeMock;
let db: Db;
let cookie: string;
let dataDir: string;

beforeAll(async () => {
  mock = await startStripeMock(WEBHOOK_SECRET);
  dataDir = mkdtempSync(path.join(tmpdir(), "an-pay-http-"));
  srv = await startServer({
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: "sk_test_http",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: mock.url,
  });
  // The server migrated this SQLite file; WAL lets the test write to it alongside.
  db = createDb(`file:${path.join(dataDir, "salon.db")}`);
  const userId = newId();
  await db
    .insertInto("users")
    .values({ id: userId, email: `http-${userId.slice(0, 8)}@example.com`, password_hash: null, google_sub: null, display_name: "Ana Ruiz", first_name: "Ana", last_name: "Ruiz", phone: "", created_at: new Date().toISOString(), last_login_at: null })
    .execute();
  cookie = `${SESSION_COOKIE}=${encodeURIComponent(await insertSession(db, userId))}`;
});

afterAll(async () => {
  await db?.destroy();
  await srv?.stop();
  await mock?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const createSession = (body: string, withCookie = true) =>
  fetch(`${srv.url}/api/create-checkout-session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: srv.url, ...(withCookie ? { Cookie: cookie } : {}) },
    body,
  });

const postWebhook = (body: string, signature: string) =>
  fetch(`${srv.url}/api/webhooks/stripe`, {
    method: "POST",
    // Stripe sends no Origin and no cookies.
    headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature },
    body,
  });

describe("payments over HTTP (production build, Stripe mock)", () => {
  it("answers 401 { message } without a session and 4xx { message } for malformed JSON", async () => {
    const anon = await createSession(JSON.stringify({ courseId: "expert-nails" }), false);
    expect(anon.status).toBe(401);
    expect(((await anon.json()) as { message: string }).message).toBeTruthy();
    const bad = await createSession("{courseId:");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBeTruthy();
    const get = await fetch(`${srv.url}/api/create-checkout-session`);
    expect(get.status).toBe(405);
  });

  it("creates one Stripe session at catalogue prices, fulfils on the signed webhook, shows the order to its owner only", async () => {
    // 1279 €: above 400 € the factura completa's details are required (issue 13).
    const billing = TEST_BILLING_FORM;
    const res = await createSession(JSON.stringify({ courseId: "formacion-inicio", courseIds: ["formacion-inicio", "expert-nails"], coursePrice: 1, billing }));
    expect(res.status).toBe(200);
    const { url, orderId } = (await res.json()) as { url: string; orderId: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const create = mock.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect((create.body.line_items as { price_data: { unit_amount: string } }[]).map((l) => l.price_data.unit_amount)).toEqual(["28000", "99900"]);
    const sessionId = [...mock.sessions.keys()].at(-1)!;
    mock.setSession(sessionId, { status: "complete", payment_status: "paid" });

    const event = mock.signedEvent("checkout.session.completed", sessionId);
    const forged = await postWebhook(event.body, event.signature.replace(/v1=[0-9a-f]+/, "v1=" + "0".repeat(64)));
    expect(forged.status).toBe(400);
    const order = () => db.selectFrom("orders").select(["status", "total_cents"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(await order()).toEqual({ status: "pending", total_cents: 127900 });

    const ok = await postWebhook(event.body, event.signature);
    expect(ok.status).toBe(200);
    expect(await order()).toEqual({ status: "paid", total_cents: 127900 });

    const success = `${srv.url}/success?session_id=${sessionId}&course_id=formacion-inicio`;
    const owner = await (await fetch(success, { headers: { Cookie: cookie } })).text();
    expect(owner).toContain("¡Pago realizado!");
    expect(owner).toContain("Expert Nails");
    const stranger = await (await fetch(success)).text();
    expect(stranger).toContain("Gracias por tu visita");
    expect(stranger).not.toContain("Expert Nails");

    const ics = await fetch(`${srv.url}/api/pedidos/${orderId}/calendario.ics`, { headers: { Cookie: cookie } });
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect((await ics.text()).match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it("renders the checkout page and refuses the form without the terms (400)", async () => {
    const page = await fetch(`${srv.url}/checkout/tecnico-manicurista`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // Four payment methods; the edition is not chosen here (that is the course page's): the next one
    // is shown, sent in a hidden field, with a link back to the course page to change it.
    expect(html.match(/type="radio" name="method"/g)).toHaveLength(4);
    expect(html).not.toMatch(/<input type="radio"[^>]*name="edition"/);
    expect(html).toMatch(/<input type="hidden" name="edition" value="tecnico-manicurista-[^"]+"/);
    expect(html).toContain('href="/formaciones/tecnico-manicurista#convocatorias"');
    expect(html).toContain("Pagar 650,00\u00a0€");
    expect(html).toContain("Garantía 30 días");
    const post = await fetch(`${srv.url}/checkout/tecnico-manicurista`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: srv.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "method=card",
      redirect: "manual",
    });
    expect(post.status).toBe(400);
    expect(await post.text()).toContain("Debes aceptar los términos y condiciones");
  });
});
