/**
 * The transactional outbox: a job is a row written in the same transaction as
 * the change that causes it (an order paid → its confirmation email), so the
 * two commit or roll back together. A worker (worker.server.ts) runs due jobs
 * afterwards and marks one done only after it succeeded: a crash in between
 * delays the job, it never loses it.
 *
 * Several instances on one database: a worker takes a job by setting a lease
 * (locked_until) with a conditional UPDATE, which only one worker can win; on
 * PostgreSQL the candidates are picked with FOR UPDATE SKIP LOCKED so workers
 * do not queue behind each other. A lease that runs out (a killed worker) makes
 * the job available again.
 */
import { sql } from "kysely";
import type { Db, DbKind } from "~/db/db.server.ts";
import type { JobsTable } from "~/db/schema.ts";
import { newId } from "~/lib/ids.server.ts";
import { currentRequestId } from "~/lib/request-context.server.ts";

export type JobRow = JobsTable;

export interface JobInput {
  /** e.g. "email:order-confirmation", "refund" */
  kind: string;
  /** References only (ids): the worker reads the current state when it runs. */
  payload: Record<string, string | number | boolean | null>;
  /** A second job with the same key is not stored (redeliveries, double clicks). */
  dedupeKey?: string;
  runAfter?: Date;
  now?: Date;
}

/** Stores the job; false when a job with the same dedupe key already exists. */
export async function enqueueJob(db: Db, job: JobInput): Promise<boolean> {
  const now = job.now ?? new Date();
  const rows = await db
    .insertInto("jobs")
    .values({
      id: newId(),
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      dedupe_key: job.dedupeKey ?? null,
      status: "pending",
      attempts: 0,
      run_after: (job.runAfter ?? now).toISOString(),
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: now.toISOString(),
      done_at: null,
      // The request (or job) that caused it, for its log lines (request-context.server.ts).
      request_id: currentRequestId() ?? null,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returning("id")
    .execute();
  return rows.length > 0;
}

/**
 * Takes up to `limit` due jobs for `workerId` for `leaseMs`. Only one worker can
 * win a given job: the UPDATE re-checks that it is still free.
 */
export async function claimDueJobs(
  db: Db,
  kind: DbKind,
  opts: { workerId: string; limit: number; leaseMs: number; now?: Date },
): Promise<JobRow[]> {
  const now = opts.now ?? new Date();
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + opts.leaseMs).toISOString();
  // An idle queue is the usual case: a read (indexed on status, run_after) answers
  // it without the UPDATE, which would take SQLite's write lock every poll.
  const due = await db
    .selectFrom("jobs")
    .select("id")
    .where("status", "=", "pending")
    .where("run_after", "<=", nowIso)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)]))
    .limit(1)
    .executeTakeFirst();
  if (!due) return [];
  if (kind === "postgres") {
    const result = await sql<JobRow>`
      update jobs set locked_until = ${until}, locked_by = ${opts.workerId}, attempts = attempts + 1
      where id in (
        select id from jobs
        where status = 'pending' and run_after <= ${nowIso} and (locked_until is null or locked_until <= ${nowIso})
        order by run_after
        limit ${opts.limit}
        for update skip locked
      )
      returning *`.execute(db);
    return result.rows;
  }
  // SQLite has one writer at a time: the statement is atomic on its own.
  return db
    .updateTable("jobs")
    .set((eb) => ({ locked_until: until, locked_by: opts.workerId, attempts: eb("attempts", "+", 1) }))
    .where(
      "id",
      "in",
      db
        .selectFrom("jobs")
        .select("id")
        .where("status", "=", "pending")
        .where("run_after", "<=", nowIso)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)]))
        .orderBy("run_after")
        .limit(opts.limit),
    )
    .returningAll()
    .execute();
}

/** The job succeeded: never run again. Only the lease holder may say so. */
export async function completeJob(db: Db, job: Pick<JobRow, "id">, workerId: string, now = new Date()): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ status: "done", done_at: now.toISOString(), locked_until: null, last_error: null })
    .where("id", "=", job.id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "pending")
    .execute();
}

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min … capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** After this many attempts a job is left as "dead" for a person to look at. */
export const MAX_ATTEMPTS = 10;

/** The job failed: try again later, or give up after MAX_ATTEMPTS. */
export async function failJob(
  db: Db,
  job: Pick<JobRow, "id" | "attempts">,
  workerId: string,
  error: string,
  now = new Date(),
): Promise<"retry" | "dead"> {
  const dead = job.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable("jobs")
    .set({
      status: dead ? "dead" : "pending",
      run_after: new Date(now.getTime() + retryDelayMs(job.attempts)).toISOString(),
      locked_until: null,
      locked_by: null,
      last_error: error.slice(0, 1000),
    })
    .where("id", "=", job.id)
    .where("locked_by", "=", workerId)
    .execute();
  return dead ? "dead" : "retry";
}

export function parsePayload(job: Pick<JobRow, "payload">): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(job.payload);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
