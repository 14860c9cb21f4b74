/**
 * Runs the outbox's due jobs (queue.server.ts): polls every few seconds, and at
 * once when `kick()` is called after a commit that enqueued something. Each
 * kind of job has a handler; a handler that throws is retried with backoff.
 * Handlers must be idempotent: a job may run again after a crash between its
 * effect and its completion (emails carry a stable Message-ID for that reason).
 */
import { hostname } from "node:os";
import type { Db, DbKind } from "~/db/db.server.ts";
import { newId } from "~/lib/ids.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { runWithRequestId } from "~/lib/request-context.server.ts";
import { claimDueJobs, completeJob, failJob, parsePayload, type JobRow } from "./queue.server.ts";

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

export interface JobWorker {
  readonly id: string;
  /** Runs due jobs soon (after a commit that enqueued some). */
  kick(): void;
  /** Runs every due job now, until none is left; resolves with how many ran. For tests and scripts. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface JobWorkerOptions {
  db: Db;
  dbKind: DbKind;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  pollMs?: number;
  leaseMs?: number;
  batch?: number;
}

export function createJobWorker(opts: JobWorkerOptions): JobWorker {
  const id = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  const pollMs = opts.pollMs ?? 5_000;
  // Longer than any one job may take (the SMTP transport gives up after 30 s), short
  // enough that a killed instance's jobs are picked up soon after a restart.
  const leaseMs = opts.leaseMs ?? 60_000;
  const batch = opts.batch ?? 20;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let started = false;
  let stopped = false;

  // Runs as part of the request that enqueued the job: its log lines (and the jobs it
  // enqueues) carry that request's id.
  const runOne = (job: JobRow): Promise<void> => runWithRequestId(job.request_id, () => runJob(job));

  async function runJob(job: JobRow): Promise<void> {
    const handler = opts.handlers[job.kind];
    const started = performance.now();
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(parsePayload(job), job);
      await completeJob(opts.db, job, id);
      const ms = Math.round(performance.now() - started);
      opts.logger.info({ jobId: job.id, kind: job.kind, attempts: job.attempts, ms }, "jobs: done");
    } catch (err) {
      const outcome = await failJob(opts.db, job, id, (err as Error)?.message ?? String(err));
      const log = { err, jobId: job.id, kind: job.kind, attempts: job.attempts };
      if (outcome === "dead") opts.logger.error(log, "jobs: gave up after the last attempt");
      else opts.logger.warn(log, "jobs: attempt failed, will retry");
    }
  }

  async function pass(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await claimDueJobs(opts.db, opts.dbKind, { workerId: id, limit: batch, leaseMs });
      // Until nothing is due: a job may queue another (a refund queues its notice).
      if (jobs.length === 0) return total;
      for (const job of jobs) await runOne(job);
      total += jobs.length;
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await pass();
        } while (again && !stopped);
      } catch (err) {
        opts.logger.error({ err }, "jobs: could not read the queue");
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  function schedule(delay: number) {
    if (!started || stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run().finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  }

  return {
    id,
    kick() {
      if (started) schedule(0);
    },
    async drain() {
      let total = 0;
      for (;;) {
        if (running) await running;
        const n = await run();
        total += n;
        if (n === 0) return total;
      }
    },
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}
