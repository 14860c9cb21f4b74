import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { nonceContext, servicesContext } from "./context.server.ts";
import { documentResponse } from "./lib/rendered-document.server.ts";

export const streamTimeout = 5_000;

/**
 * Every error React Router catches on the server comes here (instead of its default
 * console.error, a multi-line stack): unexpected ones become one JSON log line.
 * Not logged: interrupted requests and answers to the visitor's own mistakes
 * (4xx responses such as 404 or a POST to a page without an action, 405).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A 5xx ErrorResponse from React Router wraps the original error.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const err = inner ?? error;
  // The request handler always builds the load context (with the services) first.
  context.get(servicesContext).logger.error({ err, method: request.method, path: new URL(request.url).pathname }, "request failed");
};

/**
 * The whole document, rendered and gathered into one string. A page is complete
 * before its first byte leaves anyway (loaders run first, nothing is deferred),
 * and the request handler sends it whole, compressed in one call
 * (server/request-handler.ts); React's chunks are decoded here as they come
 * instead of travelling one by one through a Node stream and a web
 * ReadableStream, and the string reaches the handler without being copied into
 * bytes again (rendered-document.server.ts). It also means every page (and
 * every crawler) gets the complete document, and a page for the anonymous cache
 * can have its inline scripts hashed (page-cache.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Empty for a page rendered for the anonymous cache: its inline scripts are hashed instead.
  const nonce = loadContext.get(nonceContext) || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    // Should a chunk end inside a character, the decoder keeps its first half for the next.
    const decoder = new TextDecoder();
    const parts: string[] = [];
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, callback) {
        parts.push(decoder.decode(chunk, { stream: true }));
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
        parts.push(decoder.decode());
        resolve(documentResponse(parts.join(""), { headers: responseHeaders, status }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          // The page is sent once everything has rendered: any error makes it a 500 (so the
          // page cache never keeps it). One before the shell is React Router's to report.
          status = 500;
          if (shellRendered) loadContext.get(servicesContext).logger.error({ err: error }, "render error");
        },
      },
    );
  });
}
