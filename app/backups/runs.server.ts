/**
 * The backups' log (table backup_runs, migration 0022): each run, scheduled or
 * manual, its archive and its off-site copy. `recordBackupRun` is what
 * scripts/backup.ts calls after a manual backup; the scheduled job
 * (scheduled.server.ts) calls it too. The panel and the owner's alerts read
 * the latest rows through `loadBackupHealth`.
 */
import type { Db } from "~/db/db.server.ts";
import type { BackupRunsTable } from "~/db/schema.ts";
import { newId } from "~/lib/ids.server.ts";
import { backupHealth, type BackupHealth } from "./status.ts";

export type BackupRunKind = "scheduled" | "manual";
export type OffsiteStatus = "pending" | "ok" | "failed" | "off";
export type BackupRunRow = BackupRunsTable;

export type BackupRunInput =
  | {
      kind: BackupRunKind;
      status: "ok";
      startedAt: Date;
      finishedAt: Date;
      /** The archive's path or file name: only its name is kept. */
      path: string;
      bytes: number;
      /** "pending" (default): the hourly check copies it off-site when a bucket is configured; "off": never. */
      offsite?: "pending" | "off";
    }
  | { kind: BackupRunKind; status: "failed"; startedAt: Date; finishedAt: Date; error: unknown };

/** An age secret key, a password in a URL, a bearer token: never stored or shown. */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/AGE-SECRET-KEY-1[0-9A-Z]+/gi, "AGE-SECRET-KEY-…"],
  [/(\w+:\/\/[^:/\s]+:)[^@\s]+@/g, "$1…@"],
  [/(secret|password|token|passphrase)(["']?\s*[=:]\s*)\S+/gi, "$1$2…"],
];

/** An error as one line without secrets, for the table, the panel and the owner's email. */
export function safeErrorText(error: unknown): string {
  let text = error instanceof Error ? error.message : String(error);
  for (const [pattern, replacement] of SECRET_PATTERNS) text = text.replace(pattern, replacement);
  return text.replace(/\s+/g, " ").trim().slice(0, 500) || "Error sin mensaje";
}

function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** Stores one run; resolves with its id. */
export async function recordBackupRun(db: Db, run: BackupRunInput): Promise<string> {
  const id = newId();
  const ok = run.status === "ok";
  await db
    .insertInto("backup_runs")
    .values({
      id,
      kind: run.kind,
      started_at: run.startedAt.toISOString(),
      finished_at: run.finishedAt.toISOString(),
      status: run.status,
      file_name: ok ? baseName(run.path) : null,
      bytes: ok ? run.bytes : null,
      error: ok ? null : safeErrorText(run.error),
      offsite_status: ok ? (run.offsite ?? "pending") : "off",
      offsite_key: null,
      offsite_error: null,
      pruned_at: null,
    })
    .execute();
  return id;
}

/** What became of a run's off-site copy. */
export async function setOffsiteResult(
  db: Db,
  id: string,
  result: { status: "ok"; key: string } | { status: "failed"; error: unknown } | { status: "off" },
): Promise<void> {
  await db
    .updateTable("backup_runs")
    .set({
      offsite_status: result.status,
      offsite_key: result.status === "ok" ? result.key : null,
      offsite_error: result.status === "failed" ? safeErrorText(result.error) : null,
    })
    .where("id", "=", id)
    .execute();
}

/** The successful runs whose archive the retention ladder has not deleted yet. */
export function liveArchives(db: Db): Promise<BackupRunRow[]> {
  return db
    .selectFrom("backup_runs")
    .selectAll()
    .where("status", "=", "ok")
    .where("pruned_at", "is", null)
    .orderBy("started_at")
    .execute();
}

export async function markPruned(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("backup_runs").set({ pruned_at: now.toISOString() }).where("id", "in", ids).execute();
}

export function latestRun(db: Db, where: { status?: "ok"; offsite?: OffsiteStatus[] } = {}) {
  let query = db.selectFrom("backup_runs").selectAll();
  if (where.status) query = query.where("status", "=", where.status);
  if (where.offsite) query = query.where("offsite_status", "in", where.offsite);
  return query.orderBy("started_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
}

/** When backups started being expected: the first scheduled job's creation (no alert before the first one is due). */
async function expectedSince(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom("jobs")
    .select((eb) => eb.fn.min("created_at").as("first"))
    .where("kind", "=", "backup:scheduled")
    .executeTakeFirst();
  return row?.first ?? null;
}

/** The latest runs and what they mean for the panel and the alerts, as of `now`. */
export async function loadBackupHealth(db: Db, opts: { now: Date; offsiteConfigured: boolean }): Promise<BackupHealth> {
  const [last, lastOk, lastOffsite, lastOffsiteOk, since] = await Promise.all([
    latestRun(db),
    latestRun(db, { status: "ok" }),
    latestRun(db, { status: "ok", offsite: ["ok", "failed"] }),
    latestRun(db, { status: "ok", offsite: ["ok"] }),
    expectedSince(db),
  ]);
  return backupHealth({ ...opts, last, lastOk, lastOffsite, lastOffsiteOk, expectedSince: since });
}
