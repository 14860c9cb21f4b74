// Starts the production build (`node server.ts`) for the fuzz and benchmark
// scripts: a free loopback port, a fresh DATA_DIR and, for PostgreSQL, a fresh
// schema; collects the server's pino log lines and reads its RSS from /proc.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, waitHealthy } from "../../tests/helpers/server.ts";

export type DbKind = "sqlite" | "postgres";

/** The checkout whose build is started: this repository unless --app-dir / BENCH_APP_DIR says otherwise. */
export function appDirOf(flags: Map<string, string>): string {
  return path.resolve(flags.get("app-dir") ?? process.env.BENCH_APP_DIR ?? path.join(import.meta.dirname, "../.."));
}

function buildDirOf(): string {
  return process.env.BUILD_DIR ?? "build";
}

/** Fails early, with the command to run, when there is no production build. */
export function requireBuild(appDir: string, buildDir = buildDirOf()): void {
  const bundle = path.resolve(appDir, buildDir, "server", "index.js");
  if (!existsSync(bundle)) {
    console.error(`No production build at ${bundle}: run "BUILD_DIR=${buildDir} npm run build" first.`);
    process.exit(2);
  }
}

// — databases —

const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/test";

export interface DbTarget {
  kind: DbKind;
  /** DATABASE_URL for the server (and the checks). */
  databaseUrl: string;
  dataDir: string;
  /** Drops the schema / deletes the data directory (unless keep). */
  cleanup: () => Promise<void>;
}

async function pgReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Which databases to run on: --db=sqlite|postgres|both. Default: SQLite, then
 * PostgreSQL when reachable (BENCH_DATABASE_URL, TEST_DATABASE_URL or the local
 * default). A PostgreSQL run asked for explicitly that cannot connect is an error.
 */
export async function selectDatabases(flags: Map<string, string>): Promise<{ kinds: DbKind[]; pgUrl: string }> {
  const envUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const pgUrl = envUrl ?? DEFAULT_PG_URL;
  const wanted = flags.get("db") ?? "default";
  if (!["default", "sqlite", "postgres", "both"].includes(wanted)) {
    throw new Error(`--db must be sqlite, postgres or both (got ${wanted})`);
  }
  const kinds: DbKind[] = wanted === "postgres" ? [] : ["sqlite"];
  if (wanted === "sqlite") return { kinds, pgUrl };
  const explicit = wanted === "postgres" || wanted === "both" || !!envUrl;
  if (await pgReachable(pgUrl)) kinds.push("postgres");
  else if (explicit) throw new Error(`PostgreSQL is not reachable at ${redactUrl(pgUrl)}`);
  else console.log(`(PostgreSQL not reachable at ${redactUrl(pgUrl)}: SQLite only)`);
  return { kinds, pgUrl };
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}

/** A fresh data directory and, for PostgreSQL, a fresh schema (search_path in the URL). */
export async function createTarget(
  kind: DbKind,
  pgUrl: string,
  opts: { keep?: boolean; label: string },
): Promise<DbTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `an-${opts.label}-`));
  const removeDir = () => {
    if (!opts.keep) rmSync(dataDir, { recursive: true, force: true });
  };
  if (kind === "sqlite") {
    return {
      kind,
      databaseUrl: `file:${path.join(dataDir, "salon.db")}`,
      dataDir,
      cleanup: async () => removeDir(),
    };
  }
  const schema =
    `${opts.label.replace(/[^a-z0-9]/gi, "_")}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase();
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const u = new URL(pgUrl);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return {
    kind,
    databaseUrl: u.toString(),
    dataDir,
    cleanup: async () => {
      if (!opts.keep) {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop schema "${schema}" cascade`);
        await c.end();
      }
      removeDir();
    },
  };
}

// — the server's log —

interface LogEntry {
  level: number;
  msg: string;
  err?: string;
  line: string;
}

