// The committed artwork in content/images/ must be exactly what the generator draws
// (`npm run artwork` after changing scripts/artwork/), and every SVG must render the same
// anywhere: right proportions, nothing fetched from outside, no text set in installed fonts.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { IMAGE_NAMES } from "../../app/content/image-names.ts";
import { SCENES } from "./scenes.ts";

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../content/images");

/** Aspect ratios of scripts/build-images.ts → spec(). */
function aspect(name: string): number {
  if (name === "og-default") return 1200 / 630;
  if (name === "hero") return 16 / 9;
  if (name === "salon" || name === "team-group") return 3 / 2;
  if (name === "mapa") return 4 / 3;
  if (name === "about" || name === "founder" || name.startsWith("team-")) return 4 / 5;
  if (name.startsWith("gallery-")) return 4 / 3;
  if (name.startsWith("course-")) return 3 / 2;
  return 4 / 3;
}

describe("artwork", () => {
  it("has a drawing for every image name and no other", () => {
    expect(Object.keys(SCENES).sort()).toEqual([...IMAGE_NAMES].sort());
  });

  it("draws the same bytes twice (deterministic)", () => {
    for (const name of IMAGE_NAMES) expect(SCENES[name](), name).toBe(SCENES[name]());
  });

  describe.each(IMAGE_NAMES.map((name) => [name]))("%s", (name) => {
    const svg = SCENES[name]();

    it("matches the committed content/images file (run `npm run artwork`)", () => {
      const file = path.join(DIR, `${name}.svg`);
      expect(existsSync(file), `${file} is missing`).toBe(true);
      expect(readFileSync(file, "utf8") === svg, `${name}.svg differs from the generator's output: run npm run artwork`).toBe(true);
    });

    it("is a well-formed SVG with the right proportions", () => {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')).toBe(true);
      expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
      const [, w, h] = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg) ?? [];
      expect(Number(w) / Number(h)).toBeCloseTo(aspect(name), 3);
      expect(svg).toContain(`width="${w}" height="${h}"`);
      // Tags balance (every element is either self-closed or closed).
      const open = [...svg.matchAll(/<([a-zA-Z]+)(?:\s[^>]*)?(?<!\/)>/g)].map((m) => m[1]);
      const closed = [...svg.matchAll(/<\/([a-zA-Z]+)>/g)].map((m) => m[1]);
      expect(open.sort()).toEqual(closed.sort());
      // Every url(#id) points at a definition in the file.
      const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids.has(ref), `url(#${ref})`).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    });

    it("depends on nothing outside the file", () => {
      expect(svg).not.toMatch(/href="(?:https?:)?\/\//);
      expect(svg).not.toMatch(/url\((?!#)/);
      expect(svg).not.toContain("<image");
      expect(svg).not.toContain("<text");
      expect(svg).not.toContain("font-family");
      expect(svg).not.toContain("@import");
    });

    it("stays light (under 40 KB)", () => {
      expect(svg.length).toBeLessThan(40 * 1024);
    });
  });
});
