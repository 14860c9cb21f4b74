import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The backups' log (app/backups): one row per backup run, scheduled (the
 * outbox's daily job) or manual (scripts/backup.ts).
 *
 * - status: ok | failed; the archive's file name (in BACKUP_DIR) and size
 *   when ok; for a failure, the error's message (never a key or a password).
 * - offsite_status: pending | ok | failed | off (no bucket configured), with
 *   the object's key in the bucket and the last upload error.
 *
 * The retention ladder (app/backups/retention.ts) deletes only archives
 * listed here; the panel and the owner's alerts read the latest rows.
 */
export const backupRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("backup_runs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("finished_at", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("file_name", "text")
      .addColumn("bytes", "bigint")
      .addColumn("error", "text")
      .addColumn("offsite_status", "text", (c) => c.notNull())
      .addColumn("offsite_key", "text")
      .addColumn("offsite_error", "text")
      .addColumn("pruned_at", "text")
      .execute();
    await db.schema.createIndex("backup_runs_started_idx").on("backup_runs").columns(["started_at"]).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("backup_runs").ifExists().execute();
  },
};
