// `npm run backup`: one encrypted backup of the configured database, uploaded media
// and generated secrets into BACKUP_DIR (default DATA_DIR/backups), as the scheduler
// makes it (app/backups/backup.server.ts). Loads the configuration as the server does.
// The archive's absolute path is the last line of stdout (for scripts: `| tail -1`);
// logs go to stderr. The run is noted in backup_runs as `manual` (app/backups/runs.server.ts).
// Exit 0 on success, 1 with one line on any failure.
// How to restore, and the key: docs/operations.md.
import path from "node:path";
import { registerAppAlias } from "./lib/app-alias.ts";
import type { Config } from "~/config.server.ts";

registerAppAlias(path.resolve(import.meta.dirname, ".."));
const { ConfigError, loadConfig } = await import("~/config.server.ts");
const { createLogger } = await import("~/lib/logger.server.ts");
const { runBackup } = await import("~/backups/backup.server.ts");
const { BackupError, describeCounts } = await import("~/backups/manifest.ts");
const { recordBackupRun } = await import("~/backups/runs.server.ts");
const { createDb } = await import("~/db/db.server.ts");
type RunInput = Parameters<typeof recordBackupRun>[1];

/** The run in backup_runs as `manual` (the panel, the retention ladder); a failure here is a warning only. */
async function record(config: Config, run: RunInput): Promise<void> {
  const db = createDb(config.databaseUrl);
  try {
    await recordBackupRun(db, run);
  } catch (err) {
    console.error(
      `Aviso: la copia no se ha podido anotar en backup_runs: ${err instanceof Error ? err.message : String(err)}`,
    );
  } finally {
    await db.destroy();
  }
}

let config: Config | undefined;
const startedAt = new Date();
try {
  config = loadConfig(process.env);
  const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel, process.stderr);
  const result = await runBackup({ config, logger, now: startedAt });
  await record(config, {
    kind: "manual",
    status: "ok",
    startedAt: result.startedAt,
    finishedAt: result.finishedAt,
    path: result.path,
    bytes: result.bytes,
    offsite: config.backupOffsite ? "pending" : "off",
  });
  const seconds = ((result.finishedAt.getTime() - result.startedAt.getTime()) / 1000).toFixed(1);
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(`Copia de seguridad creada (${mb} MB, ${seconds} s): ${describeCounts(result.manifest.counts)}.`);
  console.log(result.path);
} catch (err) {
  const known = err instanceof ConfigError || err instanceof BackupError;
  console.error(known ? err.message : `No se pudo hacer la copia: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
  if (config) await record(config, { kind: "manual", status: "failed", startedAt, finishedAt: new Date(), error: err });
}
