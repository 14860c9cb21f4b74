/**
 * The invoice PDF's fonts (Inter, see ./fonts/LICENSE.txt), parsed once per process and shared by
 * every document (app/invoices/pdf.server.ts). pdfkit parses a font given as bytes again for each
 * document, and shapes every string (with TEXT_FEATURES, pdfkit's own per-document cache is off)
 * through fontkit's OpenType engine: for a one-page invoice that was most of its time. Here each
 * font is parsed once and remembers how it shaped a string, so a PDF only subsets and writes.
 * Each document still embeds its own subset: pdfkit makes one per document from the shared font.
 */
import { readFileSync } from "node:fs";
import { create, type Font, type GlyphRun } from "fontkit";

/** Shaped strings remembered per font (labels, words, amounts…); the oldest goes first. */
export const LAYOUT_CACHE_SIZE = 5000;

export interface InvoiceFonts {
  regular: Font;
  bold: Font;
}

let fontsPromise: Promise<InvoiceFonts> | undefined;

/** The fonts, parsed on first use. */
export function invoiceFonts(): Promise<InvoiceFonts> {
  fontsPromise ??= loadFontFiles().then(({ regular, bold }) => ({
    regular: withLayoutCache(create(regular)),
    bold: withLayoutCache(create(bold)),
  }));
  return fontsPromise;
}

function dataUrlBytes(url: string): Buffer {
  return Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
}

/**
 * The font files. Two ways, because the same source runs in two shapes:
 * - under Vite (vitest, `npm run dev`, and the production SSR bundle in build/server/) the
 *   `?inline` import makes Vite put the file in the module itself as a base64 data URL, so the
 *   built server needs neither app/invoices/fonts nor a path guessed from the working directory
 *   (in the bundle import.meta.url is build/server/…, where no fonts are);
 * - under plain Node (a script importing app modules through scripts/lib/app-alias.ts) that
 *   import fails, and the files are read next to this module, which is then the source file.
 */
async function loadFontFiles(): Promise<{ regular: Buffer; bold: Buffer }> {
  try {
    const [regular, bold] = await Promise.all([
      import("./fonts/Inter-Regular.ttf?inline"),
      import("./fonts/Inter-Bold.ttf?inline"),
    ]);
    return { regular: dataUrlBytes(regular.default), bold: dataUrlBytes(bold.default) };
  } catch {
    return {
      regular: readFileSync(new URL("./fonts/Inter-Regular.ttf", import.meta.url)),
      bold: readFileSync(new URL("./fonts/Inter-Bold.ttf", import.meta.url)),
    };
  }
}

function featuresKey(features: unknown): string {
  if (features === undefined || features === null) return "";
  return Array.isArray(features) ? features.join(",") : JSON.stringify(features);
}

/** A copy pdfkit may change: it scales the positions in place. Glyphs are read only. */
function copyRun(run: GlyphRun): GlyphRun {
  const copy: GlyphRun = Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run);
  copy.glyphs = run.glyphs.slice();
  copy.positions = run.positions.map((p) =>
    Object.assign(Object.create(Object.getPrototypeOf(p) as object) as object, p),
  );
  return copy;
}

/**
 * Makes `font.layout` remember its results (a bounded LRU): shaping is a pure function of the
 * string and the features, and the same labels, words and figures come back in every invoice.
 * Calls with a script, language or direction are passed through.
 */
export function withLayoutCache(font: Font, size = LAYOUT_CACHE_SIZE): Font {
  const layout = font.layout.bind(font);
  const cache = new Map<string, GlyphRun>();
  font.layout = (text: string, features?: unknown, ...rest: unknown[]): GlyphRun => {
    if (rest.some((arg) => arg !== undefined)) return layout(text, features, ...rest);
    const key = `${featuresKey(features)}\u0000${text}`;
    let run = cache.get(key);
    if (run) {
      cache.delete(key);
    } else {
      run = layout(text, features);
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, run);
    return copyRun(run);
  };
  return font;
}
