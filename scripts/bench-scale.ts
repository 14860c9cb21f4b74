// `npm run bench:scale [-- --db=sqlite|postgres|both --years=5 --scale=1 --requests=30 --zip=2025-05 --keep]`
//
// Capacity of "five years of a busy salon" (issue 33). Per database: a
// throwaway database (SQLite in a temporary DATA_DIR; PostgreSQL: a database of
// its own, created and dropped on the server of BENCH_DATABASE_URL /
// TEST_DATABASE_URL), filled by `npm run seed:years`; then the production build
// (BUILD_DIR, default ./build; nothing is built here) is started on it, an owner
// signs in with password and TOTP code, and each staff page is requested
// --requests times one after another (after 3 unmeasured) for its p50/p95: the
// diary's day and week, a client's card, the panel, the orders and invoices
// lists with filters. The invoices' CSV (a year) and ZIP (--zip, a month) are
// downloaded while the server's RSS is sampled (streaming keeps it flat). Then
// `npm run facturas:verificar`, and `npm run backup` / `npm run restore` when
// package.json has them, are timed as child processes. Prints a markdown table
// per database against the targets: staff pages p95 ≤ 150 ms,
// facturas:verificar ≤ 30 s, backup ≤ 60 s. Exit code 1 when a request fails.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { registerAppAlias } from "./lib/app-alias.ts";
import { parseCli } from "./lib/cli.ts";
import { createTarget, selectDatabases, ServerLog, startApp, type AppServer, type DbKind } from "./lib/server.ts";
import { createPgDatabase, signInOwner, type Measure } from "./lib/scale-bench.ts";
import { fmtMs, mb, numberFlag, percentile, sleep } from "./lib/util.ts";

const cli = parseCli(2033);
const { flags, appDir } = cli;
registerAppAlias(appDir);
const YEARS = numberFlag(flags, "years", 5);
const SCALE = numberFlag(flags, "scale", 1);
const REQUESTS = Math.max(1, numberFlag(flags, "requests", 30));
const TARGET = { pageP95: 150, verifyS: 30, backupS: 60 };
const scripts = (
  JSON.parse(readFileSync(path.join(appDir, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;

function run(args: string[], env: Record<string, string>): Promise<{ ms: number; ok: boolean; out: string }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: appDir, env: { ...process.env, LOG_LEVEL: "warn", ...env }, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => resolve({ ms: performance.now() - t0, ok: !err, out: `${stdout}${stderr}`.trim() }),
    );
  });
}

