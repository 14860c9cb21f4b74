// `npm run restore -- <archivo> [--force]`: restores a backup made by `npm run backup`
// into the configured database and DATA_DIR (app/backups/restore.server.ts): refuses a
// target that is not empty without --force, checks the manifest and every checksum
// before touching anything, then migrates up to this version and verifies the invoice
// chain. The key: BACKUP_KEY, BACKUP_KEY_FILE or DATA_DIR/backup-key. Stop the server
// first. Exit 0 when restored with a sound chain, 3 when the restored chain is broken,
// 2 on a wrong invocation, 1 with one line on any other failure.
import path from "node:path";
import { parseArgs } from "node:util";
import { registerAppAlias } from "./lib/app-alias.ts";

registerAppAlias(path.resolve(import.meta.dirname, ".."));
const { ConfigError, loadConfig } = await import("~/config.server.ts");
const { restoreArchive } = await import("~/backups/restore.server.ts");
const { BackupError, describeCounts } = await import("~/backups/manifest.ts");

let args;
try {
  args = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true, strict: true });
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}. Uso: npm run restore -- <archivo> [--force]`);
  process.exit(2);
}
if (args.positionals.length !== 1) {
  console.error("Uso: npm run restore -- <archivo> [--force]");
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  const r = await restoreArchive({ config, archive: args.positionals[0]!, force: args.values.force });
  const m = r.manifest;
  console.log(
    `Copia restaurada: hecha el ${m.createdAt} por la versión ${m.appVersion} (${m.database.kind}, migración ${m.database.migration ?? "ninguna"}).`,
  );
  console.log(`Contenido: ${describeCounts(r.counts)}; ${r.dataFiles} archivos de DATA_DIR.`);
  console.log(
    r.migrationsApplied.length > 0
      ? `Migraciones aplicadas después: ${r.migrationsApplied.join(", ")}.`
      : "La base de datos ya estaba al día: ninguna migración pendiente.",
  );
  const tables = Object.entries(r.tables).map(([name, n]) => `${name} ${n}`);
  console.log(`Filas por tabla: ${tables.join(", ")}.`);
  if (r.chain.broken || r.chain.xmlMismatches.length > 0) {
    const b = r.chain.broken;
    console.error(
      b
        ? `Cadena de facturación rota en el registro ${b.position ?? "?"}${b.invoiceNumber ? ` (factura ${b.invoiceNumber})` : ""}: ${b.detail}.`
        : `${r.chain.xmlMismatches.length} registros con un XML que no coincide con sus datos.`,
    );
    process.exitCode = 3;
  } else {
    console.log(`Cadena de registros de facturación correcta: ${r.chain.records} registros verificados.`);
  }
} catch (err) {
  const known = err instanceof ConfigError || err instanceof BackupError;
  console.error(
    known ? err.message : `No se pudo restaurar la copia: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exitCode = 1;
}
