// The fixed list of site images. Kept out of the generated manifest so that the
// names (and the `ImageName` type) exist even before `npm run images` has run.
export const IMAGE_NAMES = [
  "hero",
  "about",
  "salon",
  "mapa",
  "team-group",
  "founder",
  "team-1",
  "team-2",
  "team-3",
  "team-4",
  "team-5",
  "gallery-01",
  "gallery-02",
  "gallery-03",
  "gallery-04",
  "gallery-05",
  "gallery-06",
  "gallery-07",
  "gallery-08",
  "service-facial",
  "service-manicura",
  "service-pedicura",
  "service-formaciones",
  "course-formacion-inicio",
  "course-tecnico-manicurista",
  "course-expert-nails",
  "course-iniciacion-acrilico",
  "og-default",
] as const;

export type ImageName = (typeof IMAGE_NAMES)[number];

export type ImageFormat = "avif" | "webp" | "jpeg";

export interface ImageVariant {
  width: number;
  /** Absolute path under the site root, e.g. `/img/hero-640.1a2b3c4d.webp`. */
  src: string;
}

export interface ImageEntry {
  /** Intrinsic size of the largest rendition (gives the aspect ratio). */
  width: number;
  height: number;
  /** Average colour, painted behind the image while it loads. */
  color: string;
  avif: ImageVariant[];
  webp: ImageVariant[];
  /** One JPEG per image for e-mail clients and social networks (no AVIF/WebP there). */
  jpeg: ImageVariant[];
}

export type ImageManifest = Record<ImageName, ImageEntry>;
