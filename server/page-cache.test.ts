import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, type PageCacheOptions, type PageCandidate } from "./page-cache.ts";

const SCRIPT = 'window.__ctx = {"a":1};';
const page = (text: string) =>
  `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Thing"}</script></head>` +
  `<body><p>${text}</p><script>${SCRIPT}</script><script type="module" src="/assets/x.js"></script></body></html>`;

interface Harness {
  url: string;
  renders: () => number;
  cache: ReturnType<typeof createPageCache>;
  close: () => Promise<void>;
}

const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
});

/**
 * The cache in front of a stand-in renderer that answers like React Router's
 * handler: the candidate takes the response over, or it is sent as usual.
 */
async function harness(
  opts: Partial<PageCacheOptions> & { respond?: (path: string) => Response } = {},
): Promise<Harness> {
  let renders = 0;
  const cache = createPageCache({ version: async () => "1", validUntil: async () => Infinity, ...opts });
  const app = express();
  app.use(cache.middleware);
  app.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", "default-src 'self';script-src 'self' 'nonce-abc' 'strict-dynamic';object-src 'none'");
    next();
  });
  app.use(async (req, res) => {
    renders++;
    const response =
      opts.respond?.(req.path) ??
      new Response(page(`render ${renders}`), { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } });
    const candidate = res.locals.pageCandidate as PageCandidate | undefined;
    // As server/request-handler.ts: status and headers first, then the body.
    res.status(response.status);
    response.headers.forEach((v, k) => res.append(k, v));
    if (candidate && /^text\/html/.test(response.headers.get("content-type") ?? "")) {
      return candidate.capture(res, response, await response.text());
    }
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  const server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  const h: Harness = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders: () => renders,
    cache,
    close: () => new Promise((r) => server.close(() => r())),
  };
  open.push(h);
  return h;
}

async function stored(h: Harness, entries: number) {
  for (let i = 0; i < 200 && h.cache.stats().entries < entries; i++) await new Promise((r) => setTimeout(r, 5));
  expect(h.cache.stats().entries).toBe(entries);
}

