/**
 * What the latest backup runs mean, for the staff panel and the owner's
 * alerts: the last run, whether the backups are stale (no successful one for
 * 26 hours), and the state of the off-site copy. Pure: runs.server.ts reads
 * the rows.
 */
import type { BackupRunsTable } from "~/db/schema.ts";
import { STALE_AFTER_MS } from "./schedule.ts";

type Row = Pick<
  BackupRunsTable,
  "id" | "kind" | "started_at" | "finished_at" | "status" | "bytes" | "error" | "offsite_status" | "offsite_error"
>;

export interface RunSummary {
  kind: string;
  status: "ok" | "failed";
  startedAt: string;
  finishedAt: string;
  bytes: number | null;
  error: string | null;
}

export type OffsiteState = "ok" | "failed" | "pending" | "off";

export interface BackupHealth {
  last: RunSummary | null;
  lastOk: RunSummary | null;
  /** No successful backup for 26 hours (or ever, 26 hours after the first was due). */
  stale: boolean;
  /** The off-site copy of the last successful backup; "off" without a bucket. */
  offsite: OffsiteState;
  /** The last off-site copy attempted failed (with its error). */
  offsiteFailed: boolean;
  offsiteError: string | null;
  /** One per incident, for the owner's emails' dedupe keys: what the last success was. */
  staleIncident: string;
  offsiteIncident: string;
}

function summary(row: Row | undefined): RunSummary | null {
  if (!row) return null;
  return {
    kind: row.kind,
    status: row.status === "ok" ? "ok" : "failed",
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    bytes: row.bytes === null ? null : Number(row.bytes),
    error: row.error,
  };
}

export function backupHealth(input: {
  now: Date;
  offsiteConfigured: boolean;
  last: Row | undefined;
  lastOk: Row | undefined;
  /** The latest successful run whose copy was attempted (ok or failed). */
  lastOffsite: Row | undefined;
  /** The latest successful run whose copy succeeded. */
  lastOffsiteOk?: Row | undefined;
  /** When the first scheduled backup was queued (ISO), null if never. */
  expectedSince: string | null;
}): BackupHealth {
  const { now, lastOk, lastOffsite } = input;
  const since = lastOk?.finished_at ?? input.expectedSince;
  const stale = since !== null && now.getTime() - Date.parse(since) > STALE_AFTER_MS;
  const offsite: OffsiteState = !input.offsiteConfigured
    ? "off"
    : lastOk
      ? ((["ok", "failed", "pending"] as const).find((s) => s === lastOk.offsite_status) ?? "pending")
      : "pending";
  const offsiteFailed = input.offsiteConfigured && lastOffsite?.offsite_status === "failed";
  return {
    last: summary(input.last),
    lastOk: summary(lastOk),
    stale,
    offsite,
    offsiteFailed,
    offsiteError: offsiteFailed ? (lastOffsite?.offsite_error ?? null) : null,
    staleIncident: lastOk?.id ?? "none",
    offsiteIncident: input.lastOffsiteOk?.id ?? "none",
  };
}

/** Bytes as people read them on the panel: "12,4 MB" (es-ES, 1 MB = 1 000 000 bytes). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / 1_000_000;
  const digits = mb < 1 ? 2 : mb < 10 ? 1 : 0;
  const text = new Intl.NumberFormat("es-ES", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(mb);
  return `${text} MB`;
}
