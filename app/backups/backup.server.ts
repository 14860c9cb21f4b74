/**
 * One backup (`npm run backup`, and the scheduler): a consistent snapshot of the
 * configured database, the uploaded media and the generated secrets, in one
 * encrypted archive in BACKUP_DIR named after the time (manifest.ts). The archive
 * is written under a hidden temporary name and renamed when complete: a file with
 * the archive's name is always a whole archive.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Config } from "~/config.server.ts";
import { createDb, dbKindOf } from "~/db/db.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { writeArchive } from "./archive.server.ts";
import { dataFileEntries } from "./data-files.server.ts";
import { currentSchema, manifestCounts, migrationLevel } from "./database-facts.server.ts";
import { dumpDatabase } from "./database-snapshot.server.ts";
import { loadBackupKey } from "./key.server.ts";
import { archiveName, BACKUP_FORMAT, DATABASE_ENTRY, FORMAT_VERSION, type BackupManifest } from "./manifest.ts";

export interface BackupResult {
  /** The archive's absolute path. */
  path: string;
  /** Its size on disk. */
  bytes: number;
  manifest: BackupManifest;
  startedAt: Date;
  finishedAt: Date;
}

/** The app's version (package.json of the working directory), for the manifest. */
function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { name?: string; version?: string };
    return pkg.name === "alejandra-nails" ? (pkg.version ?? "0.0.0") : "desconocida";
  } catch {
    return "desconocida";
  }
}

/** A free archive name for `at` in `dir` (a second copy in the same minute gets -2…). */
function freeArchivePath(dir: string, at: Date): string {
  for (let attempt = 1; ; attempt++) {
    const file = path.join(dir, archiveName(at, attempt));
    if (!existsSync(file)) return file;
  }
}

export async function runBackup(opts: { config: Config; logger: Logger; now?: Date }): Promise<BackupResult> {
  const { config, logger } = opts;
  const startedAt = opts.now ?? new Date();
  const t0 = performance.now();
  const kind = dbKindOf(config.databaseUrl);
  const key = await loadBackupKey(config, { generate: true });
  if (key.generated) {
    logger.warn(
      { keyFile: key.source },
      "Generada una clave nueva para las copias de seguridad: guarda una copia fuera de este servidor",
    );
  }
  const dir = config.backup.dir;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(dir, ".tmp-"));
  try {
    const snapshot = path.join(work, path.basename(DATABASE_ENTRY[kind]));
    const live = createDb(config.databaseUrl);
    let schema: string | null;
    try {
      schema = await currentSchema(live, kind);
      await dumpDatabase(config.databaseUrl, kind, snapshot, schema);
    } finally {
      await live.destroy();
    }
    // The facts come from the snapshot itself on SQLite; PostgreSQL's are read just after pg_dump's.
    const factsDb = kind === "sqlite" ? createDb(`file:${snapshot}`) : createDb(config.databaseUrl);
    let facts: Pick<BackupManifest["database"], "migration"> & { counts: BackupManifest["counts"] };
    try {
      facts = { migration: await migrationLevel(factsDb, kind), counts: await manifestCounts(factsDb) };
    } finally {
      await factsDb.destroy();
    }
    await Promise.all(["-wal", "-shm"].map((s) => rm(snapshot + s, { force: true })));

    const entries = [{ path: DATABASE_ENTRY[kind], file: snapshot }, ...(await dataFileEntries(config.dataDir))];
    const final = freeArchivePath(dir, startedAt);
    const partial = path.join(dir, `.${path.basename(final)}.partial`);
    const manifest = await writeArchive(partial, key.recipient, entries, (written) => ({
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: startedAt.toISOString(),
      database: { kind, schema, migration: facts.migration, entry: DATABASE_ENTRY[kind] },
      counts: facts.counts,
      entries: written,
    })).catch(async (err: unknown) => {
      await rm(partial, { force: true });
      throw err;
    });
    await rename(partial, final);
    const bytes = (await stat(final)).size;
    const finishedAt = new Date(startedAt.getTime() + (performance.now() - t0));
    logger.info(
      { archive: final, bytes, entries: manifest.entries.length, ms: Math.round(performance.now() - t0) },
      "Copia de seguridad creada",
    );
    return { path: final, bytes, manifest, startedAt, finishedAt };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
