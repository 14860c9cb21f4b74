import zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import {
  createContext,
  createRequestHandler as createRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
  type ServerInstrumentation,
} from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import { renderedDocument } from "../app/lib/rendered-document.server.ts";
import { bufferedBody, streamedBody } from "./body-limit.ts";
import { deferHydration } from "./defer-hydration.ts";
import { takeTurn } from "./fair-turns.ts";
import type { PageCandidate } from "./page-cache.ts";

interface RequestHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
  /**
   * Start one request per event-loop turn (fair-turns.ts). Needed where queries
   * block the loop (SQLite); with PostgreSQL every query already yields, and the
   * gate would only cap the start rate at the loop's turn rate.
   */
  fairTurns?: boolean;
}

/**
 * The Express adapter of React Router, as @react-router/express builds it, except
 * for the body: that one streams the Node request into the Fetch Request with no
 * limit; here the Request gets the bytes `bodyLimit` already read and bounded.
 */
export function createRequestHandler({ build, mode, getLoadContext, fairTurns = false }: RequestHandlerOptions) {
  const handleRequest = createRouterHandler(
    typeof build === "function" ? async () => withPatternMatching(await build()) : withPatternMatching(build),
    mode,
  );
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (fairTurns) {
        await takeTurn();
        if (res.destroyed) return; // the visitor left while waiting
      }
      const request = toFetchRequest(req, res);
      const context = getLoadContext(req, res);
      // React Router's patterns are relative ("formaciones/:id"): labelled from the root.
      context.set(
        routePatternSink,
        (pattern) => (res.locals.routePattern = pattern.startsWith("/") ? pattern : `/${pattern}`),
      );
      const response = await handleRequest(request, context);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The server matches URLs with React Router's route-pattern matcher (one lookup
 * in a precompiled table) instead of trying the route branches one by one: a
 * page is matched four times per request (the handler, then the document's
 * partial route manifest for the page and each of its ancestors), and those
 * linear scans over ~140 branches were a tenth of a signed-in page's CPU
 * (architecture decision 39). The flag belongs to the static handler, which
 * framework mode builds from `build.future`; the browser keeps its own matcher
 * and never sees the flag. For every route of the app both pick the same route
 * (server/pattern-matching.test.ts).
 */
function withPatternMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  // The same object is written into every page for the browser's router, which would then
  // ask for a matcher it never loaded: the page gets the build's own flags (toJSON, left
  // out of the static handler's copy, which spreads only enumerable properties).
  const future = Object.defineProperty({ ...build.future, unstable_routePatternMatching: true }, "toJSON", {
    value: () => build.future,
    enumerable: false,
  });
  // Framework mode's type lists only its own flags; the static handler reads this one too.
  const module = {
    ...build.entry.module,
    instrumentations: [...(build.entry.module.instrumentations ?? []), reportRoutePattern],
  };
  return { ...build, entry: { ...build.entry, module }, future: future as unknown as ServerBuild["future"] };
}

/** Where the route pattern of a request goes (res.locals.routePattern, read by the metrics). */
const routePatternSink = createContext<((pattern: string) => void) | null>(null);

/**
 * The matched route's pattern (`/formaciones/:id`, not the URL) of every request
 * React Router handles, from the match it made anyway: the label of the request
 * in the metrics (server/metrics.ts), bounded by the route table.
 */
const reportRoutePattern: ServerInstrumentation = {
  handler(handler) {
    handler.instrument({
      async request(handle, info) {
        const result = await handle();
        if (result.meta?.pattern) info.context?.get(routePatternSink)?.(result.meta.pattern);
      },
    });
  },
};

