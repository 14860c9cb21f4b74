import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  /** The server process (with WEB_CONCURRENCY > 1, the cluster's primary). */
  pid: number;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * Polls `${url}/healthz` every 100 ms until it answers 2xx ("healthy"), `alive()`
 * turns false ("exited") or `timeoutMs` pass ("timeout"); each request is bounded
 * by `requestTimeoutMs` when given.
 */
export async function waitHealthy(
  url: string,
  alive: () => boolean,
  timeoutMs: number,
  requestTimeoutMs?: number,
): Promise<"healthy" | "exited" | "timeout"> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) return "exited";
    try {
      const res = await fetch(
        `${url}/healthz`,
        requestTimeoutMs === undefined ? undefined : { signal: AbortSignal.timeout(requestTimeoutMs) },
      );
      if (res.ok) return "healthy";
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) return "timeout";
    await new Promise((r) => setTimeout(r, 100));
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/** `npm run seed` against the database that `env` configures (migrations, then the catalogue). */
export function seedDatabase(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["scripts/seed.ts"], { cwd: root, env, timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`seed failed: ${err.message}\n${stdout}${stderr}`));
      else resolve();
    });
  });
}

/**
 * Starts the production build (`node server.ts`, after `npm run build`) on a
 * free port with its own data directory and waits for /healthz. The database
 * is seeded first (the catalogue, dated from today) unless `seed: false`.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { seed?: boolean } = {},
): Promise<RunningServer> {
  // A given PORT (a run confined to a range of ports) is used as is.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "an-srv-"));
  const url = `http://localhost:${port}`;
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    // One process per server unless a test asks for the cluster: each worker trains
    // the assistant at start, and the suite starts dozens of servers.
    WEB_CONCURRENCY: "1",
    ...env,
  };
  if (opts.seed !== false) await seedDatabase(childEnv);
  const child: ChildProcess = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  // SERVER_START_TIMEOUT_MS: a loaded machine (many test runs at once) may need longer than 20 s.
  const health = await waitHealthy(
    url,
    () => child.exitCode === null,
    Number(process.env.SERVER_START_TIMEOUT_MS ?? 20_000),
  );
  if (health === "exited") throw new Error(`server exited early (${child.exitCode}):\n${out}`);
  if (health === "timeout") {
    child.kill("SIGKILL");
    throw new Error(`server did not become healthy:\n${out}`);
  }
  return {
    url,
    dataDir,
    output: () => out,
    pid: child.pid!,
    exited,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
