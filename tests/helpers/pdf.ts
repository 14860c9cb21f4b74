// Reading PDFs back in tests (unit and integration): their text (PDF.js), the QR codes their
// images hold (PDF.js + jsQR) and which fonts they use and embed (a scan of the raw objects).
// PDF.js comes as unpdf's serverless build: no native optional dependency to install.
import jsQR from "jsqr";
import { getResolvedPDFJS } from "unpdf";

type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;
type PDFDocumentProxy = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;
type PDFPageProxy = Awaited<ReturnType<PDFDocumentProxy["getPage"]>>;
const { getDocument, OPS } = await getResolvedPDFJS();

/** Loads the PDF; `close` ends the loading task (and its fake worker). */
async function open(pdf: Buffer | Uint8Array): Promise<{ doc: PDFDocumentProxy; close: () => Promise<void> }> {
  // pdfjs wants a plain Uint8Array (not a Buffer) and may detach it: give it a copy.
  const task = getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    verbosity: 0,
  });
  return { doc: await task.promise, close: () => task.destroy() };
}

async function eachPage<T>(pdf: Buffer | Uint8Array, fn: (page: PDFPageProxy) => Promise<T>): Promise<T[]> {
  const { doc, close } = await open(pdf);
  try {
    const out: T[] = [];
    for (let n = 1; n <= doc.numPages; n++) out.push(await fn(await doc.getPage(n)));
    return out;
  } finally {
    await close();
  }
}

/**
 * The text of every page, page after page: one line per text line, no-break spaces (U+00A0,
 * U+202F, as Intl puts before "€" and "%") turned into plain spaces so tests can write "1.279,00 €".
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const pages = await eachPage(pdf, async (page) => {
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) {
      if (!("str" in item)) continue;
      text += item.str + (item.hasEOL ? "\n" : "");
    }
    return text;
  });
  return pages.join("\n").replace(/[\u00a0\u202f]/g, " ");
}

/** The number of pages. */
export async function pdfPageCount(pdf: Buffer | Uint8Array): Promise<number> {
  const { doc, close } = await open(pdf);
  try {
    return doc.numPages;
  } finally {
    await close();
  }
}

/** The document information dictionary (Title, Author, Creator…) and the catalog's /Lang. */
export async function pdfInfo(pdf: Buffer | Uint8Array): Promise<Record<string, unknown>> {
  const { doc, close } = await open(pdf);
  try {
    const { info } = await doc.getMetadata();
    const lang = /\/Lang\s*\(([^)]*)\)/.exec(Buffer.from(pdf).toString("latin1"))?.[1] ?? null;
    return { ...(info as Record<string, unknown>), Lang: lang };
  } finally {
    await close();
  }
}

interface DecodedImage {
  width: number;
  height: number;
  /** 1: 1 bit per pixel grayscale, 2: RGB, 3: RGBA (pdfjs's ImageKind). */
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

function toRgba(img: DecodedImage): Uint8ClampedArray {
  const { width, height, kind, data } = img;
  if (kind === 3) return new Uint8ClampedArray(data);
  const out = new Uint8ClampedArray(width * height * 4);
  if (kind === 2) {
    for (let i = 0, j = 0; i < width * height; i++, j += 3) out.set([data[j], data[j + 1], data[j + 2], 255], i * 4);
    return out;
  }
  // GRAYSCALE_1BPP: rows padded to whole bytes, 1 is white.
  const rowBytes = (width + 7) >> 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
      out.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return out;
}

/** The image with a white border of `pad` pixels (jsQR needs a quiet zone to find the code). */
function withQuietZone(rgba: Uint8ClampedArray, width: number, height: number, pad: number) {
  const w = width + 2 * pad;
  const h = height + 2 * pad;
  const out = new Uint8ClampedArray(w * h * 4).fill(255);
  for (let y = 0; y < height; y++)
    out.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), ((y + pad) * w + pad) * 4);
  return { data: out, width: w, height: h };
}

function objectOf(page: PDFPageProxy, id: string): Promise<unknown> {
  const objs = id.startsWith("g_") ? page.commonObjs : page.objs;
  return new Promise((resolve) => objs.get(id, resolve));
}

/** The text of every QR code drawn in the PDF, in page and drawing order. */
export async function pdfQrCodes(pdf: Buffer | Uint8Array): Promise<string[]> {
  const pages = await eachPage(pdf, async (page) => {
    const ops = await page.getOperatorList();
    const found: string[] = [];
    for (let i = 0; i < ops.fnArray.length; i++) {
      const fn = ops.fnArray[i];
      let img: DecodedImage | undefined;
      if (fn === OPS.paintImageXObject) img = (await objectOf(page, ops.argsArray[i][0] as string)) as DecodedImage;
      else if (fn === OPS.paintInlineImageXObject) img = ops.argsArray[i][0] as DecodedImage;
      if (!img?.data) continue;
      const rgba = withQuietZone(toRgba(img), img.width, img.height, 16);
      const code = jsQR(rgba.data, rgba.width, rgba.height);
      if (code) found.push(code.data);
    }
    return found;
  });
  return pages.flat();
}

