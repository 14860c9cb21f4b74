/**
 * The invoice as a PDF (A4, Spanish): every field RD 1619/2012 (arts. 6 and 7) requires, the
 * AEAT's QR code at the top left of the first page (35 mm, level M, white quiet zone) and, in
 * VERI*FACTU mode, its legend. Fonts are embedded (Inter, see ./fonts/LICENSE.txt): never the
 * standard 14 fonts, which a PDF only names. Sober on purpose: black text, the brand's plum for
 * headings and rules.
 */
import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { InvoiceDocument, InvoiceLine } from "./document.ts";
import { formatDate, formatEuros, formatQuantity, formatVatRate, KIND_TITLES, printable } from "./pdf-format.ts";

const ACCENT = "#5b1f3e"; // --plum in app/styles/app.css
const TEXT = "#000000";
const MUTED = "#4a4a4a";
const MM = 72 / 25.4;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 15 * MM;
const RIGHT = PAGE.width - MARGIN;
const WIDTH = RIGHT - MARGIN;
/** Content stops here; the footer sits below. */
const BOTTOM = PAGE.height - MARGIN - 14;
const QR_SIZE = 35 * MM; // the symbol itself; the quiet zone comes on top
const QR_QUIET_MODULES = 4;

/**
 * The fonts, read once. Two ways, because the same source runs in two shapes:
 * - under Vite (vitest, `npm run dev`, and the production SSR bundle in build/server/) the
 *   `?inline` import makes Vite put the file in the module itself as a base64 data URL, so the
 *   built server needs neither app/invoices/fonts nor a path guessed from the working directory
 *   (in the bundle import.meta.url is build/server/…, where no fonts are);
 * - under plain Node (a script importing app modules through scripts/lib/app-alias.ts) that
 *   import fails, and the files are read next to this module, which is then the source file.
 */
type FontPair = { regular: Buffer; bold: Buffer };
let fontsPromise: Promise<FontPair> | undefined;

function dataUrlBytes(url: string): Buffer {
  return Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
}

async function loadFonts(): Promise<FontPair> {
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

type Doc = PDFKit.PDFDocument;

/** Writes `text` at (x, y) in `width`; returns the height it took. */
function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: { width: number; size?: number; bold?: boolean; color?: string; align?: "left" | "right" },
): number {
  const s = printable(text);
  doc
    .font(opts.bold ? "bold" : "regular")
    .fontSize(opts.size ?? 9)
    .fillColor(opts.color ?? TEXT);
  const o = { width: opts.width, align: opts.align ?? "left", lineGap: 1 };
  doc.text(s, x, y, o);
  return doc.heightOfString(s, o);
}

function heading(doc: Doc, text: string, x: number, y: number, width: number): number {
  put(doc, text.toUpperCase(), x, y, { width, size: 8, bold: true, color: ACCENT });
  doc
    .moveTo(x, y + 12)
    .lineTo(x + width, y + 12)
    .lineWidth(0.75)
    .strokeColor(ACCENT)
    .stroke();
  return 17;
}

