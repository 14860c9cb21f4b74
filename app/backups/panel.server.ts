/**
 * The backups as the staff panel (/gestion) shows them: the last backup and
 * its off-site copy, the warning when there has been no successful backup for
 * 26 hours or the last off-site copy failed, and, for the owner only, the
 * reminder to keep a copy of a key the first backup generated in DATA_DIR.
 */
import { existsSync } from "node:fs";
import type { Config } from "~/config.server.ts";
import type { Db } from "~/db/db.server.ts";
import { defaultKeyFile } from "./key.server.ts";
import { loadBackupHealth } from "./runs.server.ts";
import type { BackupHealth } from "./status.ts";

export interface BackupPanel {
  health: BackupHealth;
  /** BACKUP_SCHEDULE: false means backups are only made by hand (scripts/backup.ts). */
  scheduled: boolean;
  /** Owner only: the generated key's path, while neither BACKUP_KEY nor BACKUP_KEY_FILE names one. */
  generatedKeyFile: string | null;
}

type PanelConfig = Pick<Config, "backup" | "backupSchedule" | "backupOffsite" | "dataDir">;

/** A key the first backup generated: it lives only on this server until the owner copies it elsewhere. */
function generatedKeyFile(config: PanelConfig): string | null {
  if (config.backup.key || config.backup.keyFile) return null;
  const file = defaultKeyFile(config);
  return existsSync(file) ? file : null;
}

export async function loadBackupPanel(
  db: Db,
  config: PanelConfig,
  opts: { now: Date; owner: boolean },
): Promise<BackupPanel> {
  return {
    health: await loadBackupHealth(db, { now: opts.now, offsiteConfigured: config.backupOffsite !== null }),
    scheduled: config.backupSchedule.enabled,
    generatedKeyFile: opts.owner ? generatedKeyFile(config) : null,
  };
}