/** Everything the server printed, across restarts: counts, and the first error lines kept. */
export class ServerLog {
  lines = 0;
  /** pino level ≥ 50 (error, fatal). */
  errors: LogEntry[] = [];
  errorCount = 0;
  /** Non-JSON output (stack traces printed with console.error, crashes). */
  stderr: string[] = [];
  stderrCount = 0;
  /** Requests pino-http logged with a 5xx status. */
  http5xx = 0;
  /** The longest responseTime pino-http logged (time: epoch ms of the log line). */
  slowest = { ms: 0, what: "", time: 0 };
  private keep: number;

  constructor(keep = 50) {
    this.keep = keep;
  }

  feed(line: string, stream: "stdout" | "stderr"): void {
    if (!line.trim()) return;
    this.lines++;
    let obj: Record<string, unknown> | null = null;
    if (line.startsWith("{")) {
      try {
        obj = JSON.parse(line) as Record<string, unknown>;
      } catch {
        obj = null;
      }
    }
    if (!obj || typeof obj.level !== "number") {
      // Stack frames of an error printed with console.error: counted with their first line.
      if (/^\s+at /.test(line)) return;
      if (stream === "stderr" || !obj) {
        this.stderrCount++;
        if (this.stderr.length < this.keep) this.stderr.push(line.slice(0, 500));
      }
      return;
    }
    const level = obj.level;
    const res = obj.res as { statusCode?: number } | undefined;
    if (res?.statusCode && res.statusCode >= 500) this.http5xx++;
    if (typeof obj.responseTime === "number" && obj.responseTime > this.slowest.ms) {
      const req = obj.req as { method?: string; url?: string } | undefined;
      this.slowest = {
        ms: obj.responseTime,
        what: `${req?.method ?? "?"} ${req?.url ?? "?"} → ${res?.statusCode ?? "?"}`,
        time: Number(obj.time),
      };
    }
    if (level >= 50) {
      this.errorCount++;
      if (this.errors.length < this.keep) {
        const err = obj.err as { message?: string; type?: string } | undefined;
        this.errors.push({
          level,
          msg: String(obj.msg ?? ""),
          err: err ? `${err.type ?? "Error"}: ${err.message ?? ""}`.slice(0, 300) : undefined,
          line: line.slice(0, 1000),
        });
      }
    }
  }

