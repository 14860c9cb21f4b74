/**
 * Course photos uploaded from the back office. `courses.image` holds either the
 * name of a build-time image (content/images, e.g. "course-expert-nails") or a
 * reference to an upload, "upload:<key>:<width>:<colour>", from which every
 * rendition's URL follows: the files are content-addressed under /img/uploads/
 * (DATA_DIR/img on disk), so a URL never changes meaning and caches for a year.
 */
import type { ImageEntry, ImageFormat, ImageVariant } from "../content/image-names.ts";

/** The responsive width ladder of the image pipeline (app/lib/image-pipeline.server.ts). */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1600, 1920] as const;

/** Course pictures: 3:2, up to 960 px wide (as scripts/build-images.ts renders course-*). */
export const COURSE_IMAGE = {
  aspect: [3, 2] as const,
  maxWidth: 960,
  minWidth: 480,
  minHeight: 320,
  /** Largest file the staff may upload (8 MB). */
  maxBytes: 8 * 1024 * 1024,
};

/** Where uploaded renditions are served from (server/static-assets.ts). */
export const UPLOADED_IMAGES_URL = "/img/uploads";

const REF = /^upload:([0-9a-f]{16}):(\d{3,4}):#([0-9a-f]{6})$/;
const EXT: Record<ImageFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

export interface UploadedImage {
  /** 16 hex characters of the hash of the source file and the pipeline settings. */
  key: string;
  /** Width of the largest rendition. */
  maxWidth: number;
  /** "#rrggbb", painted while the image loads. */
  color: string;
}

export function uploadedImageRef({ key, maxWidth, color }: UploadedImage): string {
  return `upload:${key}:${maxWidth}:${color}`;
}

export function parseUploadedImageRef(ref: string): UploadedImage | null {
  const m = REF.exec(ref);
  if (!m) return null;
  const maxWidth = Number(m[2]);
  if (maxWidth < IMAGE_WIDTHS[0] || maxWidth > COURSE_IMAGE.maxWidth) return null;
  return { key: m[1], maxWidth, color: `#${m[3]}` };
}

export function courseImageHeight(width: number): number {
  return Math.round((width * COURSE_IMAGE.aspect[1]) / COURSE_IMAGE.aspect[0]);
}

/** The widths rendered for an image whose largest rendition is `maxWidth` wide (the pipeline's rule). */
function courseImageWidths(maxWidth: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < maxWidth), maxWidth];
}

/** The single JPEG's width: the widest rendition up to 1200 px. */
export function jpegWidthOf(widths: readonly number[]): number {
  return widths.filter((w) => w <= 1200).at(-1) ?? widths[0];
}

/** File name of one rendition of an upload (in DATA_DIR/img). */
function uploadedFileName(key: string, width: number, format: ImageFormat): string {
  return `course-${key}-${width}.${EXT[format]}`;
}

/** Every rendition of an upload: format, width and file name. */
export function uploadedRenditions(image: UploadedImage): { format: ImageFormat; width: number; file: string }[] {
  const widths = courseImageWidths(image.maxWidth);
  const jpeg = jpegWidthOf(widths);
  return widths.flatMap((width) =>
    (["avif", "webp", ...(width === jpeg ? (["jpeg"] as const) : [])] as ImageFormat[]).map((format) => ({
      format,
      width,
      file: uploadedFileName(image.key, width, format),
    })),
  );
}

/** The manifest entry of an uploaded image (what <Picture> draws), or null for anything else. */
export function uploadedImageEntry(ref: string): ImageEntry | null {
  const image = parseUploadedImageRef(ref);
  if (!image) return null;
  const entry: ImageEntry = {
    width: image.maxWidth,
    height: courseImageHeight(image.maxWidth),
    color: image.color,
    avif: [],
    webp: [],
    jpeg: [],
  };
  for (const r of uploadedRenditions(image)) {
    entry[r.format].push({ width: r.width, src: `${UPLOADED_IMAGES_URL}/${r.file}` } satisfies ImageVariant);
  }
  return entry;
}
