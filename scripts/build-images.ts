// Image pipeline (`npm run images`, run first by `npm run build`).
//
// Sources live in content/images/<name>.<ext>. A photo (jpg/jpeg/png/webp/avif)
// takes precedence over the SVG artwork of the same name, so the salon can drop
// real photos in later without touching code. Every image is rendered with sharp
// to several widths in AVIF and WebP (plus one JPEG for e-mail and social
// networks), written to public/img/ under content-hashed names, and described in
// app/content/images.generated.ts (both gitignored).
//
// Incremental: a small record per (image, source hash, settings) in
// node_modules/.cache/build-images/ lets a second run skip all encoding. Safe under concurrent
// runs: every file is written to a unique temp file and renamed into place (the
// names are content-addressed, so racing writers produce the same bytes), and the
// manifest is replaced atomically and only when it changes.
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { IMAGE_NAMES, type ImageEntry, type ImageManifest, type ImageName, type ImageVariant } from "../app/content/image-names.ts";
// The settings and steps are shared with the back office's uploads (course photos).
import { AVIF, dominantColor, encode, JPEG, jpegWidthOf, renderMaster, WEBP, widthsUpTo } from "../app/lib/image-pipeline.server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE_DIR = path.join(root, "content/images");
const OUT_DIR = path.join(root, "public/img");
// Outside public/ so the records are never copied into the client build.
const CACHE_DIR = path.join(root, "node_modules/.cache/build-images");
const MANIFEST = path.join(root, "app/content/images.generated.ts");

// Bump when the encoding settings below change, to invalidate every cache record.
const PIPELINE_VERSION = 3;
const PHOTO_EXTS = [".jpg", ".jpeg", ".png", ".webp", ".avif"];

interface Spec {
  /** Output aspect ratio (photos are cropped to it; the SVGs are drawn at it). */
  aspect: [number, number];
  maxWidth: number;
  /** Fixed widths instead of the responsive ladder (Open Graph wants exactly 1200×630). */
  widths?: number[];
}

function spec(name: ImageName): Spec {
  if (name === "og-default") return { aspect: [1200, 630], maxWidth: 1200, widths: [1200] };
  if (name === "hero") return { aspect: [16, 9], maxWidth: 1920 };
  if (name === "salon" || name === "team-group") return { aspect: [3, 2], maxWidth: 1600 };
  if (name === "mapa") return { aspect: [4, 3], maxWidth: 1280 };
  if (name === "about" || name === "founder" || name.startsWith("team-")) return { aspect: [4, 5], maxWidth: 960 };
  if (name.startsWith("gallery-")) return { aspect: [4, 3], maxWidth: 1280 };
  if (name.startsWith("course-")) return { aspect: [3, 2], maxWidth: 960 };
  return { aspect: [4, 3], maxWidth: 960 }; // service-*
}

async function findSource(name: ImageName): Promise<string> {
  for (const ext of [...PHOTO_EXTS, ".svg"]) {
    const file = path.join(SOURCE_DIR, name + ext);
    if (existsSync(file)) return file;
  }
  throw new Error(`Falta la imagen de origen content/images/${name}.svg (o .jpg/.png/.webp)`);
}

