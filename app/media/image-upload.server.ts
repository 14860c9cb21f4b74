/**
 * The upload half of the image pipeline, shared by course images
 * (app/catalogue/images.server.ts) and the salon's photos (app/media/site-photos.server.ts):
 * the multipart body is streamed to a temporary file (never held whole in memory
 * here), its type is judged by its bytes (JPEG, PNG or WebP, whatever the browser
 * said), and the build's sharp pipeline renders the responsive AVIF/WebP
 * renditions and one JPEG into DATA_DIR/img, served from /img/uploads/ with
 * year-long caching (content-hashed names).
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import sharp, { type Metadata } from "sharp";
import type { ImageFormat } from "~/content/image-names.ts";
import { AVIF, BACKGROUND, dominantColor, encode, JPEG, renderMaster, WEBP } from "~/lib/image-pipeline.server.ts";
import { isUploadTooLarge, MAX_IMAGE_BYTES } from "~/catalogue/image-upload-route.ts";

/** The form field that carries the file. */
const IMAGE_FIELD = "image";

const IMAGE_MESSAGES = {
  missing: "Elige una imagen para subir",
  tooLarge: `La imagen es demasiado grande: el máximo es ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  notImage: "El archivo no es una imagen JPEG, PNG o WebP",
  tooSmall: "La imagen es demasiado pequeña",
  malformed: "No se ha podido leer el archivo enviado; vuelve a intentarlo",
} as const;

type ImageRefusal = keyof typeof IMAGE_MESSAGES;

/** The HTTP status the upload page answers each refusal with. */
const IMAGE_REFUSAL_STATUS: Readonly<Record<ImageRefusal, 400 | 413 | 415>> = {
  missing: 400,
  tooLarge: 413,
  notImage: 415,
  tooSmall: 400,
  malformed: 400,
};

/** A refused upload: its code gives the message (IMAGE_MESSAGES, or the one given) and the status. */
export class ImageUploadError extends Error {
  readonly status: 400 | 413 | 415;
  constructor(
    readonly code: ImageRefusal,
    message?: string,
  ) {
    super(message ?? IMAGE_MESSAGES[code]);
    this.status = IMAGE_REFUSAL_STATUS[code];
  }
}

/** "La imagen es demasiado pequeña: necesita al menos 480 × 320 píxeles". */
export function tooSmallMessage(minWidth: number, minHeight: number): string {
  return `${IMAGE_MESSAGES.tooSmall}: necesita al menos ${minWidth} × ${minHeight} píxeles`;
}

export interface ReceivedUpload {
  /** The temporary file (the caller removes it). */
  file: string;
  /** The form's short text fields, as sent. */
  fields: Map<string, string>;
}

/**
 * Streams the `image` file of a multipart request into a new file in `tmpDir`, with
 * the form's few text fields. Refuses a missing or empty file (400), one over
 * MAX_IMAGE_BYTES or a body over its cap (413), and a broken body (400).
 */
export async function receiveUpload(request: Request, tmpDir: string): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new ImageUploadError("missing");
  }
  await mkdir(tmpDir, { recursive: true });
  const target = path.join(tmpDir, `upload-${randomBytes(8).toString("hex")}.tmp`);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: MAX_IMAGE_BYTES, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
    });
  } catch {
    throw new ImageUploadError("malformed");
  }
  // The parser can fail again after its pipeline has settled (destroyed mid-part): an
  // unheard 'error' would crash the process; the pipeline below already reports it.
  parser.on("error", () => {});
  const fields = new Map<string, string>();
  parser.on("field", (name, value) => {
    if (!fields.has(name)) fields.set(name, value);
  });
  let saved: Promise<void> | null = null;
  let tooLarge = false;
  let received = 0;
  parser.on("file", (field, file) => {
    // A body that ends (or a client that leaves) inside any file part fails that part's
    // stream too; without a listener that error would crash the process. The failure
    // itself reaches the pipelines below (the parser's, and `saved` for the kept file).
    file.on("error", () => {});
    if (field !== IMAGE_FIELD || saved) {
      file.resume();
      return;
    }
    file.on("limit", () => {
      tooLarge = true;
    });
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    saved = pipeline(file, count, createWriteStream(target, { flags: "wx" }));
    // Awaited below; when the body fails first, this one fails too and is awaited in the catch.
    saved.catch(() => {});
  });
  try {
    await pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), parser);
    await saved;
  } catch (err) {
    parser.destroy();
    await (saved as Promise<void> | null)?.catch(() => {});
    await rm(target, { force: true });
    if (isUploadTooLarge(err)) throw new ImageUploadError("tooLarge");
    throw new ImageUploadError("malformed");
  }
  if (tooLarge) {
    await rm(target, { force: true });
    throw new ImageUploadError("tooLarge");
  }
  if (!saved || received === 0) {
    await rm(target, { force: true });
    throw new ImageUploadError("missing");
  }
  return { file: target, fields };
}

/** JPEG, PNG or WebP, by the file's first bytes (the browser's type and name are not trusted). */
function sniffImageType(head: Uint8Array): "jpeg" | "png" | "webp" | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(new Uint8Array(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function hashFile(file: string, settings: unknown): Promise<string> {
  const hash = createHash("sha256").update(JSON.stringify({ AVIF, WEBP, JPEG, BACKGROUND, settings }));
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex").slice(0, 16);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** How one kind of upload is checked and rendered. */
export interface RenderSpec {
  minWidth: number;
  minHeight: number;
  /** The widest rendition for a source this large (never upscaled). */
  maxWidthFor(width: number, height: number): number;
  /** The height of a rendition this wide (the kind's aspect). */
  heightOf(width: number): number;
  /** Every rendition of the image with this key and largest width. */
  renditions(key: string, maxWidth: number): { format: ImageFormat; width: number; file: string }[];
  /** Whatever else changes the output, hashed into the key. */
  settings: unknown;
}

export interface RenderedImage {
  /** 16 hex characters of the hash of the source file and the pipeline settings. */
  key: string;
  /** Width of the largest rendition. */
  maxWidth: number;
  /** "#rrggbb", painted while the image loads. */
  color: string;
}

/**
 * Checks the file is a real JPEG, PNG or WebP large enough for its kind, then
 * renders its renditions into `outDir` (skipping those already there: the names
 * are content-addressed).
 */
export async function renderUploadedImage(file: string, outDir: string, spec: RenderSpec): Promise<RenderedImage> {
  const sniffed = sniffImageType(await readHead(file));
  if (!sniffed) throw new ImageUploadError("notImage");
  // Decoding more than ~40 megapixels is refused (a small file can claim a huge canvas).
  const base = () => sharp(file, { failOn: "error", limitInputPixels: 40_000_000 });
  let meta: Metadata;
  try {
    meta = await base().metadata();
  } catch {
    throw new ImageUploadError("notImage");
  }
  if (meta.format !== sniffed) throw new ImageUploadError("notImage");
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width < spec.minWidth || height < spec.minHeight) {
    throw new ImageUploadError("tooSmall", tooSmallMessage(spec.minWidth, spec.minHeight));
  }
  const maxWidth = spec.maxWidthFor(width, height);
  const key = await hashFile(file, spec.settings);
  let master;
  try {
    master = await renderMaster(base(), maxWidth, spec.heightOf(maxWidth));
  } catch {
    throw new ImageUploadError("notImage");
  }
  const image: RenderedImage = { key, maxWidth, color: await dominantColor(master) };
  await mkdir(outDir, { recursive: true });
  for (const r of spec.renditions(key, maxWidth)) {
    const target = path.join(outDir, r.file);
    if (await exists(target)) continue;
    const tmp = `${target}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(tmp, await encode(master, r.width, spec.heightOf(r.width), r.format));
    await rename(tmp, target);
  }
  return image;
}
