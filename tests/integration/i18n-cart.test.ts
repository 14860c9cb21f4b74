/**
 * The cart and the checkout in Catalan (issue 34), against the production
 * build (`npm run build` first, or BUILD_DIR): each /ca/ page answers in
 * Catalan with its alternates, the checkout form's refusal comes back in
 * Catalan, a demo purchase made on the Catalan checkout comes back to the
 * Catalan success page, and the Spanish pages say what they always said.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession, SESSION_COOKIE } from "~/auth/session.server.ts";
import { createDb, type Db } from "~/db/db.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { TEST_BILLING_FORM } from "../helpers/invoices.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

const COURSE = "tecnico-manicurista";
let srv: RunningServer;
let db: Db;
let dataDir: string;
let cookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "an-i18n-cart-"));
  // No Stripe key: the demo gateway, which pays for a visitor on this machine.
  srv = await startServer({ DATA_DIR: dataDir, ...(process.env.PORT_BASE ? { PORT: process.env.PORT_BASE } : {}) });
  db = createDb(`file:${path.join(dataDir, "salon.db")}`);
  const userId = newId();
  await db
    .insertInto("users")
    .values({
      id: userId,
      email: `cistella-${userId.slice(0, 8)}@example.com`,
      password_hash: null,
      google_sub: null,
      display_name: "Núria Puig",
      first_name: "Núria",
      last_name: "Puig",
      phone: "",
      created_at: new Date().toISOString(),
      last_login_at: null,
    })
    .execute();
  cookie = `${SESSION_COOKIE}=${encodeURIComponent(await insertSession(db, userId))}`;
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await srv?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = (pathname: string, signedIn = false) =>
  fetch(`${srv.url}${pathname}`, { redirect: "manual", headers: signedIn ? { Cookie: cookie } : {} });
const post = (pathname: string, fields: Record<string, string>) =>
  fetch(`${srv.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: srv.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

async function page(pathname: string, signedIn = false) {
  const res = await get(pathname, signedIn);
  expect(res.status, pathname).toBe(200);
  return res.text();
}

describe("the cart and the checkout in Catalan", () => {
  it("/ca/cistella answers in Catalan, empty or with a course being added, with both alternates", async () => {
    const html = await page("/ca/cistella");
    expect(html).toContain('<html lang="ca"');
    // The cart lives in the browser: the server draws it loading, laid out like the empty cart.
    expect(html).toContain("La meva cistella");
    expect(html).toContain("La teva cistella és buida");
    expect(html).toContain("S’està carregant la teva cistella…");
    expect(html).toContain("Les nostres formacions");
    expect(html).toContain("Veure les formacions");
    expect(html).toMatch(/<link rel="alternate" hrefLang="es" href="[^"]*\/carrito"/i);
    expect(html).toMatch(/<link rel="alternate" hrefLang="ca" href="[^"]*\/ca\/cistella"/i);
    expect(html).toContain("<title>La meva cistella");
    expect(html).not.toContain("Tu carrito está vacío");

    // "Afegeix a la cistella" before JavaScript: /ca/cistella?add=<id>.
    const adding = await page(`/ca/cistella?add=${COURSE}`);
    expect(adding).toContain('<html lang="ca"');
    expect(adding).toContain("S’està carregant la teva cistella…");
    // The course by its Catalan name (the seed's), not the Spanish one.
    expect(adding).toContain("Tècnic manicurista");
    expect(adding).not.toContain("Técnico Manicurista");
  });

  it("/ca/pagament/<course> shows the checkout in Catalan to a signed-in buyer, and refuses in Catalan", async () => {
    const html = await page(`/ca/pagament/${COURSE}`, true);
    expect(html).toContain('<html lang="ca"');
    for (const text of [
      "Finalitza la compra",
      "Mètode de pagament",
      "Targeta de crèdit o dèbit",
      "Paga 650,00\u00a0€",
      "He llegit i accepto els",
      "Dades de facturació",
      "Les teves dades",
      "Garantia de 30 dies",
      "Màx. ",
    ])
      expect(html).toContain(text);
    expect(html).toContain('href="/ca/condicions"');
    expect(html).toContain('href="/ca/privacitat"');
    expect(html).toMatch(/<link rel="alternate" hrefLang="es" href="[^"]*\/checkout\/tecnico-manicurista"/i);
    expect(html).not.toContain("Finalizar compra");

    const refused = await post(`/ca/pagament/${COURSE}`, { method: "card" });
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(body).toContain("Has d’acceptar els termes i condicions i la política de privacitat per continuar");
    expect(body).not.toContain("Debes aceptar");
  });

  it("a demo purchase made on the Catalan checkout comes back to the Catalan success page", async () => {
    const html = await page(`/ca/pagament/${COURSE}`, true);
    const edition = /<input type="hidden" name="edition" value="([^"]+)"/.exec(html)?.[1];
    expect(edition).toBeTruthy();
    const started = await post(`/ca/pagament/${COURSE}`, {
      method: "card",
      edition: edition!,
      terms: "on",
      waiver: "on",
      ...(TEST_BILLING_FORM as Record<string, string>),
    });
    expect(started.status).toBe(302);
    const demoPage = started.headers.get("location")!;
    expect(demoPage).toMatch(/^\/ca\/pagament-demo\/[^/]+$/);

    const demo = await page(demoPage, true);
    expect(demo).toContain('<html lang="ca"');
    expect(demo).toContain("MODE DEMO — no es fa cap càrrec");
    expect(demo).toContain("Passarel·la de pagament");
    expect(demo).toContain("Cursos de la comanda");

    const paid = await post(demoPage, { intent: "pay" });
    expect(paid.status).toBe(302);
    const success = paid.headers.get("location")!;
    expect(success).toMatch(/^\/ca\/compra-completada\?session_id=/);

    const done = await page(success, true);
    expect(done).toContain('<html lang="ca"');
    for (const text of ["Pagament fet!", "Detalls de la comanda", "Passos següents", "Ves a Els meus cursos"])
      expect(done).toContain(text);
    expect(done).not.toContain("¡Pago realizado!");
  });

  it("/ca/compra-completada and /ca/pagament-cancellat answer in Catalan", async () => {
    const neutral = await page("/ca/compra-completada");
    expect(neutral).toContain('<html lang="ca"');
    expect(neutral).toContain("Gràcies per la teva visita");
    expect(neutral).toContain("Inicia la sessió");
    expect(neutral).toMatch(/<link rel="alternate" hrefLang="es" href="[^"]*\/success"/i);

    const cancel = await page("/ca/pagament-cancellat", true);
    expect(cancel).toContain('<html lang="ca"');
    for (const text of [
      "Pagament cancel·lat",
      "No s’ha fet cap càrrec.",
      "Preguntes freqüents",
      "Atenció a les alumnes",
    ])
      expect(cancel).toContain(text);
    expect(cancel).toMatch(/<link rel="alternate" hrefLang="ca" href="[^"]*\/ca\/pagament-cancellat"/i);
    expect(cancel).not.toContain("Pago cancelado");
  });

  it("keeps the Spanish pages as they were", async () => {
    const cart = await page("/carrito");
    expect(cart).toContain('<html lang="es"');
    expect(cart).toContain("Tu carrito está vacío");
    expect(cart).toContain("Cargando tu carrito…");
    const checkout = await page(`/checkout/${COURSE}`, true);
    for (const text of ["Finalizar compra", "Pagar 650,00\u00a0€", "Garantía 30 días", "Tarjeta de crédito o débito"])
      expect(checkout).toContain(text);
    expect(checkout).toContain('href="/terms"');
    expect(await page("/success")).toContain("Gracias por tu visita");
    expect(await page("/cancel")).toContain("Pago cancelado");
  });
});
