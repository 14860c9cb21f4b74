import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfProtection } from "./csrf.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(csrfProtection({ publicUrl: "https://alejandranails.example" }));
  app.all(/.*/, (_req, res) => {
    res.json({ ok: true });
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const post = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: "POST", headers: { accept: "text/html", ...headers }, body: "a=1" });

describe("csrfProtection", () => {
  it("lets safe methods through without any header", async () => {
    expect((await fetch(`${base}/login`)).status).toBe(200);
  });

  it("accepts same-origin and user-initiated (none) fetches", async () => {
    expect((await post("/login", { "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await post("/login", { "sec-fetch-site": "none" })).status).toBe(200);
  });

  it("accepts an Origin equal to the request's own origin or PUBLIC_URL", async () => {
    expect((await post("/login", { origin: base })).status).toBe(200);
    expect((await post("/login", { origin: "https://alejandranails.example" })).status).toBe(200);
  });

  it("refuses a cross-site POST with a Spanish page", async () => {
    const res = await post("/logout", { "sec-fetch-site": "cross-site", origin: "https://evil.example" });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('lang="es"');
    expect(html).toContain("procede de otro sitio web");
  });

  it("refuses a cross-site POST even when Origin is forged to match", async () => {
    expect((await post("/login", { "sec-fetch-site": "cross-site", origin: base })).status).toBe(403);
  });

  it("refuses a POST with neither header, a null or a foreign Origin", async () => {
    expect((await post("/login")).status).toBe(403);
    expect((await post("/login", { origin: "null" })).status).toBe(403);
    expect((await post("/login", { origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/login", { "sec-fetch-site": "same-site", origin: "https://sub.alejandranails.example" })).status).toBe(403);
  });

  it("answers JSON to API clients", async () => {
    const res = await post("/api/checkout", { accept: "application/json", origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Solicitud rechazada: procede de otro sitio web" });
  });

  it("exempts exactly the Stripe webhook", async () => {
    expect((await post("/api/webhooks/stripe")).status).toBe(200);
    expect((await post("/api/webhooks/stripe/x")).status).toBe(403);
    expect((await post("/api/webhooks/other")).status).toBe(403);
  });

  it("exempts the one-click unsubscribe links, posted by the mail provider with no Origin", async () => {
    expect((await post("/baja/abc123")).status).toBe(200);
    expect((await post("/ca/baixa/abc123")).status).toBe(200);
    expect(
      (await post("/baja/abc123", { "sec-fetch-site": "cross-site", origin: "https://mail.example" })).status,
    ).toBe(200);
    expect((await post("/baja")).status).toBe(403);
    expect((await post("/bajas/abc123")).status).toBe(403);
    expect((await post("/perfil/ajustes")).status).toBe(403);
  });
});
