// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { imageManifest } from "~/content/images.generated.ts";
import { IMAGE_NAMES } from "~/content/image-names.ts";
import { imagePreloadLink, imageUrl, Picture } from "./picture.tsx";

afterEach(cleanup);

describe("Picture", () => {
  it("offers AVIF and WebP srcsets with every width and the intrinsic size", () => {
    const { container } = render(<Picture name="hero" alt="Manos con manicura" sizes="100vw" />);
    const [avif, webp] = container.querySelectorAll("source");
    expect(avif.getAttribute("type")).toBe("image/avif");
    expect(webp.getAttribute("type")).toBe("image/webp");
    const entry = imageManifest.hero;
    expect(avif.getAttribute("srcset")).toBe(entry.avif.map((v) => `${v.src} ${v.width}w`).join(", "));
    expect(webp.getAttribute("srcset")).toMatch(/^\/img\/hero-320\.[0-9a-f]{8}\.webp 320w, /);
    expect(avif.getAttribute("sizes")).toBe("100vw");
    const img = container.querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("Manos con manicura");
    expect(img.getAttribute("width")).toBe(String(entry.width));
    expect(img.getAttribute("height")).toBe(String(entry.height));
    expect(img.getAttribute("src")).toBe(entry.jpeg[0].src);
  });

  it("is lazy and async by default", () => {
    const { container } = render(<Picture name="gallery-01" alt="" sizes="50vw" className="foto" />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.hasAttribute("fetchpriority")).toBe(false);
    expect(img.getAttribute("alt")).toBe("");
    expect(img.className).toBe("foto");
  });

  it("loads eagerly with high priority when priority is set", () => {
    const { container } = render(<Picture name="hero" alt="Portada" sizes="100vw" priority />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });

  it("marks a deferred photo's <picture> to wait for the scroll, never the first view's photo", () => {
    const pictureClass = (el: React.ReactElement) => render(el).container.querySelector("picture")!.getAttribute("class");
    expect(pictureClass(<Picture name="gallery-01" alt="" sizes="50vw" deferred />)).toBe("deferred-photo");
    expect(pictureClass(<Picture name="gallery-01" alt="" sizes="50vw" />)).toBeNull();
    // A first-view photo is never held back, whatever the caller says.
    expect(pictureClass(<Picture name="hero" alt="" sizes="100vw" priority deferred />)).toBeNull();
  });
});

describe("imageUrl", () => {
  it("picks the smallest rendition at least as wide as asked", () => {
    expect(imageUrl("hero", 600)).toMatch(/^\/img\/hero-640\.[0-9a-f]{8}\.webp$/);
    expect(imageUrl("hero", 100_000)).toBe(imageManifest.hero.webp.at(-1)!.src);
    expect(imageUrl("hero", 600, "avif")).toMatch(/\.avif$/);
  });

  it("builds an AVIF preload link for the LCP image", () => {
    const link = imagePreloadLink("hero", "100vw");
    expect(link).toMatchObject({ rel: "preload", as: "image", type: "image/avif", imageSizes: "100vw" });
    expect(link.imageSrcSet).toContain("/img/hero-640.");
  });

  it("gives a 1200×630 JPEG for Open Graph", () => {
    expect(imageUrl("og-default")).toMatch(/^\/img\/og-default-1200\.[0-9a-f]{8}\.jpg$/);
    expect(imageManifest["og-default"]).toMatchObject({ width: 1200, height: 630 });
  });

  it("has a complete manifest: every name, ascending widths, a JPEG, the stated aspect", () => {
    expect(Object.keys(imageManifest).sort()).toEqual([...IMAGE_NAMES].sort());
    for (const name of IMAGE_NAMES) {
      const e = imageManifest[name];
      for (const list of [e.avif, e.webp]) {
        expect(list.length).toBeGreaterThan(0);
        expect(list.map((v) => v.width)).toEqual([...list.map((v) => v.width)].sort((a, b) => a - b));
        expect(list.at(-1)!.width).toBe(e.width);
      }
      expect(e.jpeg).toHaveLength(1);
      expect(e.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
