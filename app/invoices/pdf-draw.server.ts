/**
 * Drawing primitives and page geometry of the invoice PDF (app/invoices/pdf.server.ts).
 */
import type { InvoiceDocument } from "./document.ts";
import { printable } from "./pdf-format.ts";
import { documentTranslator, documentLabel } from "./document-texts.server.ts";

export const ACCENT = "#5b1f3e"; // --plum in app/styles/app.css
const TEXT = "#000000";
export const MUTED = "#4a4a4a";
export const MM = 72 / 25.4;
export const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
export const MARGIN = 15 * MM;
export const RIGHT = PAGE.width - MARGIN;
export const WIDTH = RIGHT - MARGIN;
/** Content stops here; the footer sits below. */
export const BOTTOM = PAGE.height - MARGIN - 14;

export type Doc = PDFKit.PDFDocument;

/** The size of the invoice's data: the QR's texts are never smaller (Orden HAC/1177/2024, art. 20.1.b: "similares a los del resto de datos"). */
export const DATA_SIZE = 9;

/**
 * The OpenType features every text is set with: tabular figures. Inter's proportional
 * figures are kerned against the comma ("7," loses 40 % of the 7's width and the comma 60 %
 * of its own), so "537,19" printed as "5371,9"; tabular figures carry no such pairs, keep the
 * comma its normal advance and line amounts up in the columns. Letters keep their kerning.
 */
export const TEXT_FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ["tnum"];

/** Writes `text` at (x, y) in `width`; returns the height it took. */
export function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: { width: number; size?: number; bold?: boolean; color?: string; align?: "left" | "right" | "center" },
): number {
  const s = printable(text);
  doc
    .font(opts.bold ? "bold" : "regular")
    .fontSize(opts.size ?? DATA_SIZE)
    .fillColor(opts.color ?? TEXT);
  const o = { width: opts.width, align: opts.align ?? "left", lineGap: 1, features: TEXT_FEATURES };
  doc.text(s, x, y, o);
  return doc.heightOfString(s, o);
}

export function heading(doc: Doc, text: string, x: number, y: number, width: number): number {
  put(doc, text.toUpperCase(), x, y, { width, size: 8, bold: true, color: ACCENT });
  doc
    .moveTo(x, y + 12)
    .lineTo(x + width, y + 12)
    .lineWidth(0.75)
    .strokeColor(ACCENT)
    .stroke();
  return 17;
}

/** A new page with a reminder of which invoice it continues. */
export function continuationPage(doc: Doc, inv: InvoiceDocument): number {
  doc.addPage();
  const t = documentTranslator(inv);
  const label = documentLabel(t, inv.kind, inv.demo);
  put(doc, t("invoice.pdf.continuation", { label, number: inv.number }), MARGIN, MARGIN, {
    width: WIDTH,
    bold: true,
    color: ACCENT,
  });
  return MARGIN + 24;
}
