/**
 * Wires the scheduled backups from the configuration: the archive (runBackup),
 * BACKUP_DIR, the off-site store (S3 when BACKUP_S3_BUCKET is set, else none)
 * and the schedule. app/services.server.ts passes the result to the job
 * handlers and queues the schedule at start.
 */
import type { Config } from "~/config.server.ts";
import type { Db } from "~/db/db.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { runBackup } from "./backup.server.ts";
import type { BackupJobDeps } from "./jobs.server.ts";
import { s3OffsiteStore } from "./offsite-s3.server.ts";

export function backupJobDepsOf(config: Config, db: Db, logger: Logger): BackupJobDeps {
  return {
    db,
    logger,
    backup: ({ now }) => runBackup({ config, logger, now }),
    dir: config.backup.dir,
    offsite: config.backupOffsite ? s3OffsiteStore(config.backupOffsite) : null,
    schedule: config.backupSchedule,
  };
}

/** The start's log line: whether backups are scheduled, when, and where they are copied. */
export function backupScheduleLogLine(config: Config): string {
  const s = config.backupSchedule;
  if (!s.enabled) return "copias programadas: desactivadas (BACKUP_SCHEDULE=off)";
  const time = `${String(s.time.hour).padStart(2, "0")}:${String(s.time.minute).padStart(2, "0")}`;
  const offsite = config.backupOffsite
    ? `copia externa en s3://${config.backupOffsite.bucket}/${config.backupOffsite.prefix}`
    : "sin copia externa (BACKUP_S3_BUCKET)";
  return `copias programadas: cada día a las ${time} (hora de Madrid) en ${config.backup.dir}, ${offsite}`;
}