/** Top of page 1: QR code at the left (AEAT spec), title, number and dates at the right. */
async function header(doc: Doc, inv: InvoiceDocument): Promise<number> {
  put(doc, "QR tributario:", MARGIN, MARGIN, { width: 120, size: 8 });
  const size = QRCode.create(inv.qrUrl, { errorCorrectionLevel: "M" }).modules.size;
  const png = await QRCode.toBuffer(inv.qrUrl, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: QR_QUIET_MODULES,
    scale: 8,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
  const imageSize = (QR_SIZE * (size + 2 * QR_QUIET_MODULES)) / size;
  const quiet = (imageSize - QR_SIZE) / 2;
  // The quiet zone is part of the image; it may overlap the margin a little, the symbol starts at it.
  const qrY = MARGIN + 12;
  doc.image(png, MARGIN - quiet, qrY, { width: imageSize, height: imageSize });
  let leftY = qrY + imageSize - quiet + 2;
  if (inv.verifactu) {
    leftY += put(doc, "VERI*FACTU", MARGIN, leftY, { width: QR_SIZE + 40, size: 9, bold: true });
    leftY += put(doc, "Factura verificable en la sede electrónica de la AEAT", MARGIN, leftY, {
      width: QR_SIZE + 40,
      size: 7.5,
    });
  }

  const x = MARGIN + QR_SIZE + 50;
  const w = RIGHT - x;
  let y = MARGIN;
  y += put(doc, KIND_TITLES[inv.kind], x, y, { width: w, size: 20, bold: true, color: ACCENT, align: "right" }) + 2;
  y += put(doc, `Nº ${inv.number}`, x, y, { width: w, size: 12, bold: true, align: "right" }) + 4;
  y += put(doc, `Fecha de expedición: ${formatDate(inv.issueDate)}`, x, y, { width: w, align: "right" });
  if (inv.operationDate) {
    y += put(doc, `Fecha de la operación: ${formatDate(inv.operationDate)}`, x, y, { width: w, align: "right" });
  }
  y += put(doc, `Pedido: ${inv.orderReference}`, x, y, { width: w, align: "right" });
  return Math.max(leftY, y) + 16;
}

/** Seller and (for a factura completa) buyer, side by side. */
function parties(doc: Doc, inv: InvoiceDocument, top: number): number {
  const colW = (WIDTH - 24) / 2;
  const s = inv.seller;
  const sellerLines = [
    s.legalName,
    s.tradeName && s.tradeName !== s.legalName ? `Nombre comercial: ${s.tradeName}` : null,
    `NIF: ${s.nif}`,
    s.address,
    `${s.postalCode} ${s.city} (${s.province})`,
    s.registry,
    [s.email, s.phone].filter(Boolean).join(" · "),
  ];
  let y = top + heading(doc, "Emisor", MARGIN, top, colW);
  sellerLines.forEach((line, i) => {
    if (line) y += put(doc, line, MARGIN, y, { width: colW, bold: i === 0 });
  });
  let yBuyer = top;
  if (inv.buyer) {
    const b = inv.buyer;
    const x = MARGIN + colW + 24;
    yBuyer += heading(doc, "Destinatario", x, top, colW);
    for (const [i, line] of [b.name, `NIF: ${b.taxId}`, b.address, `${b.postalCode} ${b.city}`].entries()) {
      yBuyer += put(doc, line, x, yBuyer, { width: colW, bold: i === 0 });
    }
  }
  return Math.max(y, yBuyer) + 14;
}

function rectification(doc: Doc, inv: InvoiceDocument, top: number): number {
  if (!inv.rectifies) return top;
  const r = inv.rectifies;
  let y = top + heading(doc, "Rectificación", MARGIN, top, WIDTH);
  y += put(doc, `Rectifica la factura Nº ${r.number} de fecha ${formatDate(r.issueDate)}`, MARGIN, y, {
    width: WIDTH,
    bold: true,
  });
  y += put(doc, `Motivo: ${r.reason}`, MARGIN, y, { width: WIDTH });
  y += put(
    doc,
    "Rectificación por diferencias: los importes negativos son los que se restan de la factura rectificada.",
    MARGIN,
    y,
    { width: WIDTH, color: MUTED },
  );
  return y + 14;
}

/** The lines table's columns: the concept takes what the amounts leave. */
const COLUMNS = (() => {
  const fixed = [
    { title: "Cantidad", width: 40 },
    { title: "Base imponible", width: 66 },
    { title: "Tipo IVA", width: 42 },
    { title: "Cuota IVA", width: 60 },
    { title: "Importe", width: 66 },
  ];
  const gap = 7;
  const concept = WIDTH - fixed.reduce((sum, c) => sum + c.width + gap, 0);
  let x = MARGIN + concept + gap;
  return {
    concept: { x: MARGIN, width: concept },
    amounts: fixed.map((c) => {
      const col = { ...c, x };
      x += c.width + gap;
      return col;
    }),
  };
})();

function tableHeader(doc: Doc, y: number): number {
  put(doc, "Concepto", COLUMNS.concept.x, y, { width: COLUMNS.concept.width, size: 8, bold: true, color: ACCENT });
  for (const c of COLUMNS.amounts)
    put(doc, c.title, c.x, y, { width: c.width, size: 8, bold: true, color: ACCENT, align: "right" });
  doc
    .moveTo(MARGIN, y + 13)
    .lineTo(RIGHT, y + 13)
    .lineWidth(0.75)
    .strokeColor(ACCENT)
    .stroke();
  return y + 18;
}

function lineHeight(doc: Doc, line: InvoiceLine): number {
  const o = { width: COLUMNS.concept.width, lineGap: 1 };
  let h = doc.font("regular").fontSize(9).heightOfString(printable(line.description), o);
  if (line.detail) h += doc.font("regular").fontSize(8).heightOfString(printable(line.detail), o);
  return h + 6;
}

function lineRow(doc: Doc, line: InvoiceLine, y: number): void {
  const cy = y + put(doc, line.description, COLUMNS.concept.x, y, { width: COLUMNS.concept.width });
  if (line.detail)
    put(doc, line.detail, COLUMNS.concept.x, cy, { width: COLUMNS.concept.width, size: 8, color: MUTED });
  const cells = [
    formatQuantity(line.quantity),
    formatEuros(line.baseCents),
    formatVatRate(line.vatRateBp, line.vatTreatment === "exempt"),
    formatEuros(line.vatCents),
    formatEuros(line.totalCents),
  ];
  COLUMNS.amounts.forEach((c, i) => put(doc, cells[i], c.x, y, { width: c.width, align: "right" }));
  const h = lineHeight(doc, line);
  doc
    .moveTo(MARGIN, y + h - 3)
    .lineTo(RIGHT, y + h - 3)
    .lineWidth(0.25)
    .strokeColor("#bbbbbb")
    .stroke();
}

/** A new page with a reminder of which invoice it continues. */
function continuationPage(doc: Doc, inv: InvoiceDocument): number {
  doc.addPage();
  put(doc, `${KIND_TITLES[inv.kind]} Nº ${inv.number} (continuación)`, MARGIN, MARGIN, {
    width: WIDTH,
    bold: true,
    color: ACCENT,
  });
  return MARGIN + 24;
}

function linesTable(doc: Doc, inv: InvoiceDocument, top: number): number {
  let y = tableHeader(doc, top);
  for (const line of inv.lines) {
    const h = lineHeight(doc, line);
    if (y + h > BOTTOM) y = tableHeader(doc, continuationPage(doc, inv));
    lineRow(doc, line, y);
    y += h;
  }
  return y + 10;
}

/** VAT summary at the left, totals at the right, then the notes; moved whole to a new page if needed. */
function summary(doc: Doc, inv: InvoiceDocument, top: number): void {
  const notes = [
    inv.exemptionNote,
    inv.paymentMethod ? `Forma de pago: ${inv.paymentMethod}` : null,
    `Pedido: ${inv.orderReference}`,
  ].filter((n): n is string => n !== null);
  const needed = 30 + 14 * Math.max(inv.breakdown.length + 1, 3) + 16 + 13 * notes.length + 20;
  let y = top + needed > BOTTOM ? continuationPage(doc, inv) : top;

  const leftW = 290;
  const cols = [
    { title: "Base imponible", x: MARGIN, w: 100 },
    { title: "Tipo IVA", x: MARGIN + 110, w: 70 },
    { title: "Cuota IVA", x: MARGIN + 190, w: 100 },
  ];
  let ly = y + heading(doc, "Desglose de IVA", MARGIN, y, leftW);
  for (const c of cols) put(doc, c.title, c.x, ly, { width: c.w, size: 8, bold: true, align: "right" });
  ly += 13;
  for (const row of inv.breakdown) {
    const cells = [
      formatEuros(row.baseCents),
      formatVatRate(row.vatRateBp, row.vatTreatment === "exempt"),
      formatEuros(row.vatCents),
    ];
    cols.forEach((c, i) => put(doc, cells[i], c.x, ly, { width: c.w, align: "right" }));
    ly += 14;
  }

  const tx = RIGHT - 180;
  let ty = y + heading(doc, "Totales", tx, y, 180);
  const totals: [string, number, boolean][] = [
    ["Base imponible", inv.baseCents, false],
    ["IVA", inv.vatCents, false],
    ["Total", inv.totalCents, true],
  ];
  for (const [label, cents, strong] of totals) {
    if (strong) {
      doc.moveTo(tx, ty).lineTo(RIGHT, ty).lineWidth(0.75).strokeColor(ACCENT).stroke();
      ty += 4;
    }
    put(doc, label, tx, ty, { width: 90, size: strong ? 11 : 9, bold: strong });
    put(doc, formatEuros(cents), tx + 80, ty, { width: 100, size: strong ? 11 : 9, bold: strong, align: "right" });
    ty += strong ? 18 : 14;
  }

  y = Math.max(ly, ty) + 16;
  for (const note of notes) y += put(doc, note, MARGIN, y, { width: WIDTH }) + 2;
}

/** Every page: who issued it and, when there are several, "Página i de N". */
function footers(doc: Doc, inv: InvoiceDocument): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - MARGIN - 4;
    doc
      .moveTo(MARGIN, y - 5)
      .lineTo(RIGHT, y - 5)
      .lineWidth(0.5)
      .strokeColor(ACCENT)
      .stroke();
    const who = `${inv.seller.tradeName} · ${inv.seller.legalName} · NIF ${inv.seller.nif} · ${KIND_TITLES[inv.kind]} Nº ${inv.number}`;
    put(doc, who, MARGIN, y, { width: WIDTH - 90, size: 7, color: MUTED });
    if (count > 1)
      put(doc, `Página ${i - start + 1} de ${count}`, RIGHT - 90, y, {
        width: 90,
        size: 7,
        color: MUTED,
        align: "right",
      });
  }
}

/** Renders the invoice; deterministic for a given document (the creation date is the issue date). */
export async function renderInvoicePdf(inv: InvoiceDocument): Promise<Buffer> {
  fontsPromise ??= loadFonts();
  const fonts = await fontsPromise;
  const doc = new PDFDocument({
    size: "A4",
    // Layout is placed explicitly; a zero bottom margin keeps pdfkit from adding pages on its own.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    bufferPages: true,
    autoFirstPage: true,
    lang: "es-ES",
    displayTitle: true,
    info: {
      Title: `${KIND_TITLES[inv.kind]} ${inv.number}`,
      Author: inv.seller.legalName,
      Subject: `${KIND_TITLES[inv.kind]} Nº ${inv.number}`,
      Creator: "Alejandra Nails",
      Producer: "Alejandra Nails",
      CreationDate: new Date(`${inv.issueDate}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  doc.font("regular");

  let y = await header(doc, inv);
  y = parties(doc, inv, y);
  y = rectification(doc, inv, y);
  y = linesTable(doc, inv, y);
  summary(doc, inv, y);
  footers(doc, inv);
  doc.end();
  return done;
}
