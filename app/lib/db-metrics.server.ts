/**
 * Gauges read from the database when Prometheus scrapes /metrics (never on a
 * timer): the outbox's pending and dead jobs, the VERI*FACTU records waiting
 * for or rejected by the AEAT, the age of the last good backup and the open
 * sessions. One round of small indexed counts per scrape, shared by the gauges.
 */
import { Gauge, Registry } from "prom-client";
import type { Db } from "~/db/db.server.ts";

export interface DbSnapshot {
  jobsPending: number;
  jobsDead: number;
  verifactuPending: number;
  verifactuRejected: number;
  /** Seconds since the last backup that ended well; null when there is none (or no backups table). */
  lastBackupAgeSeconds: number | null;
  activeSessions: number;
}

function countsBy(rows: { key: string; n: number | string | bigint }[]): Map<string, number> {
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

export async function readDbSnapshot(db: Db, now = new Date()): Promise<DbSnapshot> {
  const nowIso = now.toISOString();
  const [jobs, records, sessions, backup] = await Promise.all([
    db
      .selectFrom("jobs")
      .select(["status as key", (eb) => eb.fn.countAll<number>().as("n")])
      .where("status", "in", ["pending", "dead"])
      .groupBy("status")
      .execute(),
    db
      .selectFrom("billing_record_status")
      .select(["state as key", (eb) => eb.fn.countAll<number>().as("n")])
      .where("state", "in", ["pending", "rejected"])
      .groupBy("state")
      .execute(),
    db
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("expires_at", ">", nowIso)
      .executeTakeFirst(),
    lastGoodBackup(db),
  ]);
  const byStatus = countsBy(jobs);
  const byState = countsBy(records);
  return {
    jobsPending: byStatus.get("pending") ?? 0,
    jobsDead: byStatus.get("dead") ?? 0,
    verifactuPending: byState.get("pending") ?? 0,
    verifactuRejected: byState.get("rejected") ?? 0,
    lastBackupAgeSeconds: backup ? Math.max(0, (now.getTime() - Date.parse(backup)) / 1000) : null,
    activeSessions: Number(sessions?.n ?? 0),
  };
}

/** finished_at of the newest run with status ok; null without one or without the table (backups not set up). */
async function lastGoodBackup(db: Db): Promise<string | null> {
  try {
    const row = await db
      .selectFrom("backup_runs")
      .select((eb) => eb.fn.max("finished_at").as("at"))
      .where("status", "=", "ok")
      .executeTakeFirst();
    return row?.at ?? null;
  } catch {
    return null;
  }
}

/**
 * A registry of the database's gauges. Every gauge's collect() awaits the same
 * snapshot, read once per scrape.
 */
export function createDbMetrics(db: Db): Registry {
  const registry = new Registry();
  let pending: Promise<DbSnapshot> | null = null;
  const snapshot = () => {
    pending ??= readDbSnapshot(db).finally(() => setTimeout(() => (pending = null), 1000).unref());
    return pending;
  };
  const gauge = (name: string, help: string, read: (s: DbSnapshot) => number | null) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const value = read(await snapshot());
        if (value === null) this.remove();
        else this.set(value);
      },
    });
  gauge("outbox_jobs_pending", "Trabajos del outbox pendientes (correos, reembolsos…)", (s) => s.jobsPending);
  gauge("outbox_jobs_dead", "Trabajos del outbox abandonados tras el último intento", (s) => s.jobsDead);
  gauge(
    "verifactu_records_pending",
    "Registros de facturación pendientes de envío a la AEAT",
    (s) => s.verifactuPending,
  );
  gauge("verifactu_records_rejected", "Registros de facturación rechazados por la AEAT", (s) => s.verifactuRejected);
  gauge(
    "backup_last_success_age_seconds",
    "Segundos desde la última copia de seguridad correcta",
    (s) => s.lastBackupAgeSeconds,
  );
  gauge("sessions_active", "Sesiones abiertas sin caducar", (s) => s.activeSessions);
  return registry;
}
