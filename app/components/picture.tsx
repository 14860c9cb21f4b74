// Responsive images from the build-time pipeline (scripts/build-images.ts).
// The manifest is generated: on a fresh clone run `npm run images` (the build and
// `npm test` do it first) before `npm run typecheck` or `vitest`.
import { preload } from "react-dom";
import { imageManifest } from "~/content/images.generated.ts";
import { type ImageEntry, type ImageFormat, type ImageName, type ImageVariant } from "~/content/image-names.ts";

export type { ImageName } from "~/content/image-names.ts";

/** A build-time image by name, or the entry of an image uploaded at runtime (course photos). */
export type ImageSource = ImageName | ImageEntry;

function entryOf(source: ImageSource): ImageEntry {
  return typeof source === "string" ? imageManifest[source] : source;
}

function srcSet(variants: ImageVariant[]): string {
  return variants.map((v) => `${v.src} ${v.width}w`).join(", ");
}

/** The smallest variant at least `width` wide, or the largest one. */
function pick(variants: ImageVariant[], width: number): ImageVariant {
  return variants.find((v) => v.width >= width) ?? variants[variants.length - 1];
}

/**
 * Site-absolute URL of one rendition (prefix the origin for og:image / JSON-LD / e-mail).
 * Default format is WebP, except og-default which defaults to JPEG (social networks).
 * Without a width it returns the largest rendition.
 */
export function imageUrl(name: ImageSource, width?: number, format?: ImageFormat): string {
  const entry = entryOf(name);
  const fmt = format ?? (name === "og-default" ? "jpeg" : "webp");
  return pick(entry[fmt], width ?? Number.POSITIVE_INFINITY).src;
}

/**
 * A `<link rel="preload">` descriptor for a route's `links` export, for the LCP image
 * (use the same `sizes` as the Picture). Typed AVIF: browsers without AVIF skip it.
 */
export function imagePreloadLink(name: ImageSource, sizes: string) {
  return {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: srcSet(entryOf(name).avif),
    imageSizes: sizes,
    fetchPriority: "high",
  } as const;
}

export interface PictureProps {
  name: ImageSource;
  /** Spanish description; "" for purely decorative images. */
  alt: string;
  sizes: string;
  /** Above-the-fold image (LCP): eager, high fetch priority. */
  priority?: boolean;
  /**
   * Far below the first view: the <picture> is `.deferred-photo` (app.css), laid out and
   * fetched only as it nears the viewport. Only where the styles give that <picture> the
   * aspect ratio of its <img>, or its box would change size when the photo is rendered.
   */
  deferred?: boolean;
  className?: string;
}

export function Picture({ name, alt, sizes, priority = false, deferred = false, className }: PictureProps) {
  const entry = entryOf(name);
  // The JPEG is the one format every browser decodes; the sources above win wherever they can.
  const fallback = entry.jpeg[0];
  if (priority) {
    // The LCP image: React hoists this preload to the top of <head>, so the browser
    // fetches it ahead of the modulepreloaded scripts instead of after them.
    const hint = imagePreloadLink(name, sizes);
    preload(pick(entry.avif, 960).src, {
      as: "image",
      type: hint.type,
      imageSrcSet: hint.imageSrcSet,
      imageSizes: hint.imageSizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture className={deferred && !priority ? "deferred-photo" : undefined}>
      <source type="image/avif" srcSet={srcSet(entry.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(entry.webp)} sizes={sizes} />
      <img
        src={fallback.src}
        alt={alt}
        width={entry.width}
        height={entry.height}
        className={className}
        style={{ backgroundColor: entry.color }}
        {...(priority
          ? { loading: "eager" as const, fetchPriority: "high" as const, decoding: "auto" as const }
          : { loading: "lazy" as const, decoding: "async" as const })}
      />
    </picture>
  );
}
