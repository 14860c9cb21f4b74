import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/server.ts";

// Runs against the production build (`npm run build` first), as a visitor would see it.
let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv?.stop();
});

/** Raw request: fetch() refuses some of the malformed inputs we want to send. */
function raw(method: string, path: string, headers: Record<string, string> = {}) {
  const u = new URL(srv.url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: u.hostname, port: u.port, method, path, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("security headers", () => {
  it("sends an enforced nonce CSP and the strict headers on pages about one visitor", async () => {
    const res = await fetch(`${srv.url}/login`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(res.headers.get("content-security-policy-report-only")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toMatch(/script-src [^;]*'nonce-/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{8}/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-powered-by")).toBeNull();
    const html = await res.text();
    // Every inline and module script carries this response's nonce.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((s) => !s.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
    // A new nonce per response.
    const again = (await fetch(`${srv.url}/login`)).headers.get("content-security-policy");
    expect(again).not.toBe(csp);
  });

  it("sends the same strict headers on a shared public page, its scripts allowed by hash", async () => {
    const res = await fetch(`${srv.url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/);
    const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toMatch(/nonce-|unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{8}/);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(await res.text()).not.toContain("nonce=");
  });

  it("isolates the staff area's documents from their openers, and only those", async () => {
    for (const path of ["/gestion", "/gestion/pedidos", "/gestion/verificar"]) {
      const res = await raw("GET", path);
      expect(res.headers["cross-origin-opener-policy"], path).toBe("same-origin");
    }
    for (const path of ["/", "/formaciones", "/login", "/perfil", "/esta-pagina-no-existe", "/gestionar"]) {
      const res = await raw("GET", path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers["cross-origin-opener-policy"], path).toBeUndefined();
    }
  });

  it("compresses pages and caches hashed assets for a year", async () => {
    const res = await fetch(`${srv.url}/`, { headers: { "accept-encoding": "gzip, br" } });
    expect(res.headers.get("content-encoding")).toMatch(/gzip|br/);
    const html = await res.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const a = await fetch(`${srv.url}${asset}`);
    expect(a.status).toBe(200);
    expect(a.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const missing = await fetch(`${srv.url}/assets/nope-123.js`);
    expect(missing.status).toBe(404);
  });

  it("compresses a page rendered for one visitor in one piece, as the client asks", async () => {
    // /login is rendered per request (never from the shared cache).
    for (const [asked, sent] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const res = await fetch(`${srv.url}/login`, { headers: { "accept-encoding": asked } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(sent);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      if (sent) expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
      // fetch() decodes it: the whole page, whatever the encoding.
      const html = await res.text();
      expect(html.slice(0, 15)).toBe("<!DOCTYPE html>");
      expect(html.trimEnd().endsWith("</html>")).toBe(true);
      expect(html.includes("<h1>Iniciar sesión</h1>")).toBe(true);
    }
  });

  it("sends every character of a rendered page intact, in every encoding", async () => {
    // A page goes from React to the wire as text: decoded once by the entry, then
    // written by the socket or encoded into one shared buffer for the compressor.
    // Long Spanish pages, full of letters that take two bytes: the same
    // characters in every encoding, the plain length counted in bytes.
    for (const path of ["/privacy", "/terms", "/login"]) {
      const bodies: string[] = [];
      for (const encoding of ["identity", "br", "gzip"]) {
        const res = await fetch(`${srv.url}${path}`, { headers: { "accept-encoding": encoding } });
        expect(res.status).toBe(200);
        const bytes = Buffer.from(await res.arrayBuffer());
        // The page goes out whole, its length counted in bytes, not characters.
        if (encoding === "identity") expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
        const html = bytes.toString("utf8");
        expect(html).not.toContain("\uFFFD");
        expect(html.trimEnd().endsWith("</html>")).toBe(true);
        // The same page whatever the encoding (a page about one visitor has its own nonce).
        bodies.push(html.replace(/nonce="[^"]*"|'nonce-[^']*'|nonce = "[^"]*"/g, "nonce"));
      }
      expect(new Set(bodies).size).toBe(1);
      expect(bodies[0]!.match(/[áéíóúñÁÉÍÓÚÑ]/g)?.length ?? 0).toBeGreaterThan(path === "/login" ? 5 : 100);
    }
  });

  it("serves the build's precompressed copies of hashed assets", async () => {
    const html = await (await fetch(`${srv.url}/`)).text();
    const asset = /\/assets\/framework-[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const plain = Buffer.from(await (await fetch(`${srv.url}${asset}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
    for (const encoding of ["br", "gzip"]) {
      // fetch() decodes transparently: the decoded body must be the very same file.
      const res = await fetch(`${srv.url}${asset}`, { headers: { "accept-encoding": encoding } });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await res.arrayBuffer()).equals(plain)).toBe(true);
    }
    const traversal = await fetch(`${srv.url}/assets/..%2Fserver%2Findex.js`, { headers: { "accept-encoding": "br" } });
    expect(traversal.status).toBe(404);
  });
});

describe("health and bad input", () => {
  it("healthz touches the database", async () => {
    const res = await fetch(`${srv.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers an unknown path with a Spanish 404 page", async () => {
    const res = await fetch(`${srv.url}/no-existe-esta-pagina`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('lang="es"');
    expect(html).toContain("Página no encontrada");
    expect(html).toContain(
      '<meta name="description" content="La página que buscas no existe o ha cambiado de dirección."/>',
    );
    // The 404 status keeps it out of search results; no robots tag on top of it.
    expect(html).not.toMatch(/<meta name="robots"/);
  });

  it("matches routes server-side only: the page's router context carries the build's own flags", async () => {
    // The server turns on React Router's route-pattern matcher (request-handler.ts); a browser
    // told about it would look for a matcher it never loaded and fail to hydrate.
    for (const path of ["/login", "/formaciones/expert-nails", "/no-existe-esta-pagina"]) {
      const html = await (await fetch(`${srv.url}${path}`)).text();
      const json = /window\.__reactRouterContext = (\{.*?\});window\.__reactRouterContext\.stream/.exec(html)?.[1];
      expect(json, path).toBeTruthy();
      const context = JSON.parse(json!) as { future: Record<string, unknown>; routeDiscovery: { mode: string } };
      expect(Object.keys(context.future).sort()).toEqual(["unstable_enableNodeReadableStream", "unstable_optimizeDeps"]);
      expect(context.routeDiscovery.mode).toBe("lazy");
    }
  });

  it.each([
    ["GET", "/%E0%A4%A", 400],
    ["GET", "/formaciones/%", 400],
    ["GET", `/?q=${"x".repeat(5000)}`, 414],
    ["PUT", "/", 405],
    ["DELETE", "/carrito", 405],
    ["PATCH", "/api/create-checkout-session", 405],
    ["OPTIONS", "/", 405],
  ])("%s %s → %i with a Spanish message, never a stack trace", async (method, path, status) => {
    const res = await raw(method, path.slice(0, 6000));
    expect(res.status).toBe(status);
    expect(res.body).not.toMatch(/at .+:\d+:\d+/);
    expect(res.body).toMatch(/no es válida|demasiado larga|no permitido/);
  });

  it("answers JSON errors on API paths", async () => {
    const res = await raw("PUT", "/api/anything", { accept: "application/json" });
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toEqual({ message: "Método no permitido" });
  });

  it("refuses headers beyond Node's limit without crashing", async () => {
    const res = await raw("GET", "/", { "x-big": "y".repeat(20_000) });
    expect(res.status).toBe(431);
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  });

  it("never logs query strings (tokens travel there)", async () => {
    await fetch(`${srv.url}/no-existe?token=super-secret-token`);
    await new Promise((r) => setTimeout(r, 200));
    expect(srv.output()).not.toContain("super-secret-token");
  });
});
