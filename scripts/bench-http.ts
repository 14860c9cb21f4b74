// `npm run bench:http [-- --duration=10 --connections=50 --rounds=2 --db=sqlite|postgres --pages=/,/formaciones,@/perfil/datos]`
//
// How far the production build (BUILD_DIR, default ./build; built beforehand,
// nothing is built here) is from nginx serving the same HTML from disk. Per page
// and encoding (Accept-Encoding: br, and identity) the HTML the app returns is
// written to a directory a throwaway nginx serves under the same path (the
// brotli bytes as a precompressed file with Content-Encoding: br: Debian's
// nginx has no brotli module), then autocannon runs against them alternately,
// A B A B (--rounds pairs), after a 2 s warm-up of each that is not reported.
// Pages prefixed with "@" are requested signed in (a registered customer's
// session cookie, sent to both). Prints req/s, p50/p99 and the ratio app/nginx
// against the targets: anonymous pages at least 1/4 of nginx's req/s with p99
// ≤ 50 ms, signed-in pages p99 ≤ 150 ms. Exit code 1 when a page is not 200 (or
// not the signed-in page) before the runs, or when a run had errors or non-2xx.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import autocannon from "autocannon";
import { registerAccount, signIn } from "./lib/accounts.ts";
import { parseCli } from "./lib/cli.ts";
import { createClient, fakeAddress } from "./lib/http.ts";
import { findNginx, nginxString, nginxVersion, startNginx } from "./lib/nginx.ts";
import { createTarget, seedTarget, selectDatabases, ServerLog, startApp, type DbKind } from "./lib/server.ts";
import { fmtMs, numberFlag, table } from "./lib/util.ts";

const cli = parseCli(0);
const { flags, appDir } = cli;
const DURATION_S = Math.max(1, numberFlag(flags, "duration", 10));
const CONNECTIONS = Math.max(1, numberFlag(flags, "connections", 50));
const ROUNDS = Math.max(1, numberFlag(flags, "rounds", 2));
const WARMUP_S = 2;
const DB = (flags.get("db") ?? "sqlite") as DbKind;
if (DB !== "sqlite" && DB !== "postgres") throw new Error(`--db must be sqlite or postgres (got ${DB})`);
const PAGES = (flags.get("pages") ?? "/,/formaciones,/formaciones/expert-nails,@/perfil/datos")
  .split(",")
  .filter(Boolean)
  .map((p) => ({ path: p.replace(/^@/, ""), signedIn: p.startsWith("@") }));
if (new Set(PAGES.map((p) => p.path)).size !== PAGES.length) throw new Error("--pages: each path once");
const ENCODINGS = [
  { name: "br", header: "br" },
  { name: "identity", header: "identity" },
] as const;
const TARGET = { anonRatio: 0.25, anonP99: 50, signedInP99: 150 };

