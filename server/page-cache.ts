import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { readCookie, SESSION_COOKIE } from "../app/auth/session.server.ts";
import { madridDate } from "../app/domain/calendar-dates.ts";
import { isPrivatePath } from "./cache-policy.ts";
import { inlineScriptHashes, policyWithHashes } from "./script-hashes.ts";

/**
 * The anonymous page cache. Every visitor without a session sees the same public
 * page, so its HTML is rendered once per URL and content version and then served
 * from memory, precompressed, with an ETag (304 on a match).
 *
 * Correctness:
 * - The key holds the content version (`content_state`, bumped by the database on
 *   every write the public pages show), read afresh for each request: a change
 *   made in Gestión, a purchase or a new seat hold is seen on the next request by
 *   every process and instance. A page also lapses at midnight in Madrid (past
 *   editions, the footer's year), when a seat hold it counted lapses, and after
 *   an hour whatever happens.
 * - Only requests without a session cookie on non-private paths are looked up or
 *   stored; a signed-in visitor always gets a fresh render (`private, no-store`).
 *   Only a 200 HTML page that sets no cookie is stored.
 * - A cached page cannot carry a per-response nonce: such pages are rendered
 *   without one and their CSP allows their inline scripts by hash.
 * This process's memory holds only copies: losing them costs one render each.
 */

const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** A shared cache keeps one copy per encoding and never gives it to a request with a cookie. */
const SHARED_PAGE_VARY = "Accept-Encoding, Cookie";
const MAX_AGE_MS = 60 * 60 * 1000;
/** Longer URLs (tracking parameters, probes) are rendered but never stored. */
const MAX_URL_LENGTH = 512;
const NOT_PAGES = /^\/(?:api|chatbot|assets|img|healthz|readyz|metrics)(?:\/|$)/;
/** Set by the transport per response, never replayed from the cache. */
const PER_RESPONSE_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "x-request-id",
]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface CachedPage {
  headers: OutgoingHttpHeaders;
  /** The React Router route pattern that rendered it (res.locals.routePattern), for the metrics of its hits. */
  route: string | undefined;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Madrid date (YYYY-MM-DD) the page was rendered on. */
  day: string;
  /** Epoch ms after which the page may be stale without any write. */
  validUntil: number;
  bytes: number;
}

/** What the request handler needs to render a page for the cache (res.locals.pageCandidate). */
export interface PageCandidate {
  /**
   * Sends the rendered page, whose status and headers are already on `res`, with
   * its hashed CSP (and, when it may be shared, ETag and public Cache-Control), and stores it if so.
   */
  capture(res: Response, response: Pick<globalThis.Response, "status" | "statusText" | "headers">, html: string): void;
}

export interface PageCacheOptions {
  /** The content version, read afresh (app/lib/content-version.server.ts). */
  version: () => Promise<string>;
  /** Epoch ms until which pages rendered now stay right with no write (the next seat hold to lapse); Infinity when none. */
  validUntil: (now: number) => Promise<number>;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

interface PageCache {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  clear(): void;
}

function isCacheablePage(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.originalUrl.length > MAX_URL_LENGTH) return false;
  const path = req.path;
  if (path.endsWith(".data") || NOT_PAGES.test(path) || isPrivatePath(path)) return false;
  return readCookie(req.headers.cookie ?? null, SESSION_COOKIE) === null;
}

function etagMatches(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

function sendCached(req: Request, res: Response, page: CachedPage) {
  res.statusCode = 200;
  for (const [name, value] of Object.entries(page.headers)) if (value !== undefined) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", SHARED_PAGE_VARY);
  const inm = req.headers["if-none-match"];
  if (inm && etagMatches(inm, page.etag)) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    res.end();
    return;
  }
  const encoding = req.acceptsEncodings("br", "gzip", "identity");
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  if (body !== page.identity) res.setHeader("Content-Encoding", encoding as string);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

export function createPageCache(opts: PageCacheOptions): PageCache {
  const maxEntries = opts.maxEntries ?? 1000;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const clock = opts.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  };
  const store = (key: string, page: CachedPage) => {
    drop(key);
    if (page.bytes > maxBytes) return;
    pages.set(key, page);
    bytes += page.bytes;
    // Map order is insertion order; hits re-insert, so the first key is the least recently used.
    for (const oldest of pages.keys()) {
      if (pages.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  async function compressAndStore(
    key: string,
    identity: Buffer,
    headers: OutgoingHttpHeaders,
    etag: string,
    day: string,
    validUntil: number,
    route: string | undefined,
  ) {
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip(identity, { level: 9 }),
    ]);
    const page: CachedPage = {
      headers,
      route,
      etag,
      identity,
      br,
      gzip: gz,
      day,
      validUntil,
      bytes: identity.length + br.length + gz.length + 1024,
    };
    store(key, page);
  }

  function candidate(key: string, day: string, validUntil: number): PageCandidate {
    return {
      capture(res, response, html) {
        const identity = Buffer.from(html, "utf8");
        const policy = String(res.getHeader("content-security-policy") ?? "");
        res.setHeader("Content-Security-Policy", policyWithHashes(policy, inlineScriptHashes(html)));
        const shareable = response.status === 200 && !response.headers.has("set-cookie");
        if (shareable) {
          const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
          res.setHeader("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
          const headers: OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(res.getHeaders())) {
            if (!PER_RESPONSE_HEADERS.has(name)) headers[name] = value;
          }
          res.setHeader("ETag", etag);
          res.setHeader("Vary", SHARED_PAGE_VARY);
          const route = res.locals.routePattern as string | undefined;
          compressAndStore(key, identity, headers, etag, day, validUntil, route).catch((err: unknown) =>
            opts.onError?.(err),
          );
          // Another process may have sent the same page before: the browser's copy is still right.
          const inm = res.req.headers["if-none-match"];
          if (inm && etagMatches(inm, etag)) {
            res.status(304).removeHeader("Content-Type");
            res.end();
            return;
          }
        }
        // Counted here: the compression middleware further down would send it chunked.
        res.setHeader("Content-Length", identity.length);
        res.end(identity);
      },
    };
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (!isCacheablePage(req)) return next();
    let version: string;
    try {
      version = await opts.version();
    } catch (err) {
      // The database is unreachable: render as usual, where the failure is reported.
      opts.onError?.(err);
      return next();
    }
    const now = clock();
    const day = madridDate(now);
    const key = `${version} ${req.originalUrl}`;
    const page = pages.get(key);
    if (page && page.day === day && now < page.validUntil) {
      hits++;
      pages.delete(key);
      pages.set(key, page);
      res.locals.routePattern = page.route;
      return sendCached(req, res, page);
    }
    if (page) drop(key);
    misses++;
    // A HEAD renders no body to keep: answered as usual.
    if (req.method !== "GET") return next();
    let validUntil = now + MAX_AGE_MS;
    try {
      validUntil = Math.min(validUntil, await opts.validUntil(now));
    } catch (err) {
      opts.onError?.(err);
      return next();
    }
    res.locals.pageCandidate = candidate(key, day, validUntil);
    next();
  }

  return {
    middleware: (req, res, next) => {
      middleware(req, res, next).catch(next);
    },
    stats: () => ({ entries: pages.size, bytes, hits, misses }),
    clear: () => {
      pages.clear();
      bytes = 0;
    },
  };
}
