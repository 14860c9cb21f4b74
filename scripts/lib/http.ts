// A loopback HTTP client on node:http with a bounded keep-alive pool. Unlike
// fetch it sends request targets as given (malformed percent-encoding, odd
// methods, bodies on any method), which the fuzzer needs.
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import net from "node:net";

interface HttpRequest {
  method: string;
  /** Request target as sent: path + query, not re-encoded. */
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: Buffer | string;
  timeoutMs?: number;
  /** Read the response body but do not keep it (pages under load). */
  discardBody?: boolean;
}

export interface HttpResponse {
  /** 0 when no response arrived (transport error). */
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  /** Transport error code (ECONNRESET, ECONNREFUSED, timeout…), also set when it came after the status line. */
  error?: string;
}

export interface HttpClient {
  request: (req: HttpRequest) => Promise<HttpResponse>;
  close: () => void;
  /** Requests sent a second time after a keep-alive race (see request()). */
  readonly keepAliveRetries: number;
}

/** Bodies longer than this are counted but not kept (the scripts only parse small JSON). */
const KEEP_BODY_BYTES = 4 * 1024 * 1024;

/** Bodies above this go on a connection of their own (the server may close it after answering early). */
const OWN_CONNECTION_BYTES = 8 * 1024;

export function createClient(port: number, opts: { connections: number }): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections, maxFreeSockets: opts.connections });
  let retries = 0;
  const send = (req: HttpRequest, fresh: boolean) =>
    new Promise<HttpResponse & { reused?: boolean }>((resolve) => {
      const t0 = performance.now();
      let status = 0;
      let headers: IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      let reused = false;
      const finish = (error?: string) => {
        if (done) return;
        done = true;
        resolve({ status, headers, body: Buffer.concat(chunks), ms: performance.now() - t0, error, reused });
      };
      const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
      const outHeaders: OutgoingHttpHeaders = { ...req.headers };
      if (body && outHeaders["content-length"] === undefined && outHeaders["transfer-encoding"] === undefined) {
        outHeaders["content-length"] = body.length;
      }
      const own = fresh || (body?.length ?? 0) > OWN_CONNECTION_BYTES;
      let r: http.ClientRequest;
      try {
        r = http.request({
          agent: own ? false : agent,
          host: "127.0.0.1",
          port,
          method: req.method,
          path: req.path,
          headers: own ? { ...outHeaders, connection: "close" } : outHeaders,
        });
      } catch (err) {
        // Node refuses some targets itself (e.g. raw control characters): not sent.
        finish(`client-refused: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
        return;
      }
      r.setTimeout(req.timeoutMs ?? 30_000, () => r.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
      r.on("response", (res) => {
        status = res.statusCode ?? 0;
        headers = res.headers;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (!req.discardBody && size <= KEEP_BODY_BYTES) chunks.push(c);
        });
        res.on("end", () => finish());
        res.on("error", (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
        res.on("aborted", () => finish("aborted"));
      });
      r.on("error", (err: NodeJS.ErrnoException) => {
        reused = r.reusedSocket;
        finish(err.code ?? err.message);
      });
      if (body) r.end(body);
      else r.end();
    });
  return {
    close: () => agent.destroy(),
    get keepAliveRetries() {
      return retries;
    },
    request: async (req) => {
      const first = await send(req, false);
      // A kept-alive socket the server closed just as it was reused: Node's
      // documented case for one retry (req.reusedSocket), on a new connection.
      if (first.status === 0 && first.reused && (first.error === "ECONNRESET" || first.error === "EPIPE")) {
        retries++;
        const { reused: _r, ...second } = await send(req, true);
        return second;
      }
      const { reused: _r, ...res } = first;
      return res;
    },
  };
}

/**
 * Sends raw bytes on a fresh connection (targets node:http would refuse to
 * send: literal NUL, spaces, bytes ≥ 0x80) and reads the status line.
 */
export function rawRequest(port: number, bytes: Buffer, timeoutMs = 10_000): Promise<HttpResponse> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const chunks: Buffer[] = [];
    let done = false;
    const socket = net.connect({ host: "127.0.0.1", port });
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({
        status: m ? Number(m[1]) : 0,
        headers: {},
        body: Buffer.concat(chunks),
        ms: performance.now() - t0,
        error: m ? undefined : (error ?? "no-status-line"),
      });
    };
    socket.setTimeout(timeoutMs, () => finish("TIMEOUT"));
    // write, not end: a half-closed client makes node:http abort the request unanswered.
    socket.on("connect", () => socket.write(bytes));
    socket.on("data", (c: Buffer) => {
      chunks.push(c);
      // The status line is all we need; the server may keep the socket open.
      if (Buffer.concat(chunks).includes("\r\n\r\n")) finish();
    });
    socket.on("end", () => finish());
    socket.on("error", (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
  });
}

/** "an_session=…" from a response's Set-Cookie (null when absent or being cleared). */
export function sessionCookie(res: HttpResponse, name = "an_session"): string | null {
  const raw = res.headers["set-cookie"];
  for (const c of Array.isArray(raw) ? raw : raw ? [raw] : []) {
    const pair = c.split(";")[0];
    if (!pair.startsWith(`${name}=`)) continue;
    if (/max-age=0/i.test(c) || pair === `${name}=`) return null;
    return pair;
  }
  return null;
}

export const formBody = (fields: Record<string, string> | [string, string][]) =>
  new URLSearchParams(fields as Record<string, string>).toString();

/** A distinct private address per index, sent only as an X-Forwarded-For header value. */
export function fakeAddress(i: number): string {
  const n = i + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export function statusClass(status: number): string {
  return status === 0 ? "transport error" : `${Math.floor(status / 100)}xx`;
}
