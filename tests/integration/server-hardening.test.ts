/**
 * Server hardening through the production build (`npm run build` first; BUILD_DIR
 * selects the build), on SQLite and, with TEST_DATABASE_URL, on PostgreSQL:
 * bounded request bodies, NUL bytes refused before they reach the database,
 * private pages never cached, Permissions-Policy, JSON-only logs, TRUST_PROXY and
 * a failed listen reported as a failure.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession, SESSION_COOKIE } from "~/auth/session.server.ts";
import { CHAT_RATE_LIMIT } from "~/chat/api.server.ts";
import { MAX_BODY_BYTES } from "../../server/body-limit.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { freePort, startServer, type RunningServer } from "../helpers/server.ts";

const INVALID_ADDRESS = "La dirección no es válida";
const INVALID_CHARS = "Los datos enviados contienen caracteres no válidos";
const TOO_LARGE = "La petición es demasiado grande";

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends `size` bytes of form body to `path`, declared (Content-Length) or chunked,
 * and stops writing as soon as the server answers. Write errors after the answer
 * (the server closes a refused upload) are expected.
 */
function upload(srv: RunningServer, urlPath: string, size: number, opts: { chunked: boolean }): Promise<RawResponse> {
  const u = new URL(srv.url);
  const headers: Record<string, string> = { origin: srv.url, "content-type": "application/x-www-form-urlencoded" };
  if (!opts.chunked) headers["content-length"] = String(size);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request({ host: u.hostname, port: u.port, method: "POST", path: urlPath, headers }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (!answered && sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const alive = async (srv: RunningServer) => (await fetch(`${srv.url}/healthz`)).status;

describe.each(dbKinds)("server hardening on %s", (kind) => {
  let tdb: TestDb;
  let srv: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    tdb = await createTestDb(kind);
    srv = await startServer({ DATABASE_URL: tdb.url });
    const user = await makeUser(tdb.db, `hardening-${kind}@example.com`);
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await insertSession(tdb.db, user.id))}`;
  });
  afterAll(async () => {
    await srv?.stop();
    await tdb?.cleanup();
  });

  // What does not depend on the database runs once; the NUL checks run on both
  // (PostgreSQL is the one that cannot store a NUL).
  if (kind === "sqlite") {
    describe("request body limit", () => {
      it("refuses a 5 MB body declared by Content-Length with the Spanish 413 page, and keeps answering", async () => {
        const res = await upload(srv, "/login", 5 * 1024 * 1024, { chunked: false });
        expect(res.status).toBe(413);
        expect(res.body).toContain(TOO_LARGE);
        expect(await alive(srv)).toBe(200);
      });

      it("refuses a 5 MB chunked body at the limit with 413, and keeps answering", async () => {
        const res = await upload(srv, "/registro", 5 * 1024 * 1024, { chunked: true });
        expect(res.status).toBe(413);
        expect(res.body).toContain(TOO_LARGE);
        expect(await alive(srv)).toBe(200);
      });

      it("answers the JSON APIs with JSON { message }", async () => {
        for (const apiPath of ["/chatbot/chat", "/api/create-checkout-session"]) {
          const res = await fetch(`${srv.url}${apiPath}`, {
            method: "POST",
            headers: { origin: srv.url, "content-type": "application/json", cookie },
            body: JSON.stringify({ message: "x".repeat(MAX_BODY_BYTES) }),
          });
          expect(res.status).toBe(413);
          expect(await res.json()).toEqual({ message: TOO_LARGE });
        }
      });

      it("lets a form under the limit through to its action", async () => {
        const res = await fetch(`${srv.url}/login`, {
          method: "POST",
          headers: { origin: srv.url, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email: "nadie@example.com", password: "x".repeat(MAX_BODY_BYTES - 1000) }),
          redirect: "manual",
        });
        expect(res.status).toBe(400);
        expect(await res.text()).not.toContain(TOO_LARGE);
      });
    });
  }

  describe("NUL bytes and invalid text never reach the database", () => {
    it.each([
      "/formaciones/ab%00cd",
      "/success?session_id=%00",
      "/pago-demo/%00",
      "/checkout/%00",
      "/mis-cursos?x=%ED%A0%80",
    ])("GET %s → 400", async (urlPath) => {
      const res = await fetch(`${srv.url}${urlPath}`, { headers: { cookie } });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(INVALID_ADDRESS);
    });

    it.each([
      ["/registro", "firstName=Ana&lastName=B%00C&email=b%40example.com&phone=600000000&password=uñas-bonitas-1"],
      ["/login", "email=a%00%40example.com&password=x"],
      ["/forgot-password", "email=ana%40example.com%00"],
      ["/registro", "lastName=%FF"],
    ])("POST %s with %s → 400", async (urlPath, body) => {
      const res = await fetch(`${srv.url}${urlPath}`, {
        method: "POST",
        headers: { origin: srv.url, "content-type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(INVALID_CHARS);
    });

    it("refuses a NUL in a multipart form field", async () => {
      const form = new FormData();
      form.set("email", "ana\0@example.com");
      form.set("password", "x");
      const res = await fetch(`${srv.url}/login`, {
        method: "POST",
        headers: { origin: srv.url },
        body: form,
        redirect: "manual",
      });
      expect(res.status).toBe(400);
      // Refused at the edge, not by the sign-in form's own validation.
      expect(await res.text()).toContain(INVALID_CHARS);
    });

    it.each([
      ["/api/create-checkout-session", { courseId: "expert-nails\u0000" }],
      ["/api/create-checkout-session", { courseIds: ["expert-nails"], "pay\u0000mentMethod": "card" }],
      ["/chatbot/chat", { message: "hola\u0000", session_id: "web" }],
      ["/chatbot/chat", { message: "hola", session_id: "\ud800" }],
    ])("POST %s %j → JSON 400", async (urlPath, payload) => {
      const res = await fetch(`${srv.url}${urlPath}`, {
        method: "POST",
        headers: { origin: srv.url, "content-type": "application/json", cookie },
        body: JSON.stringify(payload),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: INVALID_CHARS });
    });

    it("still serves the same routes with clean input", async () => {
      expect((await fetch(`${srv.url}/formaciones/no-existe`)).status).toBe(404);
      const chat = await fetch(`${srv.url}/chatbot/chat`, {
        method: "POST",
        headers: { origin: srv.url, "content-type": "application/json", "x-forwarded-for": "198.51.100.200" },
        body: JSON.stringify({ message: "horario", session_id: "web" }),
      });
      expect(chat.status).toBe(200);
      expect(srv.output()).not.toMatch(/"level":50/);
    });
  });

  if (kind === "sqlite") {
    describe("bodies a form action cannot read (found by npm run fuzz)", () => {
      it("answers JSON, text or malformed multipart sent to a form action with 415/400, never 500", async () => {
        const cases: [string | undefined, string, number][] = [
          ["application/json", '{"email":["a"],"password":{"__proto__":1}}', 415],
          ["text/plain", "email=a", 415],
          ["multipart/form-data; boundary=xyz", "--abc\r\nbroken", 400],
          ["multipart/form-data", "no boundary at all", 400],
        ];
        for (const path of ["/login", "/registro", "/forgot-password", "/perfil/ajustes", "/login.data"]) {
          for (const [type, body, status] of cases) {
            const headers: Record<string, string> = { origin: srv.url };
            if (type) headers["content-type"] = type;
            const res = await fetch(`${srv.url}${path}`, { method: "POST", headers, body, redirect: "manual" });
            expect(res.status, `${path} ${type}`).toBe(status);
          }
        }
        expect(srv.output()).not.toMatch(/"level":50/);
      });

      it("refuses absolute-form and asterisk request targets with 400", async () => {
        const u = new URL(srv.url);
        for (const target of [`http://evil.example/formaciones`, "*"]) {
          const status = await new Promise<number>((resolve, reject) => {
            const sock = connect(Number(u.port), u.hostname, () => {
              sock.write(`GET ${target} HTTP/1.1\r\nHost: ${u.host}\r\nConnection: close\r\n\r\n`);
            });
            let raw = "";
            sock.setEncoding("utf8");
            sock.on("data", (d) => (raw += d));
            sock.on("end", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0)));
            sock.on("error", reject);
          });
          expect(status, target).toBe(400);
        }
        expect(await alive(srv)).toBe(200);
      });
    });

    describe("caching and Permissions-Policy", () => {
      it.each([
        "/login",
        "/registro",
        "/restablecer-contrasena",
        "/perfil",
        "/perfil/ajustes",
        "/mis-cursos",
        "/success",
        "/checkout/expert-nails",
        "/pago-demo/x",
        "/perfil.data",
        "/gestion",
      ])("GET %s → private, no-store (signed in or not)", async (urlPath) => {
        for (const headers of [{}, { cookie }] as Record<string, string>[]) {
          const res = await fetch(`${srv.url}${urlPath}`, { headers, redirect: "manual" });
          expect(res.headers.get("cache-control")).toBe("private, no-store");
        }
      });

      it("keeps public pages cacheable without a session, private with one", async () => {
        const anon = await fetch(`${srv.url}/`);
        // Shared by every visitor without a session (server/page-cache.ts); browsers revalidate.
        expect(anon.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
        const html = await anon.text();
        const signedIn = await fetch(`${srv.url}/formaciones`, { headers: { cookie } });
        expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
        // Hashed assets do not depend on the visitor: still cached for a year.
        const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
        const a = await fetch(`${srv.url}${asset}`, { headers: { cookie } });
        expect(a.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      });

      it("marks any response that sets a cookie private, no-store", async () => {
        const res = await fetch(`${srv.url}/login`, {
          method: "POST",
          headers: { origin: srv.url, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email: `hardening-${kind}@example.com`, password: "uñas-bonitas" }),
          redirect: "manual",
        });
        expect(res.status).toBe(302);
        expect(res.headers.get("set-cookie")).toContain(SESSION_COOKIE);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
      });

      it("sends Permissions-Policy on every response", async () => {
        const html = await (await fetch(`${srv.url}/`)).text();
        const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
        for (const urlPath of ["/", "/healthz", "/no-existe", "/formaciones/%00", `${asset}`, "/robots.txt"]) {
          const policy = (await fetch(`${srv.url}${urlPath}`)).headers.get("permissions-policy") ?? "";
          for (const feature of ["camera=()", "microphone=()", "geolocation=()", "browsing-topics=()"]) {
            expect(policy, urlPath).toContain(feature);
          }
        }
      });
    });

    describe("logs", () => {
      it("a POST to a page without an action is a 405 with only JSON lines in the log", async () => {
        // The probe's reproduction: curl -H "Origin: $URL" -X POST $URL/ (no body, no type).
        const res = await fetch(`${srv.url}/`, { method: "POST", headers: { origin: srv.url } });
        expect(res.status).toBe(405);
        const form = await fetch(`${srv.url}/`, {
          method: "POST",
          headers: { origin: srv.url, "content-type": "application/x-www-form-urlencoded" },
          body: "a=1",
        });
        expect(form.status).toBe(405);
        await new Promise((r) => setTimeout(r, 200));
        const lines = srv.output().split("\n").filter(Boolean);
        for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
        expect(srv.output()).not.toMatch(/^\s+at /m);
      });
    });

    describe("TRUST_PROXY", () => {
      const chat = (target: RunningServer, forwardedFor: string) =>
        fetch(`${target.url}/chatbot/chat`, {
          method: "POST",
          headers: { origin: target.url, "content-type": "application/json", "x-forwarded-for": forwardedFor },
          body: JSON.stringify({ message: "horario", session_id: "web" }),
        });

      it("by default (loopback) honours X-Forwarded-For from the local proxy", async () => {
        const statuses: number[] = [];
        for (let i = 0; i < CHAT_RATE_LIMIT.points + 3; i += 1)
          statuses.push((await chat(srv, `203.0.113.${i + 1}`)).status);
        expect(statuses.every((s) => s === 200)).toBe(true);
      });

      it("with TRUST_PROXY=false ignores it: the real peer is rate-limited", async () => {
        // A second instance on the same database (as behind a load balancer), counters reset.
        await tdb.db.deleteFrom("rate_limits").execute();
        const untrusting = await startServer({ DATABASE_URL: tdb.url, TRUST_PROXY: "false" });
        try {
          const statuses: number[] = [];
          for (let i = 0; i < CHAT_RATE_LIMIT.points + 1; i += 1)
            statuses.push((await chat(untrusting, `203.0.113.${i + 1}`)).status);
          expect(statuses.slice(0, CHAT_RATE_LIMIT.points).every((s) => s === 200)).toBe(true);
          expect(statuses.at(-1)).toBe(429);
        } finally {
          await untrusting.stop();
        }
      });
    });
  }
});

describe("a failed listen", () => {
  let blocker: Server;
  let port: number;
  let dataDir: string;
  beforeAll(async () => {
    port = await freePort();
    blocker = createServer();
    await new Promise<void>((r) => blocker.listen(port, "127.0.0.1", r));
    dataDir = mkdtempSync(path.join(tmpdir(), "an-busy-"));
  });
  afterAll(async () => {
    await new Promise((r) => blocker.close(r));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("exits non-zero and says why in one JSON line", async () => {
    const child = spawn(process.execPath, ["server.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).not.toBe(0);
    expect(out).not.toContain("escuchando en");
    const failure = out
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .find((l) => l.level >= 50);
    expect(failure?.msg).toContain(`el puerto ${port} ya está en uso`);
  });
});
