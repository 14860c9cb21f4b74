/**
 * The backups' key: an age X25519 identity (`AGE-SECRET-KEY-1…`), from BACKUP_KEY,
 * from the file BACKUP_KEY_FILE names, or else from DATA_DIR/backup-key, which the
 * first backup generates (mode 0600) when there is none. The key never lives beside
 * the archives: a key file inside BACKUP_DIR is refused. The file is an age identity
 * file (comment lines, then the key), so `age -d -i backup-key` opens an archive too.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateX25519Identity, identityToRecipient } from "age-encryption";
import type { Config } from "~/config.server.ts";
import { BackupError } from "./manifest.ts";

export interface BackupKey {
  /** The secret identity (decrypts); never logged. */
  identity: string;
  /** Its public recipient (`age1…`, encrypts). */
  recipient: string;
  /** Where it came from, for messages: "BACKUP_KEY" or the file's path. */
  source: string;
  /** True when this call generated it (the first backup without a key). */
  generated: boolean;
}

export function defaultKeyFile(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "backup-key");
}

/** True when `file` is `dir` itself or lies anywhere under it. */
function isInside(file: string, dir: string): boolean {
  const rel = path.relative(path.resolve(dir), path.resolve(file));
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** The key line of an identity file (comments and blank lines skipped). */
function identityIn(text: string, source: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  if (lines.length !== 1) throw new BackupError(`${source} no contiene una clave de copia (AGE-SECRET-KEY-1…).`);
  return lines[0]!;
}

async function withRecipient(identity: string, source: string, generated: boolean): Promise<BackupKey> {
  if (!identity.startsWith("AGE-SECRET-KEY-1")) {
    throw new BackupError(`${source} no es una clave de copia válida (debe empezar por AGE-SECRET-KEY-1).`);
  }
  try {
    return { identity, recipient: await identityToRecipient(identity), source, generated };
  } catch {
    throw new BackupError(`${source} no es una clave de copia válida (AGE-SECRET-KEY-1… dañada).`);
  }
}

/**
 * The configured key. `generate`: with no key configured and no DATA_DIR/backup-key,
 * make one (a backup does; a restore never does: it needs the key the copy was made with).
 */
export async function loadBackupKey(
  config: Pick<Config, "dataDir" | "backup">,
  opts: { generate?: boolean } = {},
): Promise<BackupKey> {
  if (config.backup.key) return withRecipient(config.backup.key, "BACKUP_KEY", false);
  const file = config.backup.keyFile ?? defaultKeyFile(config);
  const source = config.backup.keyFile ? "BACKUP_KEY_FILE" : file;
  if (isInside(file, config.backup.dir)) {
    throw new BackupError(
      `La clave de las copias (${file}) no puede estar dentro de BACKUP_DIR (${config.backup.dir}): quien tenga las copias tendría también la clave.`,
    );
  }
  if (existsSync(file)) return withRecipient(identityIn(readFileSync(file, "utf8"), source), source, false);
  if (config.backup.keyFile) throw new BackupError(`BACKUP_KEY_FILE: no existe el archivo ${file}.`);
  if (!opts.generate) {
    throw new BackupError(
      "No hay clave de copia: define BACKUP_KEY o BACKUP_KEY_FILE con la clave con la que se hizo la copia.",
    );
  }
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  mkdirSync(path.dirname(file), { recursive: true });
  const text = [
    "# Clave de las copias de seguridad de Alejandra Nails (age X25519).",
    "# Guarda una copia fuera de este servidor: sin ella ninguna copia se puede restaurar.",
    `# created: ${new Date().toISOString()}`,
    `# public key: ${recipient}`,
    identity,
    "",
  ].join("\n");
  // "wx": never overwrite a key another process wrote in the meantime.
  try {
    writeFileSync(file, text, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return loadBackupKey(config, opts);
    throw err;
  }
  return { identity, recipient, source: file, generated: true };
}
