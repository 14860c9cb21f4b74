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
