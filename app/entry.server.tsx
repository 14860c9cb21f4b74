import { renderToPipeableStream } from "react-dom/server.bun";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { nonceContext, servicesContext } from "./context.server.ts";
import { documentResponse } from "./lib/rendered-document.server.ts";
import { pathOnly } from "./lib/logger.server.ts";

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
  context
    .get(servicesContext)
    .logger.error({ err, method: request.method, path: pathOnly(new URL(request.url).pathname) }, "request failed");
};

/**
 * The whole document, rendered and gathered into one string. A page is complete
 * before its first byte leaves anyway (loaders run first, nothing is deferred),
 * and the request handler sends it whole, compressed in one call
 * (server/request-handler.ts), so React's pieces are gathered here instead of
 * travelling through a Node stream and a web ReadableStream, and the string
 * reaches the handler as it is (rendered-document.server.ts). It also means
 * every page (and every crawler) gets the complete document, and a page for the
 * anonymous cache can have its inline scripts hashed (page-cache.ts).
 *
 * The renderer is `react-dom/server.bun`: the same React, the same markup, in
 * the build react-dom publishes for a runtime whose streams take strings (it
 * needs only Node's util, crypto and stream modules). The Node build encodes
 * every piece into 4 KB byte views only for us to decode them back into a
 * string; this one hands the pieces over as they are. Measured A/B on a
 * signed-in page, one worker each, bursts alternated: 13 % less CPU per page
 * (architecture decision 39). The one other difference: it schedules work it
 * resumes later with `setTimeout(0)` where the Node build uses `setImmediate`.
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
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    let html = "";
    // What React writes to (see above): its pieces as they come, then the whole.
    const sink = {
      write(chunk: string) {
        html += chunk;
        return true;
      },
      end() {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
        resolve(documentResponse(html, { headers: responseHeaders, status }));
      },
      on() {
        return sink;
      },
    };

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          // Only write, end and on are called on it (no back-pressure: write always accepts).
          pipe(sink as unknown as NodeJS.WritableStream);
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