describe("anonymous page cache", () => {
  it("renders a page once and serves the same bytes, precompressed, with an ETag and a hashed CSP", async () => {
    const h = await harness();
    const first = await fetch(`${h.url}/formaciones`);
    const html = await first.text();
    expect(html).toContain("render 1");
    await stored(h, 1);
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await fetch(`${h.url}/formaciones`, { headers: { "accept-encoding": encoding } });
      expect(await res.text()).toBe(html);
      expect(res.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
      expect(res.headers.get("etag")).toBe(first.headers.get("etag"));
    }
    expect(h.renders()).toBe(1);
    const hit = await fetch(`${h.url}/formaciones`);
    expect(hit.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(hit.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const hash = createHash("sha256").update(SCRIPT).digest("base64");
    for (const res of [first, hit]) {
      expect(res.headers.get("content-security-policy")).toBe(
        `default-src 'self';script-src 'self' 'sha256-${hash}';object-src 'none'`,
      );
    }
    expect(h.cache.stats()).toMatchObject({ hits: 4, misses: 1 });
  });

  it("answers 304 to a matching If-None-Match and headers only to HEAD", async () => {
    const h = await harness({ respond: () => new Response(page("igual"), { headers: { "content-type": "text/html" } }) });
    const etag = (await fetch(`${h.url}/`)).headers.get("etag")!;
    await stored(h, 1);
    const notModified = await fetch(`${h.url}/`, { headers: { "if-none-match": `"other", ${etag}` } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    // A copy sent by another process (same bytes, same tag) is still right after a fresh render here.
    h.cache.clear();
    const rendered = await fetch(`${h.url}/`, { headers: { "if-none-match": etag } });
    expect([rendered.status, rendered.headers.get("etag"), h.renders()]).toEqual([304, etag, 2]);
    await stored(h, 1);
    const changed = await fetch(`${h.url}/`, { headers: { "if-none-match": '"other"' } });
    expect(changed.status).toBe(200);
    const head = await fetch(`${h.url}/`, { method: "HEAD", headers: { "accept-encoding": "identity" } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(100);
    expect(h.renders()).toBe(2);
  });

  it("renders again when the content version changes", async () => {
    let version = 1;
    const h = await harness({ version: async () => String(version) });
    await fetch(`${h.url}/`);
    await stored(h, 1);
    version = 2;
    expect(await (await fetch(`${h.url}/`)).text()).toContain("render 2");
    expect(h.renders()).toBe(2);
  });

  it("lets a page lapse when a seat hold it counted lapses, and at midnight in Madrid", async () => {
    let now = Date.parse("2026-11-24T10:00:00Z");
    const h = await harness({ now: () => now, validUntil: async (at) => at + 60_000 });
    await fetch(`${h.url}/`);
    await stored(h, 1);
    now += 59_000;
    await fetch(`${h.url}/`);
    expect(h.renders()).toBe(1);
    now += 2_000;
    await fetch(`${h.url}/`);
    expect(h.renders()).toBe(2);

    now = Date.parse("2026-11-24T22:59:00Z"); // 23:59 in Madrid
    const late = await harness({ now: () => now });
    await fetch(`${late.url}/`);
    await stored(late, 1);
    now = Date.parse("2026-11-24T23:00:30Z"); // 00:00:30, the next day
    await fetch(`${late.url}/`);
    expect(late.renders()).toBe(2);
  });

  it("never looks up or stores a page for a visitor with a session, a private path or a data request", async () => {
    const h = await harness();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${h.url}/formaciones`, { headers: { cookie: "an_session=abc" } });
      expect(res.headers.get("etag")).toBeNull();
      expect(res.headers.get("content-security-policy")).toContain("'nonce-abc'");
      await fetch(`${h.url}/perfil`);
      await fetch(`${h.url}/formaciones.data`);
      await fetch(`${h.url}/api/catalogue`);
    }
    expect(h.renders()).toBe(8);
    expect(h.cache.stats().entries).toBe(0);
  });

  it("does not store a 404, a page that sets a cookie or a response that is not HTML", async () => {
    const h = await harness({
      respond: (path) =>
        path === "/nada"
          ? new Response(page("no existe"), { status: 404, headers: { "content-type": "text/html" } })
          : path === "/cookie"
            ? new Response(page("galleta"), { headers: { "content-type": "text/html", "set-cookie": "a=b" } })
            : new Response("{}", { headers: { "content-type": "application/json" } }),
    });
    const missing = await fetch(`${h.url}/nada`);
    expect(missing.status).toBe(404);
    // Rendered without a nonce all the same: its scripts are allowed by hash.
    expect(missing.headers.get("content-security-policy")).toContain("'sha256-");
    expect(missing.headers.get("etag")).toBeNull();
    await fetch(`${h.url}/cookie`);
    await fetch(`${h.url}/otra`);
    await new Promise((r) => setTimeout(r, 50));
    expect(h.cache.stats().entries).toBe(0);
  });

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    const h = await harness({ maxEntries: 2 });
    await fetch(`${h.url}/a`);
    await stored(h, 1);
    await fetch(`${h.url}/b`);
    await stored(h, 2);
    await fetch(`${h.url}/a`); // a is now the most recent
    await fetch(`${h.url}/c`);
    await new Promise((r) => setTimeout(r, 50));
    expect(h.cache.stats().entries).toBe(2);
    const before = h.renders();
    await fetch(`${h.url}/a`);
    expect(h.renders()).toBe(before);
    await fetch(`${h.url}/b`);
    expect(h.renders()).toBe(before + 1);
  });

  it("renders as usual, uncached, when the content version cannot be read", async () => {
    const errors: unknown[] = [];
    const h = await harness({ version: () => Promise.reject(new Error("db down")), onError: (e) => errors.push(e) });
    const res = await fetch(`${h.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("'nonce-abc'");
    expect(errors).toHaveLength(1);
  });
});
