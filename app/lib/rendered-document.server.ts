/**
 * A rendered page handed from the React entry (entry.server.tsx) to the Express
 * adapter (server/request-handler.ts) as the string it already is.
 *
 * The entry gathers the document as text and the adapter needs it as text (it
 * rewrites the hydration script, then compresses or caches it). Going through
 * a Response body meant four whole copies of every page in short-lived
 * ArrayBuffers: React's chunks joined into one buffer, the body stream's copy,
 * the bytes `response.text()` gathers, and the buffer the compressor was given.
 * Under load those buffers were what set V8's major collections going
 * ("external memory pressure": about 150 KB of them per signed-in page, a major
 * collection every 1.5 s per worker, each holding the requests waiting in that
 * worker for ~40 ms). Without them a collection comes every ~3.5 s, when the
 * old generation has grown (docs/architecture.md, decision 38).
 *
 * The Response still carries the page as a real body, so anything that reads it
 * (a test, a middleware that wraps it) gets the same bytes, encoded only when
 * someone reads it. That body's stream has a cost of its own: Node's web streams
 * outlive V8's minor collections, and a Response without one served ~10 % more
 * signed-in pages in a trial (decision 39); it stays, for the readers above. The adapter asks for the string first; it is on that very
 * Response object, so a response that something replaced is read the normal way.
 */
// On the Response object itself, not in a WeakMap: V8's minor collections keep
// a WeakMap's values alive, so every page would have reached the old generation.
const HTML = Symbol("rendered document");
type DocumentResponse = Response & { [HTML]?: string };
const encoder = new TextEncoder();

export function documentResponse(html: string, init: ResponseInit): Response {
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(encoder.encode(html));
        controller.close();
      },
    },
    // Nothing is pulled (so nothing is encoded) until a reader asks.
    { highWaterMark: 0 },
  );
  const response: DocumentResponse = new Response(body, init);
  response[HTML] = html;
  return response;
}

/** The page `documentResponse` made this Response from; undefined for any other. */
export function renderedDocument(response: Response): string | undefined {
  return (response as DocumentResponse)[HTML];
}
