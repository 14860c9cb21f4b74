/**
 * What a scheduled backup does around the archive itself (runBackup in
 * backup.server.ts, passed in as `backup`): records the run, copies the
 * archive off-site, then applies the retention ladder here and in the bucket;
 * and the hourly follow-up that copies a pending or failed off-site copy
 * again. Only archives recorded in backup_runs are ever deleted.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "~/db/db.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { notifyOwnerOfBackupProblems } from "./alerts.server.ts";
import type { OffsiteStore } from "./offsite.server.ts";
import { archivesToDelete, DEFAULT_RETENTION, type RetentionPolicy } from "./retention.ts";
import {
  latestRun,
  liveArchives,
  markPruned,
  recordBackupRun,
  safeErrorText,
  setOffsiteResult,
  type BackupRunKind,
} from "./runs.server.ts";

/** The archive's side of a backup: what runBackup resolves with. */
export interface BackupOutcome {
  path: string;
  bytes: number;
  startedAt: Date;
  finishedAt: Date;
}

export type BackupFn = (opts: { now: Date }) => Promise<BackupOutcome>;

export interface ScheduledBackupDeps {
  db: Db;
  logger: Logger;
  backup: BackupFn;
  /** BACKUP_DIR: where the archives are (a run keeps only the file's name). */
  dir: string;
  /** Null: no off-site copy configured. */
  offsite: OffsiteStore | null;
  retention?: RetentionPolicy;
  now?: () => Date;
}

/** Copies a run's archive off-site and records the outcome; a failure queues the owner's email. */
async function copyOffsite(
  deps: Omit<ScheduledBackupDeps, "backup">,
  run: { id: string; file: string },
): Promise<boolean> {
  if (!deps.offsite) {
    await setOffsiteResult(deps.db, run.id, { status: "off" });
    return true;
  }
  try {
    const object = await deps.offsite.put(path.join(deps.dir, run.file), run.file);
    await setOffsiteResult(deps.db, run.id, { status: "ok", key: object.key });
    deps.logger.info(
      { runId: run.id, store: deps.offsite.description, bytes: object.bytes },
      "copias: copia externa hecha",
    );
    return true;
  } catch (err) {
    await setOffsiteResult(deps.db, run.id, { status: "failed", error: err });
    deps.logger.error(
      { runId: run.id, store: deps.offsite.description, error: safeErrorText(err) },
      "copias: la copia externa ha fallado",
    );
    await notifyOwnerOfBackupProblems(deps.db, { now: deps.now?.() ?? new Date(), offsiteConfigured: true });
    return false;
  }
}

/**
 * Deletes the archives the ladder no longer keeps, here and in the bucket, and
 * marks them pruned. An archive whose off-site copy could not be deleted stays
 * listed, to be tried again after the next backup. Resolves with the deleted files.
 */
export async function applyRetention(deps: Omit<ScheduledBackupDeps, "backup">): Promise<string[]> {
  const now = deps.now?.() ?? new Date();
  const runs = await liveArchives(deps.db);
  const byId = new Map(runs.map((r) => [r.id, r]));
  const doomed = archivesToDelete(
    runs.map((r) => ({ name: r.id, takenAt: new Date(r.started_at) })),
    deps.retention ?? DEFAULT_RETENTION,
  );
  const pruned: string[] = [];
  const files: string[] = [];
  for (const id of doomed) {
    const run = byId.get(id)!;
    try {
      if (run.offsite_key && deps.offsite) await deps.offsite.delete(run.offsite_key);
    } catch (err) {
      deps.logger.warn({ runId: id, error: safeErrorText(err) }, "copias: no se pudo borrar la copia externa antigua");
      continue;
    }
    if (run.file_name) {
      await rm(path.join(deps.dir, run.file_name), { force: true });
      files.push(run.file_name);
    }
    pruned.push(id);
  }
  await markPruned(deps.db, pruned, now);
  if (files.length > 0) deps.logger.info({ deleted: files }, "copias: borradas las copias antiguas (retención)");
  return files;
}

/**
 * One backup and everything after it. A failed backup is recorded and thrown
 * (the job retries it); a failed off-site copy is recorded and alerted, and the
 * hourly check tries it again.
 */
export async function runScheduledBackup(
  deps: ScheduledBackupDeps,
  kind: BackupRunKind = "scheduled",
): Promise<{ runId: string; offsite: boolean; deleted: string[] }> {
  const startedAt = deps.now?.() ?? new Date();
  let outcome: BackupOutcome;
  try {
    outcome = await deps.backup({ now: startedAt });
  } catch (err) {
    const error = safeErrorText(err);
    await recordBackupRun(deps.db, {
      kind,
      status: "failed",
      startedAt,
      finishedAt: deps.now?.() ?? new Date(),
      error,
    });
    deps.logger.error({ error }, "copias: la copia de seguridad ha fallado");
    throw new Error(`copia de seguridad fallida: ${error}`);
  }
  const runId = await recordBackupRun(deps.db, {
    kind,
    status: "ok",
    startedAt: outcome.startedAt,
    finishedAt: outcome.finishedAt,
    path: outcome.path,
    bytes: outcome.bytes,
    offsite: deps.offsite ? "pending" : "off",
  });
  deps.logger.info({ runId, bytes: outcome.bytes }, "copias: copia de seguridad hecha");
  const offsite = await copyOffsite(deps, { id: runId, file: path.basename(outcome.path) });
  const deleted = await applyRetention(deps);
  return { runId, offsite, deleted };
}

/**
 * The hourly follow-up: the latest successful archive's off-site copy, if it is
 * pending (a manual backup) or failed, is tried again while the file exists.
 */
export async function retryOffsiteCopy(deps: Omit<ScheduledBackupDeps, "backup">): Promise<void> {
  const run = await latestRun(deps.db, { status: "ok" });
  if (!run?.file_name || (run.offsite_status !== "pending" && run.offsite_status !== "failed")) return;
  if (!deps.offsite) {
    if (run.offsite_status === "pending") await setOffsiteResult(deps.db, run.id, { status: "off" });
    return;
  }
  if (!existsSync(path.join(deps.dir, run.file_name))) return;
  await copyOffsite(deps, { id: run.id, file: run.file_name });
}
