/**
 * The image pipeline's settings and steps, shared by the build (scripts/build-images.ts,
 * the site's own artwork) and the back office (app/catalogue/images.server.ts,
 * photos the staff upload): one master crop, then AVIF and WebP at each width of the
 * ladder plus one JPEG for e-mail and social networks.
 */
import sharp, { type OutputInfo, type Sharp } from "sharp";
// Relative (not ~/): scripts/build-images.ts imports this module without the app's alias.
import { IMAGE_WIDTHS, jpegWidthOf } from "../domain/course-image.ts";

export { jpegWidthOf };
// Quality tuned for small files: the artwork is flat colour, where AVIF and WebP
// stay clean at low settings; photos get the same settings and still look good.
// AVIF effort 3: a quarter of the encode time of effort 4 for files no larger (measured on the hero).
export const AVIF = { quality: 46, effort: 3, chromaSubsampling: "4:2:0" } as const;
export const WEBP = { quality: 74, effort: 5, smartSubsample: true } as const;
export const JPEG = { quality: 78, mozjpeg: true, progressive: true } as const;
/** Painted under transparent pixels (the site's blush). */
export const BACKGROUND = "#F7E6EA";

interface Master {
  data: Buffer;
  info: OutputInfo;
}

/** The widths to render for an image at most `maxWidth` wide: the ladder below it, plus it. */
export function widthsUpTo(maxWidth: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < maxWidth), maxWidth];
}

/** EXIF-rotated, cropped to width×height (keeping the interesting part), flattened, sRGB, raw. */
export async function renderMaster(base: Sharp, width: number, height: number): Promise<Master> {
  return base
    .rotate()
    .resize({ width, height, fit: "cover", position: "attention" })
    .flatten({ background: BACKGROUND })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
}

type EncodedFormat = "avif" | "webp" | "jpeg";

/** One rendition of the master. */
export function encode(master: Master, width: number, height: number, format: EncodedFormat): Promise<Buffer> {
  const sized = sharp(master.data, { raw: master.info }).resize({ width, height, kernel: "lanczos3" });
  if (format === "avif") return sized.avif(AVIF).toBuffer();
  if (format === "webp") return sized.webp(WEBP).toBuffer();
  return sized.jpeg(JPEG).toBuffer();
}

/** The average colour, painted behind the image while it loads ("#rrggbb"). */
export async function dominantColor(master: Master): Promise<string> {
  const { dominant } = await sharp(master.data, { raw: master.info }).resize(32).stats();
  const hex = (n: number) => n.toString(16).padStart(2, "0");
  return `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;
}
