/**
 * The backup archive's pure rules: its file name, its manifest (what it holds,
 * with the SHA-256 and size of every entry) and the checks a restore makes
 * against it. The archive itself (age over a tar) is built in archive.server.ts.
 */
import { z } from "zod";

/** What the manifest says the archive is; anything else is not one of ours. */
export const BACKUP_FORMAT = "alejandra-nails-backup";
/** The layout this code writes and reads; a newer archive is refused with a clear line. */
export const FORMAT_VERSION = 1;
export const ARCHIVE_EXTENSION = ".anbak";
export const MANIFEST_ENTRY = "manifest.json";
export const DATABASE_ENTRY = { sqlite: "database/salon.sqlite", postgres: "database/salon.pgdump" } as const;
/** Prefix of the DATA_DIR files (uploaded images, generated secrets) inside the archive. */
export const DATA_PREFIX = "data/";

/** A restore's refusal or an archive's flaw: one Spanish line, shown as it is (never a secret in it). */
export class BackupError extends Error {
  override readonly name = "BackupError";
}

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

const entrySchema = z.object({
  path: z.string().refine(isSafeEntryPath),
  bytes: z.number().int().nonnegative(),
  sha256: sha256Hex,
});

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(["sqlite", "postgres"]),
    /** PostgreSQL: the schema the dump holds (objects are restored into the schema of that name). */
    schema: z.string().nullable(),
    /** The last migration applied when the copy was made (null: none). */
    migration: z.string().nullable(),
    entry: z.string(),
  }),
  counts: z.object({
    orders: z.number().int().nonnegative(),
    invoices: z.number().int().nonnegative(),
    billingRecords: z.number().int().nonnegative(),
    appointments: z.number().int().nonnegative(),
    users: z.number().int().nonnegative(),
  }),
  entries: z.array(entrySchema),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = BackupManifest["entries"][number];
export type BackupCounts = BackupManifest["counts"];

/**
 * `alejandra-nails-2026-11-28T0300Z.anbak` (UTC, to the minute); a second copy in the
 * same minute gets `-2`, `-3`… (`attempt`).
 */
export function archiveName(at: Date, attempt = 1): string {
  const iso = at.toISOString(); // 2026-11-28T03:00:12.345Z
  const stamp = `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
  return `alejandra-nails-${stamp}${attempt > 1 ? `-${attempt}` : ""}${ARCHIVE_EXTENSION}`;
}

const ARCHIVE_NAME = /^alejandra-nails-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})Z(?:-\d+)?\.anbak$/;

/** The minute an archive was made, from its name; null for a file that is not an archive. */
export function archiveTime(name: string): Date | null {
  const m = ARCHIVE_NAME.exec(name);
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}:${m[3]}:00Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A relative path under database/ or data/, without `..`, backslashes or control characters. */
export function isSafeEntryPath(p: string): boolean {
  if (p === MANIFEST_ENTRY) return true;
  if (!(p.startsWith("database/") || p.startsWith(DATA_PREFIX))) return false;
  if (p.length > 1000 || p.includes("\\") || [...p].some((c) => c.charCodeAt(0) < 0x20)) return false;
  return p.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

/** Reads manifest.json; a foreign, newer or malformed manifest is a BackupError. */
export function parseManifest(text: string): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupError("La copia está dañada: su manifiesto no es JSON válido.");
  }
  const head = raw as { format?: unknown; formatVersion?: unknown } | null;
  if (head?.format !== BACKUP_FORMAT) {
    throw new BackupError("El archivo no es una copia de seguridad de Alejandra Nails.");
  }
  if (typeof head.formatVersion === "number" && head.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `La copia tiene un formato más nuevo (versión ${head.formatVersion}) que esta aplicación (versión ${FORMAT_VERSION}): actualízala antes de restaurar.`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join(".") ?? "";
    throw new BackupError(`La copia está dañada: su manifiesto no es válido (${where}).`);
  }
  const m = parsed.data;
  const paths = new Set<string>();
  for (const e of m.entries) {
    if (e.path === MANIFEST_ENTRY || paths.has(e.path)) {
      throw new BackupError(`La copia está dañada: su manifiesto repite o nombra mal ${e.path}.`);
    }
    paths.add(e.path);
  }
  if (m.database.entry !== DATABASE_ENTRY[m.database.kind] || !paths.has(m.database.entry)) {
    throw new BackupError("La copia está dañada: su manifiesto no nombra la base de datos.");
  }
  return m;
}

/**
 * Every entry the manifest names was found with its size and SHA-256, and nothing
 * else was in the archive; the first difference is a BackupError.
 */
export function checkEntries(
  manifest: BackupManifest,
  found: ReadonlyMap<string, { bytes: number; sha256: string }>,
): void {
  for (const e of manifest.entries) {
    const got = found.get(e.path);
    if (!got) throw new BackupError(`La copia está incompleta: falta ${e.path}.`);
    if (got.bytes !== e.bytes || got.sha256 !== e.sha256) {
      throw new BackupError(`La copia está dañada: ${e.path} no coincide con su suma de comprobación.`);
    }
  }
  const named = new Set(manifest.entries.map((e) => e.path));
  for (const p of found.keys()) {
    if (!named.has(p)) throw new BackupError(`La copia está dañada: ${p} no figura en su manifiesto.`);
  }
}

/** The manifest's counts for a person: "3 pedidos, 2 facturas…". */
export function describeCounts(c: BackupCounts): string {
  return `${c.users} usuarios, ${c.orders} pedidos, ${c.invoices} facturas, ${c.billingRecords} registros de facturación, ${c.appointments} citas`;
}