async function timeGet(
  app: AppServer,
  cookie: string,
  url: string,
  n: number,
): Promise<{ samples: number[]; bytes: number; status: number }> {
  const samples: number[] = [];
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < n + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${app.origin}${url}`, {
      headers: { cookie, "accept-encoding": "identity" },
      redirect: "manual",
    });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    status = res.status;
    bytes = body.byteLength;
    if (res.status !== 200) break;
    if (i >= 3) samples.push(ms);
  }
  return { samples, bytes, status };
}

/** Downloads `url` while sampling the server's RSS every 50 ms: time, size and the highest RSS seen. */
async function download(app: AppServer, cookie: string, url: string) {
  const before = app.rss() ?? 0;
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, app.rss() ?? 0);
      await sleep(50);
    }
  })();
  const t0 = performance.now();
  const res = await fetch(`${app.origin}${url}`, { headers: { cookie } });
  let bytes = 0;
  const reader = res.body?.getReader();
  for (let r = await reader?.read(); r && !r.done; r = await reader!.read()) bytes += r.value.byteLength;
  const ms = performance.now() - t0;
  sampling = false;
  await sampler;
  return { ms, bytes, status: res.status, before, peak };
}

async function runOnDb(kind: DbKind, pgUrl: string): Promise<{ rows: Measure[]; failures: string[] }> {
  const target =
    kind === "postgres"
      ? await createPgDatabase(pgUrl, flags.has("keep"))
      : await createTarget(kind, pgUrl, { label: "scale-sqlite", keep: flags.has("keep") });
  const env = { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl };
  const rows: Measure[] = [];
  const failures: string[] = [];
  const log = new ServerLog();
  let app: AppServer | null = null;
  try {
    console.log(`\n[${kind}] seed:years --years=${YEARS} --scale=${SCALE}`);
    const seeded = await run([path.join(appDir, "scripts/seed-years.ts"), `--years=${YEARS}`, `--scale=${SCALE}`], env);
    console.log(
      seeded.out
        .split("\n")
        .map((l) => `  ${l}`)
        .join("\n"),
    );
    if (!seeded.ok) throw new Error("seed:years failed");
    rows.push({ what: "seed:years (child process)", p50: seeded.ms, p95: null, target: null, note: "" });
    app = await startApp({ appDir, target, log, env: { LOG_LEVEL: "warn", WEB_CONCURRENCY: "1" } });
    const cookie = await signInOwner(app.origin, target.databaseUrl);
    const { busyDay, client, lastYear, month } = await sampleValues(target.databaseUrl);
    const pages: [string, string][] = [
      // A light page: what any staff page costs on this machine right now (the floor).
      ["reference: /gestion/horarios", "/gestion/horarios"],
      ["panel /gestion", "/gestion"],
      [`diary day (${busyDay})`, `/gestion/agenda?dia=${busyDay}`],
      ["diary week (whole salon)", `/gestion/agenda?vista=semana&dia=${busyDay}`],
      ["diary week (one professional)", `/gestion/agenda?vista=semana&dia=${busyDay}&profesional=alejandra`],
      ["client card (a regular)", `/gestion/clientes?email=${encodeURIComponent(client)}`],
      ["orders list", "/gestion/pedidos"],
      ["orders: refunded", "/gestion/pedidos?estado=refunded"],
      ["orders: search “garcia”", "/gestion/pedidos?q=garcia"],
      [
        `orders: ${lastYear}, card, page 20`,
        `/gestion/pedidos?desde=${lastYear}-01-01&hasta=${lastYear}-12-31&metodo=card&pagina=20`,
      ],
      ["orders: page 1000", "/gestion/pedidos?pagina=1000"],
      ["invoices (this quarter)", "/gestion/facturas"],
      [`invoices ${lastYear}`, `/gestion/facturas?periodo=${lastYear}`],
      [`invoices ${lastYear}, page 300`, `/gestion/facturas?periodo=${lastYear}&pagina=300`],
      ["audit log", "/gestion/auditoria"],
    ];
    for (const [what, url] of pages) {
      process.stdout.write(`  ${what} …`);
      const r = await timeGet(app, cookie, url, REQUESTS);
      const p95 = percentile(r.samples, 0.95);
      console.log(` ${r.status} ${fmtMs(percentile(r.samples, 0.5))} / ${fmtMs(p95)}`);
      if (r.status !== 200) failures.push(`${kind} ${url}: HTTP ${r.status}`);
      rows.push({
        what,
        p50: percentile(r.samples, 0.5),
        p95,
        target: TARGET.pageP95,
        note: `${Math.round(r.bytes / 1024)} KB`,
      });
    }
    const exports: [string, string][] = [
      [`invoices CSV ${lastYear}`, `/gestion/facturas/exportar.csv?periodo=${lastYear}`],
      ["orders CSV (all, capped)", "/gestion/pedidos/exportar.csv"],
      [`invoices ZIP ${month}`, `/gestion/facturas/exportar.zip?periodo=${month}`],
    ];
    for (const [what, url] of exports) {
      process.stdout.write(`  ${what} …`);
      const r = await download(app, cookie, url);
      console.log(
        ` ${r.status} ${(r.ms / 1000).toFixed(1)} s, ${mb(r.bytes)}, RSS ${mb(r.before)} → peak ${mb(r.peak)}`,
      );
      if (r.status !== 200) failures.push(`${kind} ${url}: HTTP ${r.status}`);
      rows.push({
        what,
        p50: r.ms,
        p95: null,
        target: null,
        note: `${mb(r.bytes)}; RSS ${mb(r.before)} → ${mb(r.peak)}`,
      });
    }
    await app.stop();
    app = null;
    const verify = await run([path.join(appDir, "scripts/verify-invoices.ts")], env);
    console.log(`  facturas:verificar: ${verify.out.split("\n")[0]}`);
    if (!verify.ok) failures.push(`${kind} facturas:verificar: ${verify.out.slice(0, 300)}`);
    rows.push({
      what: "npm run facturas:verificar",
      p50: verify.ms,
      p95: null,
      target: TARGET.verifyS * 1000,
      note: verify.ok ? "chain OK" : "FAILED",
    });
    rows.push(...(await backupAndRestore(kind, pgUrl, env, failures)));
  } finally {
    await app?.stop();
    await target.cleanup();
  }
  if (log.errorCount) for (const s of log.summary(5)) console.log(`  server: ${s}`);
  return { rows, failures };
}

/**
 * `npm run backup` of the seeded database, then `npm run restore -- <archive>` into a
 * fresh empty one (with the first one's key), each timed; "n/a" when package.json has no such script.
 */
async function backupAndRestore(
  kind: DbKind,
  pgUrl: string,
  env: Record<string, string>,
  failures: string[],
): Promise<Measure[]> {
  if (!scripts.backup) {
    return [
      { what: "npm run backup", p50: NaN, p95: null, target: TARGET.backupS * 1000, note: "n/a (script missing)" },
      { what: "npm run restore", p50: NaN, p95: null, target: null, note: "n/a (script missing)" },
    ];
  }
  const backup = await run(["--run", "backup"], env);
  const archive = backup.ok
    ? backup.out
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l.startsWith("/"))
        .at(-1)
    : undefined;
  const summary = backup.out.split("\n").find((l) => l.startsWith("Copia")) ?? "";
  console.log(`  backup: ${backup.ok ? "ok" : "FAILED"} in ${(backup.ms / 1000).toFixed(1)} s ${summary}`);
  if (!backup.ok) failures.push(`${kind} backup: ${backup.out.slice(-400)}`);
  const rows: Measure[] = [
    {
      what: "npm run backup",
      p50: backup.ms,
      p95: null,
      target: TARGET.backupS * 1000,
      note: backup.ok ? (summary.match(/\(([^)]*)\)/)?.[1] ?? "ok") : "FAILED",
    },
  ];
  if (!scripts.restore || !archive) {
    rows.push({
      what: "npm run restore",
      p50: NaN,
      p95: null,
      target: null,
      note: scripts.restore ? "n/a (no archive)" : "n/a (script missing)",
    });
    return rows;
  }
  const fresh =
    kind === "postgres"
      ? await createPgDatabase(pgUrl, false)
      : await createTarget(kind, pgUrl, { label: "scale-restore", keep: false });
  try {
    const restore = await run(["--run", "restore", "--", archive], {
      DATA_DIR: fresh.dataDir,
      DATABASE_URL: fresh.databaseUrl,
      BACKUP_KEY_FILE: path.join(env.DATA_DIR!, "backup-key"),
    });
    console.log(`  restore: ${restore.ok ? "ok" : "FAILED"} in ${(restore.ms / 1000).toFixed(1)} s`);
    if (!restore.ok) failures.push(`${kind} restore: ${restore.out.slice(-400)}`);
    rows.push({
      what: "npm run restore (into an empty database)",
      p50: restore.ms,
      p95: null,
      target: null,
      note: restore.ok ? "ok, chain verified" : "FAILED",
    });
  } finally {
    await fresh.cleanup();
  }
  return rows;
}

/** A busy weekday last month, the client with most visits, last year and a month of it. */
async function sampleValues(url: string) {
  const { openDb } = await import("./lib/db.ts");
  const db = await openDb(appDir, url);
  try {
    const day = new Date(Date.now() - 35 * 864e5);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
    const [top] = await db.all<{ client_email: string }>(
      "select client_email from appointments group by client_email order by count(*) desc limit 1",
    );
    const lastYear = String(new Date().getUTCFullYear() - 1);
    return {
      busyDay: day.toISOString().slice(0, 10),
      client: top?.client_email ?? "",
      lastYear,
      month: flags.get("zip") ?? `${lastYear}-05`,
    };
  } finally {
    await db.close();
  }
}

const { kinds, pgUrl } = await selectDatabases(flags);
let exitCode = 0;
const results: [DbKind, Measure[]][] = [];
for (const kind of kinds) {
  try {
    const { rows, failures } = await runOnDb(kind, pgUrl);
    results.push([kind, rows]);
    for (const f of failures) console.log(`FAIL: ${f}`);
    if (failures.length) exitCode = 1;
  } catch (err) {
    console.error(`[${kind}] ${err instanceof Error ? err.message : String(err)}`);
    exitCode = 1;
  }
}
const secs = (ms: number) => (Number.isFinite(ms) ? (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : fmtMs(ms)) : "–");
for (const [kind, rows] of results) {
  console.log(`\n### bench:scale — ${kind}, ${YEARS} years × scale ${SCALE}, ${REQUESTS} requests per page\n`);
  console.log("| measure | p50 / time | p95 | target | | notes |\n|---|---:|---:|---|---|---|");
  for (const r of rows) {
    const value = r.p95 ?? r.p50;
    const ok = r.target === null || !Number.isFinite(value) ? "" : value <= r.target ? "✓" : "✗";
    const target = r.target === null ? "" : r.p95 !== null ? `p95 ≤ ${r.target} ms` : `≤ ${r.target / 1000} s`;
    console.log(
      `| ${r.what} | ${secs(r.p50)} | ${r.p95 === null ? "" : secs(r.p95)} | ${target} | ${ok} | ${r.note} |`,
    );
  }
}
process.exit(exitCode);
