import { describe, expect, it } from "vitest";
import {
  ALT_MAX,
  parsePhotoFields,
  PHOTO_MESSAGES,
  PHOTO_SLOT_SPECS,
  PHOTO_SLOTS,
  photoEntry,
  photoHeight,
  photoMaxWidth,
  photoRenditions,
  slotHasRoom,
} from "./site-photo.ts";

const fields = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe("site photo slots", () => {
  it("keep the aspect of the artwork each one replaces", () => {
    expect(photoHeight("hero", 1920)).toBe(1080);
    expect(photoHeight("gallery", 1280)).toBe(960);
    expect(photoHeight("team", 1600)).toBe(1067);
    expect(photoHeight("professional", 960)).toBe(1200);
    expect(photoHeight("service", 960)).toBe(720);
    for (const slot of PHOTO_SLOTS) {
      const spec = PHOTO_SLOT_SPECS[slot];
      expect(spec.minWidth, slot).toBeLessThanOrEqual(spec.maxWidth);
      expect(photoHeight(slot, spec.minWidth), slot).toBeLessThanOrEqual(spec.minHeight);
    }
  });

  it("never upscale: the widest rendition is bounded by the source and its height", () => {
    expect(photoMaxWidth("hero", 4000, 3000)).toBe(1920);
    expect(photoMaxWidth("hero", 1400, 800)).toBe(1400);
    expect(photoMaxWidth("hero", 2000, 720)).toBe(1280); // 720 high gives 1280 wide at 16:9
    expect(photoMaxWidth("professional", 3000, 700)).toBe(560);
  });

  it("name AVIF and WebP renditions per width and one JPEG, all under /img/uploads", () => {
    const r = photoRenditions("0123456789abcdef", 1000);
    expect(r.map((x) => `${x.format}-${x.width}`)).toEqual([
      "avif-320",
      "webp-320",
      "avif-480",
      "webp-480",
      "avif-640",
      "webp-640",
      "avif-960",
      "webp-960",
      "avif-1000",
      "webp-1000",
      "jpeg-1000",
    ]);
    const entry = photoEntry({ slot: "gallery", imageKey: "0123456789abcdef", width: 1000, color: "#aabbcc" });
    expect(entry).toMatchObject({ width: 1000, height: 750, color: "#aabbcc" });
    expect(entry.jpeg).toEqual([{ width: 1000, src: "/img/uploads/photo-0123456789abcdef-1000.jpg" }]);
    expect(entry.avif).toHaveLength(5);
  });

  it("hold one photo each, except the gallery's twelve", () => {
    expect(slotHasRoom("hero", 0)).toBe(true);
    expect(slotHasRoom("hero", 1)).toBe(false);
    expect(slotHasRoom("gallery", 11)).toBe(true);
    expect(slotHasRoom("gallery", 12)).toBe(false);
  });
});

describe("the upload form", () => {
  it("needs a slot, a subject only where the slot has one, and alt text", () => {
    expect(parsePhotoFields(fields({ slot: "portada", alt: "Una foto" }))).toEqual({ error: PHOTO_MESSAGES.slot });
    expect(parsePhotoFields(fields({ slot: "professional", alt: "Laura sonriendo" }))).toEqual({
      error: PHOTO_MESSAGES.subject,
    });
    expect(parsePhotoFields(fields({ slot: "hero", subject: "laura", alt: "El salón" }))).toEqual({
      error: PHOTO_MESSAGES.subject,
    });
    expect(parsePhotoFields(fields({ slot: "hero", alt: "  " }))).toEqual({ error: PHOTO_MESSAGES.altMissing });
    expect(parsePhotoFields(fields({ slot: "hero", alt: "Sí" }))).toEqual({ error: PHOTO_MESSAGES.altShort });
    expect(parsePhotoFields(fields({ slot: "hero", alt: "x".repeat(ALT_MAX + 1) }))).toEqual({
      error: PHOTO_MESSAGES.altLong,
    });
  });

  it("tidies the text and keeps a caption for the gallery only", () => {
    expect(
      parsePhotoFields(fields({ slot: "gallery", alt: "  Uñas   francesas ", caption: " Francesa ", replaces: "p1" })),
    ).toEqual({ slot: "gallery", subjectId: null, alt: "Uñas francesas", caption: "Francesa", replaces: "p1" });
    expect(
      parsePhotoFields(fields({ slot: "service", subject: "semipermanente", alt: "Manos", caption: "x" })),
    ).toEqual({ slot: "service", subjectId: "semipermanente", alt: "Manos", caption: null, replaces: null });
    expect(parsePhotoFields(fields({ slot: "gallery", alt: "Uñas rojas", caption: "x".repeat(61) }))).toEqual({
      error: PHOTO_MESSAGES.captionLong,
    });
  });
});
