import cluster, { type Worker } from "node:cluster";
import { once } from "node:events";
import type { Logger } from "pino";
import { serveClusterMetrics } from "./metrics-cluster.ts";

/**
 * V8's young generation for a worker: 32 MB semi-spaces instead of 16. A page
 * render allocates a few megabytes that die young (React's tree, the route
 * matches, the HTML); with the default size they are scavenged about twice as
 * often and more survivors are copied to the old generation, which is then
 * collected with pauses that every queued request waits for. Costs at most
 * ~48 MB more per worker. Left alone when the operator set it already.
 */
const WORKER_SEMI_SPACE_MB = 32;

/** The primary's own flags, plus the semi-space size unless they or NODE_OPTIONS name one. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => /^--max-semi-space-size(=|$)/.test(arg));
  return given ? [...execArgv] : [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}

/**
 * The production server on every core: the primary process forks
 * `WEB_CONCURRENCY` workers (default: one per core), each a whole server
 * (server/main.ts) sharing the port. Nothing that matters lives in one worker's
 * memory (sessions, rate limits, jobs and the content version are in the
 * database; the page cache is a copy), so any worker may answer any request.
 *
 * - A worker that dies after it was listening is replaced.
 * - A worker that dies before listening (bad configuration, database down, port
 *   taken) stops the whole server with its exit code: no restart loop.
 * - SIGHUP restarts the workers one at a time (a new one listens before an old
 *   one is disconnected, finishes its requests and exits): a new build goes live
 *   with no refused or lost request.
 * - SIGTERM / SIGINT: every worker finishes its requests and exits, then the primary.
 */
export function runPrimary(workers: number, logger: Logger): void {
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  const listening = new Set<Worker>();
  const retiring = new Set<Worker>();
  /** Started by a restart: if one fails, the restart stops and the old workers keep serving. */
  const trial = new Set<Worker>();
  let stopping = false;
  let restarting = false;

  const spawn = () => {
    const worker = cluster.fork();
    worker.once("listening", () => listening.add(worker));
    return worker;
  };

  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);

  function stop(signal: string, code = 0) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "cerrando: los procesos terminan sus peticiones");
    for (const worker of live()) worker.process.kill("SIGTERM");
    if (live().length === 0) process.exit(code);
    cluster.on("exit", () => {
      if (live().length === 0) process.exit(code);
    });
    setTimeout(() => process.exit(code), 15_000).unref();
  }

  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker);
    if (stopping || retiring.delete(worker) || trial.delete(worker)) return;
    if (!wasListening) {
      logger.fatal({ pid: worker.process.pid, code, signal }, "un proceso del servidor no llegó a arrancar: me detengo");
      stop("worker-failed", code || 1);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "un proceso del servidor terminó inesperadamente: arranco otro");
    spawn();
  });

  async function rollingRestart() {
    if (restarting || stopping) return;
    restarting = true;
    logger.info({ workers: live().length }, "reinicio escalonado: un proceso tras otro");
    try {
      for (const old of live()) {
        const fresh = spawn();
        trial.add(fresh);
        const started = await Promise.race([
          once(fresh, "listening").then(() => true),
          once(fresh, "exit").then(() => false),
        ]);
        trial.delete(fresh);
        if (!started) {
          logger.error("el proceso nuevo no arrancó: los actuales siguen sirviendo");
          return;
        }
        retiring.add(old);
        const exited = once(old, "exit");
        // disconnect(), not a signal: the primary stops handing the old worker connections before
        // it is told to close, so no connection is left in flight to a process that then exits
        // (a request hung until its client gave up, once, under a loaded test run). The worker
        // finishes its requests and exits on its own (server/main.ts); a signal only if it hangs.
        old.disconnect();
        const stuck = setTimeout(() => old.process.kill("SIGTERM"), 15_000);
        await exited;
        clearTimeout(stuck);
      }
      logger.info("reinicio escalonado completado");
    } finally {
      restarting = false;
    }
  }

  // /metrics, answered by any worker, adds up the numbers of all of them (metrics-cluster.ts).
  serveClusterMetrics(logger);
  for (let i = 0; i < workers; i++) spawn();
  logger.info({ workers }, `servidor en ${workers} procesos`);
  process.on("SIGHUP", () => void rollingRestart());
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
