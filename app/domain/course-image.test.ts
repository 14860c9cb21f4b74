import { describe, expect, it } from "vitest";
import { parseUploadedImageRef, uploadedImageEntry, uploadedImageRef, uploadedRenditions } from "./course-image.ts";

const image = { key: "0123456789abcdef", maxWidth: 960, color: "#f0e0d0" };

describe("uploaded course images", () => {
  it("round-trips the reference stored in courses.image", () => {
    const ref = uploadedImageRef(image);
    expect(ref).toBe("upload:0123456789abcdef:960:#f0e0d0");
    expect(parseUploadedImageRef(ref)).toEqual(image);
  });

  it("describes every rendition: AVIF and WebP per width, one JPEG, 3:2 sizes", () => {
    const entry = uploadedImageEntry(uploadedImageRef(image))!;
    expect(entry).toMatchObject({ width: 960, height: 640, color: "#f0e0d0" });
    expect(entry.avif.map((v) => v.width)).toEqual([320, 480, 640, 960]);
    expect(entry.webp.map((v) => v.src)).toContain("/img/uploads/course-0123456789abcdef-480.webp");
    expect(entry.jpeg).toEqual([{ width: 960, src: "/img/uploads/course-0123456789abcdef-960.jpg" }]);
    const small = uploadedRenditions({ ...image, maxWidth: 500 });
    expect(small.map((r) => `${r.format}-${r.width}`)).toEqual([
      "avif-320",
      "webp-320",
      "avif-480",
      "webp-480",
      "avif-500",
      "webp-500",
      "jpeg-500",
    ]);
  });

  it("is null for build-time names and anything malformed", () => {
    for (const ref of [
      "course-expert-nails",
      "",
      "upload:0123:960:#f0e0d0",
      "upload:0123456789abcdef:5000:#f0e0d0",
      "upload:0123456789abcdef:100:#f0e0d0",
      "upload:0123456789ABCDEF:960:#f0e0d0",
      "upload:0123456789abcdef:960:#f0e0d0/../../x",
    ]) {
      expect(uploadedImageEntry(ref), ref).toBeNull();
    }
  });
});
