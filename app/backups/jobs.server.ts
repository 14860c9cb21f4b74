/**
 * The backups' schedule on the outbox (app/jobs): a job "backup:scheduled" per
 * Madrid day at BACKUP_TIME, and a "backup:check" per hour. Their dedupe keys
 * name the day and the hour, so however many instances start or run a job,
 * each day has one backup and each hour one check. Each job queues the next
 * one before doing its work, and every start of the server queues today's
 * backup (at once if its time passed and it has not run: a catch-up) and this
 * hour's check. BACKUP_SCHEDULE=off: nothing is queued, and a job left from
 * before does nothing.
 */
import type { Db } from "~/db/db.server.ts";
import { enqueueJob } from "~/jobs/queue.server.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import type { JobRow } from "~/jobs/queue.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { notifyOwnerOfBackupProblems } from "./alerts.server.ts";
import { retryOffsiteCopy, runScheduledBackup, type ScheduledBackupDeps } from "./scheduled.server.ts";
import { checkSlot, followingBackup, nextBackupDay, type WallTime } from "./schedule.ts";

export const BACKUP_JOB = "backup:scheduled";
export const BACKUP_CHECK_JOB = "backup:check";

/** The lease is renewed this often while a backup runs: longer than the worker's lease would allow. */
const HEARTBEAT_MS = 20_000;
const LEASE_MS = 60_000;

export interface BackupSchedule {
  enabled: boolean;
  /** Madrid wall-clock time of the daily backup (BACKUP_TIME). */
  time: WallTime;
}

export interface BackupJobDeps extends ScheduledBackupDeps {
  schedule: BackupSchedule;
}

async function enqueueBackup(db: Db, slot: { day: string; at: Date }, now: Date): Promise<boolean> {
  return enqueueJob(db, {
    kind: BACKUP_JOB,
    payload: { day: slot.day },
    dedupeKey: `${BACKUP_JOB}:${slot.day}`,
    runAfter: slot.at,
    now,
  });
}

async function enqueueCheck(db: Db, slot: { hour: string; at: Date }, now: Date): Promise<boolean> {
  return enqueueJob(db, {
    kind: BACKUP_CHECK_JOB,
    payload: { hour: slot.hour },
    dedupeKey: `${BACKUP_CHECK_JOB}:${slot.hour}`,
    runAfter: slot.at,
    now,
  });
}

/** At every start: today's backup (a catch-up if its time passed) and this hour's check, unless already queued. */
export async function ensureBackupSchedule(db: Db, schedule: BackupSchedule, now = new Date()): Promise<void> {
  if (!schedule.enabled) return;
  await enqueueBackup(db, nextBackupDay(now, schedule.time, true), now);
  await enqueueCheck(db, { hour: checkSlot(now).hour, at: now }, now);
}

/** Keeps the job's lease while a long backup runs, so no other instance takes it up again. */
function holdLease(db: Db, job: JobRow): () => void {
  const timer = setInterval(() => {
    void db
      .updateTable("jobs")
      .set({ locked_until: new Date(Date.now() + LEASE_MS).toISOString() })
      .where("id", "=", job.id)
      .where("locked_by", "=", job.locked_by)
      .where("status", "=", "pending")
      .execute()
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The handlers, registered in app/job-handlers.server.ts. Without `deps` (no backups wired), the jobs do nothing. */
export function backupJobHandlers(deps: BackupJobDeps | undefined, logger: Logger): Record<string, JobHandler> {
  const now = () => deps?.now?.() ?? new Date();
  return {
    async [BACKUP_JOB](payload, job) {
      if (!deps?.schedule.enabled) {
        logger.info({ jobId: job.id }, "copias: programación desactivada (BACKUP_SCHEDULE=off)");
        return;
      }
      const day = typeof payload.day === "string" ? payload.day : null;
      if (day) await enqueueBackup(deps.db, followingBackup(day, deps.schedule.time), now());
      const release = holdLease(deps.db, job);
      try {
        await runScheduledBackup(deps);
      } finally {
        release();
      }
    },
    async [BACKUP_CHECK_JOB](_payload, job) {
      if (!deps?.schedule.enabled) {
        logger.info({ jobId: job.id }, "copias: programación desactivada (BACKUP_SCHEDULE=off)");
        return;
      }
      const at = now();
      await enqueueCheck(deps.db, checkSlot(at).next, at);
      await retryOffsiteCopy(deps);
      await notifyOwnerOfBackupProblems(deps.db, { now: at, offsiteConfigured: deps.offsite !== null });
    },
  };
}
