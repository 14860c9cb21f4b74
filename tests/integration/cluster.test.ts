/**
 * The production server as a cluster (server/cluster.ts) against the production
 * build (`npm run build` first): WEB_CONCURRENCY workers share the port; SIGHUP
 * replaces them one by one while requests keep being answered; a worker that
 * dies is replaced; SIGTERM stops them all and the primary exits 0.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/server.ts";

const workersOf = (pid: number): number[] => {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).trim().split("\n").filter(Boolean).map(Number).sort();
  } catch {
    return []; // pgrep exits 1 when there are none
  }
};

async function until(what: string, check: () => boolean, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const listeningLines = (srv: RunningServer) => srv.output().split("\n").filter((l) => l.includes("escuchando en")).length;

describe("cluster", () => {
  let srv: RunningServer;

  beforeAll(async () => {
    srv = await startServer({ WEB_CONCURRENCY: "2" });
    await until("two workers listening", () => listeningLines(srv) === 2);
  }, 60_000);
  afterAll(async () => srv?.stop());

  it("runs WEB_CONCURRENCY workers under one primary that migrated the database once", () => {
    expect(workersOf(srv.pid)).toHaveLength(2);
    expect(srv.output()).toContain('"workers":2');
    // The primary applied the migrations; the workers found none left.
    expect(srv.output().match(/"applied":\[\]/g)).toHaveLength(2);
  });

  it("restarts the workers one by one on SIGHUP without refusing a request", async () => {
    const before = workersOf(srv.pid);
    let done = false;
    const statuses: number[] = [];
    const failures: string[] = [];
    const load = (async () => {
      while (!done) {
        try {
          // A request left unanswered counts as a failure (with its reason) instead of stalling the test.
          const res = await fetch(`${srv.url}/formaciones`, {
            headers: { connection: "close" },
            signal: AbortSignal.timeout(20_000),
          });
          await res.arrayBuffer();
          statuses.push(res.status);
        } catch (err) {
          failures.push(String(err));
        }
      }
    })();
    process.kill(srv.pid, "SIGHUP");
    await until("the rolling restart", () => srv.output().includes("reinicio escalonado completado"), 60_000);
    done = true;
    await load;
    const after = workersOf(srv.pid);
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    expect(failures).toEqual([]);
    expect(statuses.length).toBeGreaterThan(10);
    expect(new Set(statuses)).toEqual(new Set([200]));
  }, 90_000);

  it("replaces a worker that dies", async () => {
    const [victim] = workersOf(srv.pid);
    const listening = listeningLines(srv);
    process.kill(victim, "SIGKILL");
    await until("a replacement", () => listeningLines(srv) === listening + 1);
    const now = workersOf(srv.pid);
    expect(now).toHaveLength(2);
    expect(now).not.toContain(victim);
    expect(srv.output()).toContain("terminó inesperadamente");
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  }, 60_000);

  it("stops every worker and exits 0 on SIGTERM", async () => {
    const workers = workersOf(srv.pid);
    process.kill(srv.pid, "SIGTERM");
    expect(await srv.exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    expect(srv.output()).toContain("cerrando: los procesos terminan sus peticiones");
  }, 30_000);
});
