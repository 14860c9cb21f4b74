/**
 * Which DATA_DIR files a backup carries, and putting them back. Carried: the uploaded
 * media (DATA_DIR/img: course images and site photos, every rendition) and the
 * generated secrets (DATA_DIR/session-secret). Not carried: the database (its own
 * snapshot), the backups and their key, the dev e-mail outbox, half-received uploads
 * (names starting with ".").
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { uploadedImagesDir } from "~/catalogue/image-upload-route.ts";
import type { SourceEntry } from "./archive.server.ts";
import { DATA_PREFIX } from "./manifest.ts";

/** Top-level DATA_DIR files carried as they are (generated secrets). */
export const DATA_SECRET_FILES = ["session-secret"] as const;
/** DATA_DIR folders carried with everything under them (uploaded media). */
export const DATA_MEDIA_DIRS = [path.relative("/data", uploadedImagesDir("/data"))] as const;

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const d of await readdir(dir, { withFileTypes: true })) {
    if (d.name.startsWith(".")) continue;
    const full = path.join(dir, d.name);
    if (d.isDirectory()) out.push(...(await filesUnder(full)));
    else if (d.isFile()) out.push(full);
  }
  return out.sort();
}

/** The DATA_DIR files to back up, with their archive paths (data/…, "/"-separated). */
export async function dataFileEntries(dataDir: string): Promise<SourceEntry[]> {
  const entries: SourceEntry[] = [];
  const toEntry = (file: string): SourceEntry => ({
    file,
    path: DATA_PREFIX + path.relative(dataDir, file).split(path.sep).join("/"),
  });
  for (const name of DATA_SECRET_FILES) {
    const file = path.join(dataDir, name);
    if (existsSync(file)) entries.push(toEntry(file));
  }
  for (const dir of DATA_MEDIA_DIRS) entries.push(...(await filesUnder(path.join(dataDir, dir))).map(toEntry));
  return entries;
}

/**
 * Whether DATA_DIR holds uploaded media a restore would replace. A generated secret
 * alone does not count: loading the configuration writes one into an empty DATA_DIR.
 */
export async function dataDirHasMedia(dataDir: string): Promise<boolean> {
  for (const dir of DATA_MEDIA_DIRS) if ((await filesUnder(path.join(dataDir, dir))).length > 0) return true;
  return false;
}

async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await copyFile(from, to);
    await rm(from);
  }
}

/**
 * Moves the staged DATA_DIR files (stagingDir/data/…) into DATA_DIR: each media folder
 * replaces the one there (the caller has checked it was empty or `--force` was given);
 * secrets overwrite theirs. Returns how many files were put in place.
 */
export async function placeDataFiles(stagingDir: string, dataDir: string): Promise<number> {
  const staged = path.join(stagingDir, ...DATA_PREFIX.split("/").filter(Boolean));
  await mkdir(dataDir, { recursive: true });
  let placed = 0;
  for (const name of DATA_SECRET_FILES) {
    const from = path.join(staged, name);
    if (!existsSync(from)) continue;
    await move(from, path.join(dataDir, name));
    placed++;
  }
  for (const dir of DATA_MEDIA_DIRS) {
    const target = path.join(dataDir, dir);
    await rm(target, { recursive: true, force: true });
    const from = path.join(staged, dir);
    if (!existsSync(from)) continue;
    placed += (await filesUnder(from)).length;
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(from, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      for (const file of await filesUnder(from)) {
        const to = path.join(target, path.relative(from, file));
        await mkdir(path.dirname(to), { recursive: true });
        await move(file, to);
      }
    }
  }
  return placed;
}