  /** A few distinct error messages, for the report. */
  summary(max = 8): string[] {
    const counts = new Map<string, number>();
    for (const e of this.errors) {
      const key = `${e.msg}${e.err ? ` — ${e.err}` : ""}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const s of this.stderr)
      counts.set(`stderr: ${s.slice(0, 200)}`, (counts.get(`stderr: ${s.slice(0, 200)}`) ?? 0) + 1);
    return [...counts.entries()].slice(0, max).map(([k, n]) => `${n}× ${k}`);
  }
}

// — the server process —

export interface AppServer {
  origin: string;
  port: number;
  alive: () => boolean;
  /** Resident set size now, in bytes (null once the process is gone). */
  rss: () => number | null;
  /** Peak resident set size of the process so far (VmHWM), in bytes. */
  peakRss: () => number | null;
  /** Graceful stop (SIGTERM), SIGKILL after 15 s. */
  stop: () => Promise<void>;
  /** kill -9, waits for the exit. */
  kill9: () => Promise<void>;
  /** A full garbage collection through the inspector (only when started with `inspect`). */
  collectGarbage: () => Promise<void>;
}

const live = new Set<ChildProcess>();
let hooksInstalled = false;

/** No server outlives its script: SIGKILL on exit, Ctrl-C or an uncaught error. */
function installHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const killAll = () => {
    for (const child of live) child.kill("SIGKILL");
  };
  process.on("exit", killAll);
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      killAll();
      process.exit(130);
    });
  }
}

function procStatus(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

interface StartOptions {
  appDir: string;
  target: DbTarget;
  log: ServerLog;
  /** Reuse a port (restarts after kill -9); a free one otherwise. */
  port?: number;
  env?: Record<string, string>;
  /** Print the server's lines as they come (debugging). */
  echo?: boolean;
  /**
   * Start with the V8 inspector on a loopback port, so that `collectGarbage()` can
   * ask for a full GC from outside (memory measurements that do not depend on
   * when V8 last happened to collect).
   */
  inspect?: boolean;
}

/** Environment that would change what is measured: Stripe, SMTP, Google, proxies. */
const DROPPED_ENV = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_BASE",
  "SMTP_URL",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_ISSUER",
  "TRUST_PROXY",
  "DEMO_PAYMENTS",
  "PUBLIC_URL",
  "DATABASE_URL",
];

/**
 * Migrates the target's fresh database and seeds the catalogue with the
 * checkout's own `scripts/seed.ts` (an older checkout without one seeded in
 * its migrations). Throws with the script's output when it fails.
 */
export function seedTarget(appDir: string, target: DbTarget, opts: { seats?: number } = {}): void {
  const script = path.join(appDir, "scripts", "seed.ts");
  if (!existsSync(script)) return;
  const env: Record<string, string | undefined> = { ...process.env };
  for (const k of DROPPED_ENV) delete env[k];
  execFileSync(process.execPath, [script, ...(opts.seats ? [`--seats=${opts.seats}`] : [])], {
    cwd: appDir,
    env: { ...env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 60_000,
  });
}

export async function startApp(opts: StartOptions): Promise<AppServer> {
  installHooks();
  const port = opts.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = { ...process.env };
  for (const k of DROPPED_ENV) delete env[k];
  const inspectPort = opts.inspect ? await freePort() : null;
  const args = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`, "server.ts"] : ["server.ts"];
  const child = spawn(process.execPath, args, {
    cwd: opts.appDir,
    env: {
      ...env,
      BUILD_DIR: buildDirOf(),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: opts.target.dataDir,
      DATABASE_URL: opts.target.databaseUrl,
      LOG_LEVEL: "info",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => {
      live.delete(child);
      resolve(code ?? (signal ? -1 : null));
    }),
  );
  for (const [stream, name] of [
    [child.stdout, "stdout"],
    [child.stderr, "stderr"],
  ] as const) {
    let pending = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf("\n")) !== -1) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        opts.log.feed(line, name);
        if (opts.echo) console.log(`[server] ${line}`);
      }
    });
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  const health = await waitHealthy(origin, alive, 30_000, 2_000);
  if (health === "exited") {
    throw new Error(
      `server exited during start-up (code ${child.exitCode}):\n${[...opts.log.stderr, ...opts.log.errors.map((e) => e.line)].slice(-10).join("\n")}`,
    );
  }
  if (health === "timeout") {
    child.kill("SIGKILL");
    throw new Error("server did not become healthy within 30 s");
  }
  const pid = child.pid!;
  return {
    origin,
    port,
    alive,
    rss: () => procStatus(pid, "VmRSS"),
    peakRss: () => procStatus(pid, "VmHWM"),
    stop: async () => {
      if (!alive()) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
    kill9: async () => {
      if (!alive()) return;
      child.kill("SIGKILL");
      await exited;
    },
    collectGarbage: async () => {
      if (!inspectPort) throw new Error("server started without inspect");
      const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
        webSocketDebuggerUrl: string;
      }[];
      const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
      await new Promise<void>((resolve, reject) => {
        ws.onopen = () => ws.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" }));
        ws.onmessage = (event) => {
          if ((JSON.parse(String(event.data)) as { id?: number }).id === 1) {
            ws.close();
            resolve();
          }
        };
        ws.onerror = () => reject(new Error("inspector connection failed"));
      });
    },
  };
}

/**
 * Connections waiting in the listening socket's accept queue (Linux: the
 * rx_queue of the LISTEN row in /proc/net/tcp); null when unreadable.
 */
export function acceptQueue(port: number): number | null {
  try {
    const hexPort = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
    for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 4 && f[1].endsWith(hexPort) && f[3] === "0A") return parseInt(f[4].split(":")[1], 16);
    }
    return 0;
  } catch {
    return null;
  }
}

/** Samples the server's RSS every `everyMs` until stopped; returns the peak. */
export function sampleRss(server: AppServer, everyMs = 250): { stop: () => number } {
  let peak = server.rss() ?? 0;
  const timer = setInterval(() => {
    const rss = server.rss();
    if (rss !== null) peak = Math.max(peak, rss);
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