function toFetchRequest(req: Request, res: Response): globalThis.Request {
  // req.host (with its port) and req.protocol honour X-Forwarded-* only from trusted
  // proxies; anything after a path, query, fragment or userinfo character is cut.
  const host = req.host.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);

  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }

  const init: RequestInit = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = bufferedBody(req);
    // The image upload: a counted stream the route writes to disk (bodyLimit let it through).
    const stream = body === undefined ? streamedBody(req) : undefined;
    if (stream) {
      init.body = stream;
      (init as RequestInit & { duplex: "half" }).duplex = "half";
    } else {
      // createApp mounts bodyLimit before this handler: a missing body is a wiring bug.
      if (body === undefined) throw new Error("request body was not read by bodyLimit");
      // Node's Buffers are views of plain ArrayBuffers, never shared ones.
      init.body = body as Uint8Array<ArrayBuffer>;
    }
  }
  return new Request(url.href, init);
}

/**
 * Brotli 2 for a page made for one visitor: half the CPU of quality 4 for ~12 %
 * more bytes (24 KB signed-in page: 0.10 vs 0.19 ms, 6.9 vs 6.1 KB). Compressing
 * was 12 % of a signed-in page's CPU at quality 4 in a profile. The shared
 * cached pages are compressed once, at 11 (page-cache.ts).
 */
const PAGE_BROTLI_QUALITY = 2;

/** Below this a page is not worth compressing (as the compression middleware's threshold). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * One buffer per process for the bytes of the page being compressed: the
 * compressors run synchronously and keep nothing of their input, so it is free
 * again when they return. A new buffer per page was one more short-lived
 * ArrayBuffer of the page's size (see app/lib/rendered-document.server.ts for
 * what those cost). Pages larger than the cap get their own buffer.
 */
const SCRATCH_BYTES = 256 * 1024;
let scratch: Buffer | null = null;

function utf8Bytes(html: string, length: number): Buffer {
  if (length > SCRATCH_BYTES) return Buffer.from(html);
  scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES);
  scratch.write(html, 0, length, "utf8");
  return scratch.subarray(0, length);
}

/**
 * A page rendered for one visitor, compressed here in one synchronous call
 * instead of through the compression middleware's stream (which then leaves
 * it alone, seeing Content-Encoding set). The stream's per-response setup and
 * its round trip through the thread pool cost more than compressing a page
 * (brotli on a 24 KB page: about 0.1 ms). Measured on a signed-in
 * /perfil/datos with brotli, two workers, 50 connections, A/B twice:
 * 452–541 → 534–629 req/s.
 */
function sendPage(res: Response, html: string) {
  const length = Buffer.byteLength(html);
  const encoding =
    length >= COMPRESS_MIN_BYTES && !res.getHeader("Content-Encoding")
      ? res.req.acceptsEncodings("br", "gzip", "identity")
      : false;
  if (encoding !== "br" && encoding !== "gzip") {
    // Written as UTF-8 by the socket itself.
    res.setHeader("Content-Length", length);
    res.end(html);
    return;
  }
  const body = utf8Bytes(html, length);
  const compressed =
    encoding === "br"
      ? zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : zlib.gzipSync(body, { level: 4 });
  res.setHeader("Content-Encoding", encoding);
  res.append("Vary", "Accept-Encoding");
  res.setHeader("Content-Length", compressed.length);
  res.end(compressed);
}

async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  // A page goes out in one piece: React writes it in hundreds of small chunks, and
  // the compression stream would hand each to the thread pool on its own (brotli
  // per chunk made a signed-in page 7× slower than uncompressed). The whole
  // document is rendered before the first byte anyway (loaders run first).
  if (/^text\/html/i.test(response.headers.get("content-type") ?? "")) {
    // The entry's string, when this is the Response it made; read from the body otherwise.
    const html = deferHydration(renderedDocument(response) ?? (await response.text()));
    if (res.destroyed) return;
    // An anonymous page rendered for the cache (page-cache.ts): sent and stored whole.
    const candidate = res.locals.pageCandidate as PageCandidate | undefined;
    if (candidate) return candidate.capture(res, response, html);
    sendPage(res, html);
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