const nginxBin = findNginx();
if (!nginxBin) {
  console.error("nginx is not installed: run `sudo apt-get install -y nginx` (only the binary is used), then retry.");
  process.exit(2);
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function cannon(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

const webConcurrency = process.env.WEB_CONCURRENCY;
const cpu = os.cpus()[0]?.model.trim() ?? "?";
console.log(
  `bench:http — ${os.availableParallelism()} cores (${cpu}), node ${process.version}, WEB_CONCURRENCY=${webConcurrency ?? "(unset)"}, ` +
    `db ${DB}, ${nginxVersion(nginxBin)} (worker_processes auto); ${CONNECTIONS} connections, ${DURATION_S} s per run, ` +
    `${ROUNDS} round(s) A B, ${WARMUP_S} s warm-up each (client, app and nginx share this machine)`,
);

const { pgUrl } = DB === "postgres" ? await selectDatabases(flags) : { pgUrl: "" };
const target = await createTarget(DB, pgUrl, { label: `http-${DB}`, keep: flags.has("keep") });
const htmlDir = mkdtempSync(path.join(os.tmpdir(), "an-bench-http-nginx-"));
const log = new ServerLog();
const stops: (() => Promise<void>)[] = [];
let exitCode = 0;
try {
  seedTarget(appDir, target);
  const app = await startApp({
    appDir,
    target,
    log,
    echo: flags.has("verbose"),
    // Request logs would dominate the measurement; the cluster mode reads WEB_CONCURRENCY.
    env: { LOG_LEVEL: "warn", ...(webConcurrency ? { WEB_CONCURRENCY: webConcurrency } : {}) },
  });
  stops.push(app.stop);

  // A customer for the signed-in pages: registered through the form, then signed in.
  const client = createClient(app.port, { connections: 4 });
  const account = await registerAccount(
    client,
    app.origin,
    `bench-http-${Date.now().toString(36)}@example.com`,
    fakeAddress(1),
  );
  const login = await signIn(client, app.origin, account);
  const cookie = login.cookie ?? account.cookie;

  // The HTML the app returns, per page and encoding, checked, then written for nginx.
  const rootDir = path.join(htmlDir, "html");
  mkdirSync(rootDir, { mode: 0o755 });
  const sizes = new Map<string, number>();
  const mapLines: string[] = [];
  for (const [i, page] of PAGES.entries()) {
    mapLines.push(`    ${nginxString(page.path)} p${i};`);
    for (const enc of ENCODINGS) {
      const res = await client.request({
        method: "GET",
        path: page.path,
        headers: { "accept-encoding": enc.header, ...(page.signedIn ? { cookie } : {}) },
      });
      const ce = String(res.headers["content-encoding"] ?? "identity");
      const html = ce === "br" ? brotliDecompressSync(res.body).toString("utf8") : res.body.toString("utf8");
      const problem =
        res.status !== 200
          ? `HTTP ${res.status || res.error}${res.headers.location ? ` → ${res.headers.location}` : ""}`
          : ce !== enc.name
            ? `Content-Encoding ${ce}, expected ${enc.name}`
            : page.signedIn && !html.includes(account.email)
              ? `not the signed-in page (no ${account.email} in it)`
              : !/^<!DOCTYPE html>/i.test(html)
                ? "not an HTML document"
                : null;
      if (problem) {
        console.error(
          `FAIL: GET ${page.path} (${page.signedIn ? "signed in, " : ""}Accept-Encoding: ${enc.header}): ${problem}`,
        );
        exitCode = 1;
      }
      writeFileSync(path.join(rootDir, `p${i}.html${enc.name === "br" ? ".br" : ""}`), res.body, { mode: 0o644 });
      sizes.set(`${page.path} ${enc.name}`, res.body.length);
    }
  }
  client.close();
  if (exitCode) throw new Error("a page is not what the benchmark expects (see above)");

  // Same path, same headers: nginx picks the file by $request_uri, the .br copy when br is accepted.
  const nginx = await startNginx(nginxBin, htmlDir, {
    http: `  map $request_uri $page {\n    default "";\n${mapLines.join("\n")}\n  }
  map $http_accept_encoding $br { default ""; "~*(^|[ ,])br([ ,;]|$)" ".br"; }
  map $br $content_encoding { ".br" br; default ""; }`,
    server: `    root ${path.join(htmlDir, "html")};
    types { }
    default_type "text/html; charset=utf-8";
    location / {
      if ($page = "") { return 404; }
      add_header Content-Encoding $content_encoding;
      add_header Vary Accept-Encoding;
      try_files /$page.html$br =404;
    }`,
  });
  stops.push(nginx.stop);
  const check = createClient(nginx.port, { connections: 1 });
  for (const page of PAGES) {
    for (const enc of ENCODINGS) {
      const res = await check.request({ method: "GET", path: page.path, headers: { "accept-encoding": enc.header } });
      const want = sizes.get(`${page.path} ${enc.name}`);
      const ce = String(res.headers["content-encoding"] ?? "identity");
      if (res.status !== 200 || res.body.length !== want || ce !== enc.name) {
        check.close();
        throw new Error(
          `nginx: GET ${page.path} (${enc.header}) → ${res.status}, ${ce}, ${res.body.length} bytes:\n${nginx.errorLog()}`,
        );
      }
    }
  }
  check.close();
  console.log(`app ${app.origin} · nginx ${nginx.origin} (serving ${htmlDir})`);

  const header = [
    "page",
    "enc",
    "bytes",
    "app req/s",
    "app p50",
    "app p99",
    "nginx req/s",
    "nginx p99",
    "app/nginx",
    "",
    "target",
    "errors",
  ];
  const rows: string[][] = [];
  const failures: string[] = [];
  for (const page of PAGES) {
    for (const enc of ENCODINGS) {
      const headers = { "accept-encoding": enc.header, ...(page.signedIn ? { cookie } : {}) };
      const label = `${page.signedIn ? "@" : ""}${page.path} ${enc.name}`;
      process.stdout.write(`  ${label}: warm-up`);
      await cannon(`${app.origin}${page.path}`, headers, WARMUP_S);
      await cannon(`${nginx.origin}${page.path}`, headers, WARMUP_S);
      const runs: { app: Run; nginx: Run }[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        process.stdout.write(` · A`);
        const a = await cannon(`${app.origin}${page.path}`, headers, DURATION_S);
        process.stdout.write(` B`);
        const b = await cannon(`${nginx.origin}${page.path}`, headers, DURATION_S);
        runs.push({ app: a, nginx: b });
      }
      const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
      const appRps = mean(runs.map((r) => r.app.rps));
      const nginxRps = mean(runs.map((r) => r.nginx.rps));
      const appP99 = Math.max(...runs.map((r) => r.app.p99));
      const ratio = nginxRps > 0 ? appRps / nginxRps : NaN;
      const meets = page.signedIn
        ? appP99 <= TARGET.signedInP99
        : ratio >= TARGET.anonRatio && appP99 <= TARGET.anonP99;
      const bad = (k: "app" | "nginx") => runs.reduce((s, r) => s + r[k].errors + r[k].non2xx, 0);
      const appBad = bad("app");
      const nginxBad = bad("nginx");
      if (appBad || nginxBad) failures.push(`${label}: app ${appBad}, nginx ${nginxBad} errors/non-2xx`);
      console.log(` · ${appRps.toFixed(0)} vs ${nginxRps.toFixed(0)} req/s`);
      rows.push([
        `${page.signedIn ? "@" : ""}${page.path}`,
        enc.name,
        String(sizes.get(`${page.path} ${enc.name}`)),
        appRps.toFixed(0),
        fmtMs(mean(runs.map((r) => r.app.p50))),
        fmtMs(appP99),
        nginxRps.toFixed(0),
        fmtMs(Math.max(...runs.map((r) => r.nginx.p99))),
        Number.isFinite(ratio) && ratio > 0 ? `1/${(1 / ratio).toFixed(1)}` : "–",
        ratio.toFixed(2),
        `${meets ? "✓" : "✗"} ${page.signedIn ? `p99≤${TARGET.signedInP99}` : `≥${TARGET.anonRatio}, p99≤${TARGET.anonP99}`}`,
        appBad || nginxBad ? `! ${appBad}/${nginxBad}` : "0/0",
      ]);
    }
  }
  console.log(`\n${table(header, rows)}`);
  console.log(
    `(req/s and p50: mean of ${ROUNDS} run(s); p99: the worst run. errors: app/nginx errors, timeouts and non-2xx. ` +
      `@ = signed in; nginx serves the bytes the app returned, as a reference.)`,
  );
  if (log.errorCount || log.stderrCount) {
    console.log(`server log: ${log.errorCount} error lines, ${log.stderrCount} stderr lines`);
    for (const s of log.summary(5)) console.log(`  ${s}`);
  }
  if (failures.length) {
    for (const f of failures) console.log(`FAIL: ${f}`);
    exitCode = 1;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop();
  await target.cleanup();
  if (!flags.has("keep")) rmSync(htmlDir, { recursive: true, force: true });
}
process.exit(exitCode);
