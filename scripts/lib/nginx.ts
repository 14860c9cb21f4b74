// A throwaway nginx for the benchmarks: its own prefix directory, config and
// loopback port, in the foreground as a child of the script (never the
// system's service), stopped when the script ends.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { freePort } from "../../tests/helpers/server.ts";

/** The nginx binary (PATH, then /usr/sbin), or null when it is not installed. */
export function findNginx(): string | null {
  for (const dir of [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"]) {
    if (!dir) continue;
    const bin = path.join(dir, "nginx");
    if (existsSync(bin)) return bin;
  }
  return null;
}

/** "nginx/1.22.1" (nginx -v prints it on stderr). */
export function nginxVersion(bin: string): string {
  const out = spawnSync(bin, ["-v"], { encoding: "utf8" });
  return (out.stderr || out.stdout).trim().replace(/^nginx version:\s*/, "");
}

interface Nginx {
  origin: string;
  port: number;
  /** The last lines of its error log (start-up problems). */
  errorLog: () => string;
  /** SIGTERM (fast shutdown: the master stops its workers) and waits for the exit. */
  stop: () => Promise<void>;
}

/** A request target as an nginx.conf string (refuses what would need escaping). */
export function nginxString(s: string): string {
  if (!/^[A-Za-z0-9/._~%?&=+,:@!*'()-]+$/.test(s)) throw new Error(`cannot put ${JSON.stringify(s)} in nginx.conf`);
  return `"${s}"`;
}

/**
 * Starts `nginx -p dir -c dir/nginx.conf` on a free loopback port. `http` is
 * put in the http block (maps…), `server` in the server block. `dir` must be
 * readable by the workers (they run as nobody when the script runs as root).
 */
export async function startNginx(
  bin: string,
  dir: string,
  opts: { http?: string; server: string; workers?: number | "auto" },
): Promise<Nginx> {
  const port = await freePort();
  const errorLog = path.join(dir, "error.log");
  const conf = `# written by scripts/lib/nginx.ts
daemon off;
worker_processes ${opts.workers ?? "auto"};
pid ${path.join(dir, "nginx.pid")};
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65s;
  keepalive_requests 100000;
  open_file_cache max=1000 inactive=60s;
  client_body_temp_path ${path.join(dir, "tmp-body")};
  proxy_temp_path ${path.join(dir, "tmp-proxy")};
  fastcgi_temp_path ${path.join(dir, "tmp-fastcgi")};
  uwsgi_temp_path ${path.join(dir, "tmp-uwsgi")};
  scgi_temp_path ${path.join(dir, "tmp-scgi")};
${opts.http ?? ""}
  server {
    listen 127.0.0.1:${port};
${opts.server}
  }
}
`;
  const confPath = path.join(dir, "nginx.conf");
  writeFileSync(confPath, conf);
  chmodSync(dir, 0o755);
  const child = spawn(bin, ["-p", dir, "-c", confPath, "-e", errorLog], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  // SIGTERM, not SIGKILL: a killed master would leave its workers behind.
  const onExit = () => child.kill("SIGTERM");
  process.on("exit", onExit);
  const readLog = () => {
    const log = existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "";
    return `${stderr}${log}`.trim().split("\n").slice(-10).join("\n");
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (!alive() || Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`nginx did not start:\n${readLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    errorLog: readLog,
    stop: async () => {
      process.off("exit", onExit);
      if (!alive()) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}
