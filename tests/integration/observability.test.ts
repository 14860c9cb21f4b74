/**
 * Issue 33's observability, in-process: the Express app of server/app.ts around
 * a small hand-written React Router build, on a real database of each kind.
 * /metrics (its token, the route-pattern labels, the database's gauges, the
 * email counters), /readyz, and the request id from the response header to the
 * log lines and to the jobs the request enqueued.
 */
import type { Server } from "node:http";
import { Writable } from "node:stream";
import { sql } from "kysely";
import { data, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/db.server.ts";
import * as entry from "~/entry.server.tsx";
import { enqueueJob, type JobRow } from "~/jobs/queue.server.ts";
import { createJobWorker } from "~/jobs/worker.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { emailJobHandlers } from "~/mail/email-jobs.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import type { AppServices } from "~/services.server.ts";
import { createApp } from "../../server/app.ts";
import { memoryMailer, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { insertCourse, insertOrder } from "./staff-orders-fixtures.ts";

const TOKEN = "metrics-token-0123456789abcdef";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** Resource routes only: nothing to render, so no client assets are needed. */
function buildWith(db: () => Db): ServerBuild {
  const route = (id: string, path: string, module: Omit<RouteModule, "default">) => ({
    id,
    parentId: "root",
    path,
    module: module as RouteModule,
  });
  return {
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: {} as RouteModule },
      item: route("item", "items/:id", {
        loader: async ({ params }: { params: { id?: string } }) => {
          await enqueueJob(db(), { kind: "test:echo", payload: { item: params.id ?? null } });
          return Response.json({ ok: true });
        },
      }),
      boom: route("boom", "boom", {
        loader: () => {
          throw new Error("boom in a loader");
        },
      }),
      gone: route("gone", "gone", {
        loader: () => {
          throw data({ message: "ya no existe" }, 404);
        },
      }),
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {} as ServerBuild["future"],
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  };
}

interface Running {
  base: string;
  logged: () => Record<string, unknown>[];
  close: () => Promise<void>;
}

async function serve(services: Partial<AppServices>, db: () => Db): Promise<Running> {
  let text = "";
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  const logger = createLogger("info", sink);
  const server: Server = createApp({ logger, ...services } as AppServices, { build: buildWith(db) }).listen(
    0,
    "127.0.0.1",
  );
  await new Promise((r) => server.once("listening", r));
  const addr = server.address();
  return {
    base: `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`,
    logged: () =>
      text
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** The value of the one sample of `name` whose labels include every `labels` pair. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe.each(dbKinds)("observability on %s", (kind) => {
  let t: TestDb;
  let app: Running;
  const scrape = () => fetch(`${app.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    const config = testConfig({ metricsToken: TOKEN });
    app = await serve({ config, db: t.db, dbKind: kind }, () => t.db);
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it("answers /metrics only to the bearer of METRICS_TOKEN, never cached, never logged", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789abcdef", `Basic ${TOKEN}`, "Bearer "]) {
      const res = await fetch(`${app.base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(404);
      expect(await res.text()).not.toContain("http_request");
    }
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(body).toContain("# TYPE http_request_duration_seconds histogram");
    expect(sample(body, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    const logs = JSON.stringify(app.logged());
    expect(logs).not.toContain(TOKEN);
    expect(logs).not.toContain("/metrics");
  });

  it("labels requests by route pattern and status class, with 4xx and 5xx counters", async () => {
    for (const id of ["7", "8", "9"]) expect((await fetch(`${app.base}/items/${id}`)).status).toBe(200);
    expect((await fetch(`${app.base}/gone`)).status).toBe(404);
    expect((await fetch(`${app.base}/boom`)).status).toBe(500);
    expect((await fetch(`${app.base}/no/such/route`)).status).toBe(404);
    const body = await (await scrape()).text();
    const ok = { route: "/items/:id", method: "GET", status_class: "2xx" };
    expect(sample(body, "http_request_duration_seconds_count", ok)).toBeGreaterThanOrEqual(3);
    expect(body).not.toMatch(/route="\/?items\/7"/);
    expect(sample(body, "http_responses_4xx_total", { route: "/gone", method: "GET" })).toBeGreaterThanOrEqual(1);
    expect(sample(body, "http_responses_5xx_total", { route: "/boom", method: "GET" })).toBeGreaterThanOrEqual(1);
    expect(sample(body, "http_responses_4xx_total", { route: "other", method: "GET" })).toBeGreaterThanOrEqual(1);
  });

  it("reads the outbox, VERI*FACTU, backups and sessions from the database at scrape time", async () => {
    const before = await (await scrape()).text();
    expect(sample(before, "backup_last_success_age_seconds")).toBeUndefined();
    const pendingBefore = sample(before, "outbox_jobs_pending") ?? -1;
    expect(pendingBefore).toBeGreaterThanOrEqual(0);

    await enqueueJob(t.db, { kind: "test:later", payload: {}, runAfter: new Date(Date.now() + 3_600_000) });
    await enqueueJob(t.db, { kind: "test:dead", payload: {} });
    await t.db.updateTable("jobs").set({ status: "dead" }).where("kind", "=", "test:dead").execute();

    await insertCourse(t.db, "curso-gel", "Curso de uñas de gel", 25000);
    for (const n of [1, 2]) {
      const user = await insertBuyer(t.db, {
        prefix: `metricas${n}.${kind}`,
        firstName: "Alumna",
        lastName: String(n),
      });
      const orderId = await insertOrder(t.db, {
        user,
        lines: [{ courseId: "curso-gel", title: "Curso de uñas de gel", priceCents: 25000 }],
        createdAt: new Date().toISOString(),
      });
      await fulfilOrder(
        t.db,
        { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId },
        { ...TEST_INVOICING, verifactuMode: "verifactu-test" },
      );
      const now = Date.now();
      for (const [id, expires] of [
        [`s-live-${n}`, now + 3_600_000],
        [`s-old-${n}`, now - 1000],
      ] as const) {
        await t.db
          .insertInto("sessions")
          .values({
            id,
            user_id: user.id,
            expires_at: new Date(expires).toISOString(),
            created_at: new Date(now).toISOString(),
            second_factor_at: null,
          })
          .execute();
      }
    }
    const first = await t.db
      .selectFrom("billing_record_status")
      .select("position")
      .orderBy("position")
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("billing_record_status")
      .set({ state: "rejected" })
      .where("position", "=", first.position)
      .execute();

    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    for (const [id, finished, status] of [
      ["b1", dayAgo, "ok"],
      ["b2", hourAgo, "ok"],
      ["b3", new Date().toISOString(), "failed"],
    ]) {
      await t.db
        .insertInto("backup_runs")
        .values({ id, kind: "manual", started_at: finished, finished_at: finished, status, offsite_status: "off" })
        .execute();
    }

    // A second later: the gauges read the database again, not a copy.
    await new Promise((r) => setTimeout(r, 1100));
    const body = await (await scrape()).text();
    // The fulfilment enqueued its own jobs (emails): at least the one for later is pending.
    expect(sample(body, "outbox_jobs_pending")).toBeGreaterThan(pendingBefore);
    expect(sample(body, "outbox_jobs_dead")).toBe(1);
    expect(sample(body, "verifactu_records_pending")).toBe(1);
    expect(sample(body, "verifactu_records_rejected")).toBe(1);
    expect(sample(body, "sessions_active")).toBe(2);
    const age = sample(body, "backup_last_success_age_seconds") ?? 0;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3700);
  });

  it("counts emails sent, failed and bounced by template", async () => {
    const template = `hola-${kind}`;
    const message = { to: "ana@example.com", subject: "Hola", html: "<p>Hola</p>", text: "Hola" };
    const job = { id: "job-1" } as JobRow;
    const deps = { db: t.db, logger: createLogger("silent"), publicUrl: "http://localhost:3999" };
    const ok = emailJobHandlers({ [template]: { render: async () => message } }, { ...deps, mailer: memoryMailer() });
    await ok[`email:${template}`]({}, job);
    await ok[`email:${template}`]({}, job);
    const refusing = (err: Error) =>
      emailJobHandlers(
        { [template]: { render: async () => message } },
        {
          ...deps,
          mailer: {
            kind: "smtp",
            send: () => Promise.reject(err),
          },
        },
      );
    const bounce = Object.assign(new Error("550 5.1.1 no such user"), { code: "EENVELOPE", responseCode: 550 });
    await expect(refusing(bounce)[`email:${template}`]({}, job)).rejects.toThrow("550");
    const timeout = Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" });
    await expect(refusing(timeout)[`email:${template}`]({}, job)).rejects.toThrow("Greeting");
    const body = await (await scrape()).text();
    expect(sample(body, "emails_sent_total", { template })).toBe(2);
    expect(sample(body, "emails_failed_total", { template })).toBe(2);
    expect(sample(body, "emails_bounced_total", { template })).toBe(1);
  });

  it("gives every request an id, in its response, its log lines and the jobs it enqueued", async () => {
    const res = await fetch(`${app.base}/items/42`);
    const id = res.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    const job = await t.db
      .selectFrom("jobs")
      .select(["id", "request_id"])
      .where("kind", "=", "test:echo")
      .where("payload", "like", '%"42"%')
      .executeTakeFirstOrThrow();
    expect(job.request_id).toBe(id);
    await expect.poll(() => app.logged().some((l) => l.requestId === id && l.msg === "request completed")).toBe(true);

    // The worker runs the job as part of that request: its lines carry the same id.
    let text = "";
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        text += chunk.toString();
        done();
      },
    });
    const logger = createLogger("info", sink);
    const worker = createJobWorker({
      db: t.db,
      dbKind: kind,
      logger,
      handlers: {
        "test:echo": async (payload) => logger.info({ item: payload.item }, "echo ran"),
        "test:dead": async () => undefined,
      },
    });
    await worker.drain();
    const lines = text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.msg === "echo ran" && l.item === "42")?.requestId).toBe(id);
    expect(lines.find((l) => l.msg === "jobs: done" && l.jobId === job.id)?.requestId).toBe(id);

    // A trusted proxy's own sane id is kept; anything else is replaced.
    const proxied = await fetch(`${app.base}/items/43`, { headers: { "x-request-id": "edge-7f3a9c21b4" } });
    expect(proxied.headers.get("x-request-id")).toBe("edge-7f3a9c21b4");
    const odd = await fetch(`${app.base}/items/44`, { headers: { "x-request-id": "<script>" } });
    expect(odd.headers.get("x-request-id")).toMatch(UUID);
  });

  it("is ready only with a reachable database that has every migration", async () => {
    const ready = await fetch(`${app.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ok" });

    await sql`delete from kysely_migration where name = ${"0023-job-request-id"}`.execute(t.db);
    const behind = await fetch(`${app.base}/readyz`);
    expect(behind.status).toBe(503);
    expect(await behind.json()).toEqual({ status: "error", reason: "migrations", pending: ["0023-job-request-id"] });
    // Liveness does not care.
    expect((await fetch(`${app.base}/healthz`)).status).toBe(200);
  });
});

describe("without METRICS_TOKEN, or without a database", () => {
  let app: Running;
  let db: Db;
  beforeAll(async () => {
    // Nothing listens there: every query fails at once.
    db = createDb("postgres://nobody@127.0.0.1:1/none");
    app = await serve({ config: testConfig({ metricsToken: null }), db, dbKind: "postgres" }, () => db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it("has no /metrics at all", async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const res = await fetch(`${app.base}/metrics`, { headers });
      expect(res.status).toBe(404);
    }
  });

  it("is not ready when the database cannot be reached", async () => {
    const res = await fetch(`${app.base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "error", reason: "database" });
  });
});
