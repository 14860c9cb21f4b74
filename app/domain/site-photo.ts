/**
 * The salon's own photos, uploaded in Gestión → Fotos (issue 15 of the designer's
 * walk): the home page's hero and gallery, the team's group photo, one portrait per
 * professional and one picture per service. Each slot has the aspect and size of
 * the artwork it replaces; a page shows the photo when there is one and its
 * artwork otherwise. Renditions go through the same pipeline as course images
 * (app/media/image-upload.server.ts) and are served from /img/uploads.
 */
import type { ImageEntry, ImageFormat, ImageVariant } from "../content/image-names.ts";
import { IMAGE_WIDTHS, jpegWidthOf, UPLOADED_IMAGES_URL } from "./course-image.ts";

export const PHOTO_SLOTS = ["hero", "gallery", "team", "professional", "service"] as const;
export type PhotoSlot = (typeof PHOTO_SLOTS)[number];

export interface PhotoSlotSpec {
  /** Width : height of every rendition (the artwork's). */
  aspect: readonly [number, number];
  maxWidth: number;
  minWidth: number;
  minHeight: number;
  /** How many photos the slot holds (per subject, where it has one). */
  max: number;
  /** What the photo belongs to: nothing, a professional or a service. */
  subject: "none" | "professional" | "service";
  /** Spanish name of the slot in Gestión. */
  label: string;
}

export const PHOTO_SLOT_SPECS: Readonly<Record<PhotoSlot, PhotoSlotSpec>> = {
  hero: {
    aspect: [16, 9],
    maxWidth: 1920,
    minWidth: 1280,
    minHeight: 720,
    max: 1,
    subject: "none",
    label: "Portada de la página de inicio",
  },
  gallery: {
    aspect: [4, 3],
    maxWidth: 1280,
    minWidth: 640,
    minHeight: 480,
    max: 12,
    subject: "none",
    label: "Galería de trabajos",
  },
  team: {
    aspect: [3, 2],
    maxWidth: 1600,
    minWidth: 960,
    minHeight: 640,
    max: 1,
    subject: "none",
    label: "Foto del equipo",
  },
  professional: {
    aspect: [4, 5],
    maxWidth: 960,
    minWidth: 480,
    minHeight: 600,
    max: 1,
    subject: "professional",
    label: "Retrato de profesional",
  },
  service: {
    aspect: [4, 3],
    maxWidth: 960,
    minWidth: 480,
    minHeight: 360,
    max: 1,
    subject: "service",
    label: "Foto de servicio",
  },
};

export function isPhotoSlot(value: string): value is PhotoSlot {
  return (PHOTO_SLOTS as readonly string[]).includes(value);
}

/** Height of a rendition `width` wide in this slot's aspect. */
export function photoHeight(slot: PhotoSlot, width: number): number {
  const [w, h] = PHOTO_SLOT_SPECS[slot].aspect;
  return Math.round((width * h) / w);
}

/** The widest rendition a source width×height gives in this slot: never upscaled. */
export function photoMaxWidth(slot: PhotoSlot, width: number, height: number): number {
  const spec = PHOTO_SLOT_SPECS[slot];
  return Math.min(spec.maxWidth, width, Math.floor((height * spec.aspect[0]) / spec.aspect[1]));
}

const EXT: Record<ImageFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/** Every rendition of a photo: AVIF and WebP per width of the ladder, one JPEG. */
export function photoRenditions(key: string, maxWidth: number): { format: ImageFormat; width: number; file: string }[] {
  const widths = [...IMAGE_WIDTHS.filter((w) => w < maxWidth), maxWidth];
  const jpeg = jpegWidthOf(widths);
  return widths.flatMap((width) =>
    (["avif", "webp", ...(width === jpeg ? (["jpeg"] as const) : [])] as ImageFormat[]).map((format) => ({
      format,
      width,
      file: `photo-${key}-${width}.${EXT[format]}`,
    })),
  );
}

/** What a stored photo needs to be drawn. */
export interface StoredPhoto {
  slot: PhotoSlot;
  imageKey: string;
  width: number;
  color: string;
}

/** The manifest entry <Picture> draws for a stored photo. */
export function photoEntry(photo: StoredPhoto): ImageEntry {
  const entry: ImageEntry = {
    width: photo.width,
    height: photoHeight(photo.slot, photo.width),
    color: photo.color,
    avif: [],
    webp: [],
    jpeg: [],
  };
  for (const r of photoRenditions(photo.imageKey, photo.width)) {
    entry[r.format].push({ width: r.width, src: `${UPLOADED_IMAGES_URL}/${r.file}` } satisfies ImageVariant);
  }
  return entry;
}

export const ALT_MIN = 5;
export const ALT_MAX = 250;
export const CAPTION_MAX = 60;

export const PHOTO_MESSAGES = {
  slot: "Elige dónde va la foto",
  subject: "Elige de quién o de qué servicio es la foto",
  altMissing: "Describe la foto para quien no pueda verla (texto alternativo)",
  altShort: `El texto alternativo necesita al menos ${ALT_MIN} caracteres`,
  altLong: `El texto alternativo admite como máximo ${ALT_MAX} caracteres`,
  captionLong: `El título admite como máximo ${CAPTION_MAX} caracteres`,
  full: "La galería ya tiene 12 fotos: quita una antes de subir otra",
} as const;

export interface PhotoFields {
  slot: PhotoSlot;
  subjectId: string | null;
  alt: string;
  caption: string | null;
  /** The photo this upload replaces (same slot and subject), if any. */
  replaces: string | null;
}

const clean = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();

/** Checks the text of the upload form and the alt-text edit. */
export function checkAlt(raw: string | undefined): { alt: string } | { error: string } {
  const alt = clean(raw);
  if (!alt) return { error: PHOTO_MESSAGES.altMissing };
  if (alt.length < ALT_MIN) return { error: PHOTO_MESSAGES.altShort };
  if (alt.length > ALT_MAX) return { error: PHOTO_MESSAGES.altLong };
  return { alt };
}

/** The upload form's text fields, or the first problem in Spanish. */
export function parsePhotoFields(fields: ReadonlyMap<string, string>): PhotoFields | { error: string } {
  const slot = clean(fields.get("slot"));
  if (!isPhotoSlot(slot)) return { error: PHOTO_MESSAGES.slot };
  const subjectId = clean(fields.get("subject")) || null;
  const needsSubject = PHOTO_SLOT_SPECS[slot].subject !== "none";
  if (needsSubject !== (subjectId !== null)) return { error: PHOTO_MESSAGES.subject };
  const alt = checkAlt(fields.get("alt"));
  if ("error" in alt) return alt;
  const caption = slot === "gallery" ? clean(fields.get("caption")) || null : null;
  if (caption && caption.length > CAPTION_MAX) return { error: PHOTO_MESSAGES.captionLong };
  return { slot, subjectId, alt: alt.alt, caption, replaces: clean(fields.get("replaces")) || null };
}

/** Whether a new photo (not a replacement) fits the slot, given how many it holds now. */
export function slotHasRoom(slot: PhotoSlot, count: number): boolean {
  return count < PHOTO_SLOT_SPECS[slot].max;
}
