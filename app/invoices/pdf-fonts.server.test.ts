import { readFileSync } from "node:fs";
import { create, type Font, type GlyphRun } from "fontkit";
import { describe, expect, it } from "vitest";
import { TEXT_FEATURES } from "./pdf-draw.server.ts";
import { invoiceFonts, withLayoutCache } from "./pdf-fonts.server.ts";

type Position = { xAdvance: number };

/** A font whose shaping is counted: one glyph per character, 10 units wide. */
function countingFont(): { font: Font; calls: () => number } {
  let calls = 0;
  const font: Font = {
    postscriptName: "Fake",
    layout(text: string): GlyphRun {
      calls += 1;
      return { glyphs: [...text].map((ch) => ({ ch })), positions: [...text].map(() => ({ xAdvance: 10 })) };
    },
  };
  return { font: withLayoutCache(font, 2), calls: () => calls };
}

const advances = (run: GlyphRun) => (run.positions as Position[]).map((p) => p.xAdvance);

describe("withLayoutCache", () => {
  it("shapes a string once per set of features", () => {
    const { font, calls } = countingFont();
    font.layout("Total", ["tnum"]);
    font.layout("Total", ["tnum"]);
    expect(calls()).toBe(1);
    font.layout("Total", ["kern"]);
    expect(calls()).toBe(2);
  });

  it("hands out copies, so scaling one in place leaves the next as shaped", () => {
    const { font } = countingFont();
    const first = font.layout("IVA", ["tnum"]);
    for (const p of first.positions as Position[]) p.xAdvance *= 9;
    first.glyphs.pop();
    const again = font.layout("IVA", ["tnum"]);
    expect(advances(again)).toEqual([10, 10, 10]);
    expect(again.glyphs).toHaveLength(3);
  });

  it("keeps only the most recently used strings", () => {
    const { font, calls } = countingFont();
    font.layout("a");
    font.layout("b");
    font.layout("a"); // "a" is now the most recent
    font.layout("c"); // evicts "b"
    expect(calls()).toBe(3);
    font.layout("a");
    expect(calls()).toBe(3);
    font.layout("b");
    expect(calls()).toBe(4);
  });
});

describe("invoiceFonts", () => {
  it("parses the fonts once and shapes as a freshly parsed font does", async () => {
    const fonts = await invoiceFonts();
    expect(await invoiceFonts()).toBe(fonts);
    for (const [weight, font] of [
      ["Regular", fonts.regular],
      ["Bold", fonts.bold],
    ] as const) {
      const fresh = create(readFileSync(new URL(`./fonts/Inter-${weight}.ttf`, import.meta.url)));
      for (const text of ["1.279,00\u00a0€", "Núria Güell Ibáñez", "Fecha de expedición: 24/11/2026"]) {
        for (let i = 0; i < 2; i++) {
          const run = font.layout(text, TEXT_FEATURES);
          const expected = fresh.layout(text, TEXT_FEATURES);
          const ids = (r: GlyphRun) => (r.glyphs as { id: number }[]).map((g) => g.id);
          expect(ids(run), text).toEqual(ids(expected));
          expect(advances(run), text).toEqual(advances(expected));
        }
      }
    }
  });
});
