/**
 * Restoring an archive (`npm run restore -- <archive> [--force]`) into the configured
 * database and DATA_DIR. In order: the target must be empty (no table; no uploaded
 * media) unless `force`; the archive is decrypted and unpacked into a staging folder
 * and every entry checked against the manifest — nothing of the target is touched
 * before the whole archive has proved sound; then the database and the files are put
 * in place, the migrations run up to this version and the invoice chain is verified
 * (the check `npm run facturas:verificar` makes). Stop the server first.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { Config } from "~/config.server.ts";
import { createDb, dbKindOf, migrateToLatest } from "~/db/db.server.ts";
import { migrationProvider } from "~/db/migrations/index.server.ts";
import { verifyBillingChain } from "~/invoices/verify.server.ts";
import { readArchive } from "./archive.server.ts";
import { dataDirHasMedia, placeDataFiles } from "./data-files.server.ts";
import { databaseIsEmpty, manifestCounts, tableCounts } from "./database-facts.server.ts";
import { restoreDatabase } from "./database-snapshot.server.ts";
import { loadBackupKey } from "./key.server.ts";
import { BackupError, type BackupCounts, type BackupManifest } from "./manifest.ts";

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations run after the restore (the archive was made by an older version). */
  migrationsApplied: string[];
  chain: Awaited<ReturnType<typeof verifyBillingChain>>;
  /** The manifest's counts, read again from the restored database. */
  counts: BackupCounts;
  /** Rows per table of the restored database. */
  tables: Record<string, number>;
  /** DATA_DIR files put in place. */
  dataFiles: number;
}

const KIND_NAME = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

export async function restoreArchive(opts: {
  config: Pick<Config, "dataDir" | "databaseUrl" | "backup">;
  archive: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const { config } = opts;
  const force = opts.force ?? false;
  const archive = path.resolve(opts.archive);
  if (!existsSync(archive)) throw new BackupError(`No existe el archivo ${archive}.`);
  const kind = dbKindOf(config.databaseUrl);
  const key = await loadBackupKey(config);

  if (!force) {
    const dbEmpty = await databaseIsEmpty(config.databaseUrl, kind);
    const mediaHere = await dataDirHasMedia(config.dataDir);
    if (!dbEmpty || mediaHere) {
      const what = [!dbEmpty && "la base de datos tiene tablas", mediaHere && "DATA_DIR tiene imágenes subidas"]
        .filter(Boolean)
        .join(" y ");
      throw new BackupError(`El destino no está vacío (${what}): usa --force para reemplazarlo con la copia.`);
    }
  }

  await mkdir(config.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(config.dataDir, ".restore-"));
  try {
    const manifest = await readArchive(archive, key.identity, staging);
    if (manifest.database.kind !== kind) {
      throw new BackupError(
        `La copia es de una base de datos ${KIND_NAME[manifest.database.kind]} y la configuración apunta a ${KIND_NAME[kind]}.`,
      );
    }
    const known = Object.keys(await migrationProvider.getMigrations());
    if (manifest.database.migration !== null && !known.includes(manifest.database.migration)) {
      throw new BackupError(
        `La copia es de una versión más nueva de la aplicación (migración ${manifest.database.migration}): actualízala antes de restaurar.`,
      );
    }
    await restoreDatabase(config.databaseUrl, kind, path.join(staging, ...manifest.database.entry.split("/")), {
      force,
      schema: manifest.database.schema,
    });
    const dataFiles = await placeDataFiles(staging, config.dataDir);

    const db = createDb(config.databaseUrl);
    try {
      const migrationsApplied = await migrateToLatest(db);
      const chain = await verifyBillingChain(db);
      return {
        manifest,
        migrationsApplied,
        chain,
        counts: await manifestCounts(db),
        tables: await tableCounts(db, kind),
        dataFiles,
      };
    } finally {
      await db.destroy();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
