/**
 * The off-site copy of each backup archive: a small interface with the real
 * S3-compatible store (offsite-s3.server.ts, BACKUP_S3_*) and a local one that
 * copies into a directory (tests, or a mounted disk). Keys are the archive's
 * file name under the configured prefix. The archives are already encrypted
 * (app/backups/backup.server.ts): the store sees only ciphertext.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";

export type { S3Settings } from "./settings.ts";

export interface OffsiteObject {
  key: string;
  bytes: number;
}

export interface OffsiteStore {
  /** For the logs and the panel: "s3" or "local". */
  readonly kind: string;
  /** Where the copies go, without credentials ("s3://bucket/prefix/"). */
  readonly description: string;
  /** Copies the file; resolves with its key and size once the store holds all of it. */
  put(file: string, name: string): Promise<OffsiteObject>;
  /** Every object under the prefix. */
  list(): Promise<OffsiteObject[]>;
  /** Deletes one object by key; deleting a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** "backups/" from "backups", "" from "" or "/": keys are `${prefix}${name}`. */
export function normalisePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? "").trim().replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "" : `${trimmed}/`;
}

/** The SHA-256 of a file, hex: what the off-site copy must match. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Copies into a directory: the same contract as the bucket, for tests and a mounted second disk. */
export function localOffsiteStore(dir: string, prefix = ""): OffsiteStore {
  const base = path.resolve(dir);
  const norm = normalisePrefix(prefix);
  const fileOf = (key: string) => {
    const target = path.resolve(base, key);
    if (!target.startsWith(base + path.sep)) throw new Error("clave fuera del directorio de copias");
    return target;
  };
  return {
    kind: "local",
    description: path.join(base, norm),
    async put(file, name) {
      const key = `${norm}${name}`;
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(file, target);
      return { key, bytes: (await stat(target)).size };
    },
    async list() {
      const dirOfPrefix = path.join(base, norm);
      let names: string[];
      try {
        names = await readdir(dirOfPrefix);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw err;
      }
      const objects: OffsiteObject[] = [];
      for (const name of names.sort()) {
        const info = await stat(path.join(dirOfPrefix, name));
        if (info.isFile()) objects.push({ key: `${norm}${name}`, bytes: info.size });
      }
      return objects;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