export interface PdfFont {
  /** The /BaseFont, subset tag included ("AAAAAA+Inter-Regular"). */
  name: string;
  /** A font program (/FontFile, /FontFile2 or /FontFile3) is in the file. */
  embedded: boolean;
}

/**
 * Every font the PDF declares, from its objects (pdfkit writes dictionaries uncompressed, only
 * streams are deflated). A standard 14 font such as Helvetica shows up with embedded: false.
 */
export async function pdfFonts(pdf: Buffer | Uint8Array): Promise<PdfFont[]> {
  const raw = Buffer.from(pdf).toString("latin1");
  const dicts = [...raw.matchAll(/\d+ \d+ obj\s*<<([\s\S]*?)>>\s*(?:stream|endobj)/g)].map((m) => m[1]);
  const embeddedNames = new Set<string>();
  for (const d of dicts) {
    if (!/\/Type\s*\/FontDescriptor/.test(d) || !/\/FontFile[23]?\s/.test(d)) continue;
    const name = /\/FontName\s*\/([^\s/<>[\]()]+)/.exec(d)?.[1];
    if (name) embeddedNames.add(name);
  }
  const fonts = new Map<string, PdfFont>();
  for (const d of dicts) {
    if (!/\/Type\s*\/Font\b(?!Descriptor)/.test(d)) continue;
    const name = /\/BaseFont\s*\/([^\s/<>[\]()]+)/.exec(d)?.[1];
    if (name && !fonts.has(name)) fonts.set(name, { name, embedded: embeddedNames.has(name) });
  }
  return [...fonts.values()];
}

/** A box on a page, in points from the page's top left corner. */
export interface PdfBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Inter's ascender and descender (hhea, per em): a text line's glyphs stay between them. */
const INTER_ASCENT = 0.96875;
const INTER_DESCENT = 0.2412;

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];

/** The box of the dark pixels of an image, as fractions of its width and height (top-down). */
function darkBounds(img: DecodedImage): { x0: number; x1: number; y0: number; y1: number } | null {
  const rgba = toRgba(img);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (rgba[(y * img.width + x) * 4] >= 128) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y + 1);
    }
  }
  return x1 < 0 ? null : { x0: x0 / img.width, x1: x1 / img.width, y0: y0 / img.height, y1: y1 / img.height };
}

/**
 * Where things are on the first page: each text item (one line of one font run) with its font size
 * and its glyphs' box (the font's ascender to descender), and each image with its box and the box of
 * its dark pixels (a QR code's symbol without its white quiet zone).
 */
export async function pdfFirstPageLayout(pdf: Buffer | Uint8Array): Promise<{
  texts: (PdfBox & { str: string; fontSize: number })[];
  images: (PdfBox & { ink: PdfBox | null })[];
}> {
  const { doc, close } = await open(pdf);
  try {
    const page = await doc.getPage(1);
    const height = page.view[3] - page.view[1];
    const content = await page.getTextContent();
    const texts = [];
    for (const item of content.items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const [, , c, d, e, f] = item.transform as number[];
      const fontSize = Math.hypot(c, d);
      texts.push({
        str: item.str,
        fontSize,
        left: e,
        right: e + item.width,
        top: height - (f + fontSize * INTER_ASCENT),
        bottom: height - (f - fontSize * INTER_DESCENT),
      });
    }
    const ops = await page.getOperatorList();
    const images = [];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: Matrix[] = [];
    for (let i = 0; i < ops.fnArray.length; i++) {
      const fn = ops.fnArray[i];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
      else if (fn === OPS.transform) ctm = multiply(ctm, ops.argsArray[i] as Matrix);
      else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
        const img = (
          fn === OPS.paintImageXObject ? await objectOf(page, ops.argsArray[i][0] as string) : ops.argsArray[i][0]
        ) as DecodedImage;
        // The unit square, mapped by the CTM; image row 0 is at the square's top (y = 1).
        const at = (u: number, v: number) => ({
          x: ctm[0] * u + ctm[2] * v + ctm[4],
          y: height - (ctm[1] * u + ctm[3] * v + ctm[5]),
        });
        const box = (u0: number, u1: number, v0: number, v1: number): PdfBox => {
          const a = at(u0, 1 - v0);
          const b = at(u1, 1 - v1);
          return {
            left: Math.min(a.x, b.x),
            right: Math.max(a.x, b.x),
            top: Math.min(a.y, b.y),
            bottom: Math.max(a.y, b.y),
          };
        };
        const ink = img?.data ? darkBounds(img) : null;
        images.push({ ...box(0, 1, 0, 1), ink: ink ? box(ink.x0, ink.x1, ink.y0, ink.y1) : null });
      }
    }
    return { texts, images };
  } finally {
    await close();
  }
}