/** Writes through a unique temp file and a rename, so readers never see half a file. */
async function writeAtomic(file: string, data: Buffer | string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

async function render(name: ImageName, source: string, key: string): Promise<ImageEntry> {
  const s = spec(name);
  const input = await readFile(source);
  const isSvg = source.endsWith(".svg");
  let base = sharp(input, { failOn: "error" });
  const meta = await base.metadata();
  const ratio = s.aspect[1] / s.aspect[0];
  // A photo is never upscaled; the SVG is rasterised straight at the largest size.
  const maxWidth = isSvg ? s.maxWidth : Math.min(s.maxWidth, meta.width ?? s.maxWidth);
  const widths = s.widths ?? widthsUpTo(maxWidth).filter((w, i, a) => a.indexOf(w) === i);
  if (isSvg) {
    // Density so the SVG's own width maps onto maxWidth pixels (sharp's default is 72 dpi).
    const density = Math.min(2400, (72 * maxWidth) / (meta.width ?? maxWidth));
    base = sharp(input, { density, failOn: "error" });
  }
  const master = await renderMaster(base, maxWidth, Math.round(maxWidth * ratio));

  const short = key.slice(0, 8);
  const out: Pick<ImageEntry, "avif" | "webp" | "jpeg"> = { avif: [], webp: [], jpeg: [] };
  // The JPEG: the widest rendition up to 1200 px (enough for e-mail and link previews).
  const jpegWidth = jpegWidthOf(widths);
  for (const width of widths) {
    const height = Math.round(width * ratio);
    const formats: [keyof typeof out, string][] = [
      ["avif", "avif"],
      ["webp", "webp"],
    ];
    if (width === jpegWidth) formats.push(["jpeg", "jpg"]);
    for (const [format, ext] of formats) {
      const file = `${name}-${width}.${short}.${ext}`;
      const target = path.join(OUT_DIR, file);
      if (!existsSync(target)) await writeAtomic(target, await encode(master, width, height, format));
      out[format].push({ width, src: `/img/${file}` } satisfies ImageVariant);
    }
  }
  const last = widths[widths.length - 1];
  return {
    width: last,
    height: Math.round(last * ratio),
    color: await dominantColor(master),
    ...out,
  };
}

async function buildOne(name: ImageName): Promise<{ entry: ImageEntry; cached: boolean }> {
  const source = await findSource(name);
  const key = createHash("sha256")
    .update(JSON.stringify({ v: PIPELINE_VERSION, spec: spec(name), AVIF, WEBP, JPEG, ext: path.extname(source) }))
    .update(await readFile(source))
    .digest("hex");
  const record = path.join(CACHE_DIR, `${name}.${key.slice(0, 16)}.json`);
  if (existsSync(record)) {
    const entry = JSON.parse(await readFile(record, "utf8")) as ImageEntry;
    const files = [...entry.avif, ...entry.webp, ...entry.jpeg].map((v) => path.join(root, "public", v.src));
    if (files.every((f) => existsSync(f))) return { entry, cached: true };
  }
  const entry = await render(name, source, key);
  await writeAtomic(record, JSON.stringify(entry));
  return { entry, cached: false };
}

function manifestSource(manifest: ImageManifest): string {
  return [
    "// Generated by scripts/build-images.ts (`npm run images`). Do not edit.",
    'import type { ImageManifest } from "./image-names.ts";',
    "",
    `export const imageManifest: ImageManifest = ${JSON.stringify(manifest, null, 2)};`,
    "",
  ].join("\n");
}

/** Removes renditions no longer referenced, but only old ones: another checkout state may still be building. */
async function prune(manifest: ImageManifest): Promise<number> {
  const keep = new Set(Object.values(manifest).flatMap((e) => [...e.avif, ...e.webp, ...e.jpeg].map((v) => path.basename(v.src))));
  const cutoff = Date.now() - 60 * 60 * 1000;
  let removed = 0;
  for (const file of await readdir(OUT_DIR)) {
    if (file.startsWith(".") || keep.has(file)) continue;
    const full = path.join(OUT_DIR, file);
    const info = await stat(full).catch(() => null);
    if (info?.isFile() && info.mtimeMs < cutoff) {
      await rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}

async function main() {
  const started = performance.now();
  await mkdir(CACHE_DIR, { recursive: true });
  await mkdir(OUT_DIR, { recursive: true });
  // Two at a time: the machine is small and sharp already uses threads per image.
  const queue = [...IMAGE_NAMES];
  const entries = new Map<ImageName, ImageEntry>();
  let rendered = 0;
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const { entry, cached } = await buildOne(name);
      entries.set(name, entry);
      if (!cached) {
        rendered++;
        console.log(`  ${name}: ${entry.avif.length} anchos`);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  const manifest = Object.fromEntries(IMAGE_NAMES.map((n) => [n, entries.get(n)])) as ImageManifest;
  const text = manifestSource(manifest);
  const current = existsSync(MANIFEST) ? await readFile(MANIFEST, "utf8") : "";
  if (current !== text) await writeAtomic(MANIFEST, text);
  const removed = await prune(manifest);
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Imágenes: ${IMAGE_NAMES.length} (${rendered} renderizadas, ${removed} antiguas borradas) en ${secs} s`);
}

await main();
