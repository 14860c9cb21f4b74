/**
 * The archive on disk: an age file (X25519 recipient; ChaCha20-Poly1305 in 64 KiB
 * authenticated chunks, so a flipped byte or a cut end is detected) whose plaintext
 * is a POSIX tar: the database snapshot, the DATA_DIR files under data/, and
 * manifest.json last (written once every entry's SHA-256 is known). Both ways stream:
 * memory stays flat whatever the size. `age -d -i backup-key X.anbak | tar t` lists it.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, stat } from "node:fs/promises";
import { createHash } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Decrypter, Encrypter } from "age-encryption";
import tar from "tar-stream";
import {
  BackupError,
  checkEntries,
  isSafeEntryPath,
  MANIFEST_ENTRY,
  parseManifest,
  type BackupManifest,
  type ManifestEntry,
} from "./manifest.ts";

/** A file on disk and its path inside the archive. */
export interface SourceEntry {
  path: string;
  file: string;
}

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/** Resolves when `sink` takes more; rejects when it was destroyed (the archive's writing failed). */
function drained(sink: NodeJS.EventEmitter & { destroyed?: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    if (sink.destroyed) return reject(new Error("la escritura de la copia se ha interrumpido"));
    const onDrain = () => {
      sink.off("close", onClose);
      resolve();
    };
    const onClose = () => {
      sink.off("drain", onDrain);
      reject(new Error("la escritura de la copia se ha interrumpido"));
    };
    sink.once("drain", onDrain);
    sink.once("close", onClose);
  });
}

/** Writes one tar entry from a file, hashing it on the way. */
async function packFile(pack: tar.Pack, entry: SourceEntry): Promise<ManifestEntry> {
  const { size, mtime } = await stat(entry.file);
  const hash = createHash("sha256");
  let bytes = 0;
  const sink = pack.entry({ name: entry.path, size, mode: 0o600, mtime });
  const done = new Promise<void>((resolve, reject) => {
    sink.on("finish", resolve);
    sink.on("error", reject);
  });
  for await (const chunk of createReadStream(entry.file) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > size) break;
    hash.update(chunk);
    if (!sink.write(chunk)) await drained(sink);
  }
  if (bytes !== size) throw new Error(`${entry.path} cambió de tamaño mientras se copiaba`);
  sink.end();
  await done;
  return { path: entry.path, bytes, sha256: hash.digest("hex") };
}

/**
 * Writes `dest` (which must not exist): the entries in order, then the manifest
 * `manifestOf` makes from their checksums; encrypted to `recipient`.
 */
export async function writeArchive(
  dest: string,
  recipient: string,
  entries: SourceEntry[],
  manifestOf: (entries: ManifestEntry[]) => BackupManifest,
): Promise<BackupManifest> {
  const pack = tar.pack();
  const produce = (async () => {
    const written: ManifestEntry[] = [];
    for (const e of entries) written.push(await packFile(pack, e));
    const manifest = manifestOf(written);
    const json = Buffer.from(JSON.stringify(manifest, null, 2));
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: MANIFEST_ENTRY, size: json.length, mode: 0o600 }, json, (err) =>
        err ? reject(err) : resolve(),
      ),
    );
    pack.finalize();
    return manifest;
  })();
  produce.catch((err: unknown) => pack.destroy(err instanceof Error ? err : new Error(String(err))));
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const plain = Readable.toWeb(
    Readable.from(pack as AsyncIterable<Uint8Array>),
  ) as unknown as ReadableStream<Uint8Array>;
  const encrypted = await encrypter.encrypt(plain);
  try {
    await pipeline(
      Readable.fromWeb(encrypted as unknown as WebReadableStream),
      createWriteStream(dest, { flags: "wx", mode: 0o600 }),
    );
  } catch (err) {
    // The disk refused (full, gone…): stop reading the sources too.
    pack.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
  return produce;
}

/** The first line a person reads for a decryption failure (age's own message stays out). */
function headerError(err: unknown): BackupError {
  const message = err instanceof Error ? err.message : String(err);
  if (message.includes("no identity matched")) {
    return new BackupError("La clave no corresponde a esta copia: no se puede descifrar con la clave configurada.");
  }
  if (message.includes("header HMAC")) return new BackupError("La copia está dañada: su cabecera no es válida.");
  return new BackupError("El archivo no es una copia de seguridad de Alejandra Nails (o su cabecera está dañada).");
}

/**
 * Decrypts and unpacks `archive` into `stagingDir` (entries at their archive paths),
 * checking every entry against the manifest. Nothing outside `stagingDir` is touched;
 * a damaged, truncated, foreign or wrong-key archive is a BackupError.
 */
export async function readArchive(archive: string, identity: string, stagingDir: string): Promise<BackupManifest> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  const source = Readable.toWeb(createReadStream(archive)) as unknown as ReadableStream<Uint8Array>;
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(source);
  } catch (err) {
    throw headerError(err);
  }
  const extract = tar.extract();
  const feed = Readable.fromWeb(plain as unknown as WebReadableStream);
  let damaged: unknown = null;
  feed.on("error", (err) => {
    damaged = err;
    extract.destroy(err);
  });
  feed.pipe(extract as unknown as NodeJS.WritableStream);
  const found = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | null = null;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== "file" || !isSafeEntryPath(name) || found.has(name) || manifestText !== null) {
        throw new BackupError(
          `La copia está dañada o no es de Alejandra Nails: entrada inesperada ${JSON.stringify(name.slice(0, 80))}.`,
        );
      }
      const hash = createHash("sha256");
      let bytes = 0;
      if (name === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          if (bytes > MAX_MANIFEST_BYTES)
            throw new BackupError("La copia está dañada: su manifiesto es demasiado grande.");
          chunks.push(chunk);
        }
        manifestText = Buffer.concat(chunks).toString("utf8");
        continue;
      }
      const dest = path.join(stagingDir, ...name.split("/"));
      await mkdir(path.dirname(dest), { recursive: true });
      const fh = await open(dest, "wx", 0o600);
      try {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          hash.update(chunk);
          await fh.write(chunk);
        }
      } finally {
        await fh.close();
      }
      found.set(name, { bytes, sha256: hash.digest("hex") });
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(
      damaged
        ? "La copia está dañada o incompleta: el descifrado autenticado ha fallado (bytes alterados o archivo cortado)."
        : `La copia está dañada: ${err instanceof Error ? err.message : String(err)}.`,
    );
  } finally {
    // Refused halfway (an unexpected entry…): stop decrypting and close the file.
    feed.destroy();
  }
  if (damaged) {
    throw new BackupError(
      "La copia está dañada o incompleta: el descifrado autenticado ha fallado (bytes alterados o archivo cortado).",
    );
  }
  if (manifestText === null) throw new BackupError("La copia está incompleta: no tiene manifiesto.");
  const manifest = parseManifest(manifestText);
  checkEntries(manifest, found);
  return manifest;
}
