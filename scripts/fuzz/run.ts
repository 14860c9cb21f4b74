// One run on one database: a fresh database and server, the setup, then the
// plan sent with bounded concurrency; a crashed server is restarted and counted.
import { createClient, rawRequest, type HttpResponse } from "../lib/http.ts";
import { prepareRun, type Cli } from "../lib/cli.ts";
import { sampleRss, startApp, type AppServer, type DbKind } from "../lib/server.ts";
import { runPool, seededRandom } from "../lib/util.ts";
import { baseRequest, makePlan } from "./plan.ts";
import { newReport, record, type DbReport } from "./report.ts";
import { setup } from "./setup.ts";
import type { Target } from "./targets.ts";

interface RunOptions {
  cli: Cli;
  kind: DbKind;
  pgUrl: string;
  targets: Target[];
  /** Requests per database. */
  total: number;
  concurrency: number;
}

export async function runOnDb({ cli, kind, pgUrl, targets, total, concurrency }: RunOptions): Promise<DbReport> {
  const seed = cli.seed;
  const { target, log, startServer } = await prepareRun(cli, kind, pgUrl, "fuzz");
  let server: AppServer = await startServer();
  const port = server.port;
  const client = createClient(port, { connections: concurrency });
  const report = newReport(kind, log);
  const t0 = performance.now();
  try {
    const ctx = await setup(client, server.origin, kind, seed, {
      appDir: cli.appDir,
      databaseUrl: target.databaseUrl,
    });
    const rng = seededRandom(seed);
    const plan = makePlan(targets, rng, total);
    let rss = sampleRss(server, 200);
    // A crashed server is restarted on the same port and data (sessions survive); counted.
    let restarting: Promise<void> | null = null;
    const ensureServer = async () => {
      if (server.alive()) return;
      if (!restarting) {
        restarting = (async () => {
          report.crashes++;
          report.peakRss = Math.max(report.peakRss, rss.stop());
          console.log(`  ! server died (crash ${report.crashes}); restarting`);
          if (report.crashes > 3) throw new Error("server crashed more than 3 times");
          server = await startApp({ appDir: cli.appDir, target, log, port });
          rss = sampleRss(server, 200);
        })().finally(() => (restarting = null));
      }
      await restarting;
    };
    let progressAt = Date.now();
    await runPool(plan.length, concurrency, async (i) => {
      await ensureServer();
      const { target: t, family, auth } = plan[i];
      // Each request has its own RNG: the same seed builds the same request whatever the interleaving.
      const r = seededRandom((seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0);
      const address = `10.${100 + (i % 50)}.${(i >> 8) & 255}.${i & 255}`;
      const base = baseRequest(t, ctx, auth, r, i, address);
      const built = family.build(t, base, r);
      let res: HttpResponse;
      if (built.raw) res = await rawRequest(port, built.raw);
      else {
        const { method, path, headers, body } = built;
        res = await client.request({ method, path, headers, body, timeoutMs: 30_000 });
      }
      record(report, { method: built.method, path: built.path, family: family.name, target: t.name, auth }, res);
      if (Date.now() - progressAt > 10_000) {
        progressAt = Date.now();
        console.log(`  … ${report.sent}/${plan.length} requests, ${report.fivexxCount} 5xx`);
      }
    });
    report.peakRss = Math.max(report.peakRss, rss.stop(), server.peakRss() ?? 0);
  } finally {
    report.seconds = (performance.now() - t0) / 1000;
    report.keepAliveRetries = client.keepAliveRetries;
    client.close();
    await server.stop();
    await target.cleanup();
  }
  return report;
}
