/**
 * The QR block of the invoice PDF as the AEAT asks for it (Orden HAC/1177/2024, art. 21, and the
 * AEAT's QR specification), measured on the rendered PDF: "QR tributario:" above the symbol and,
 * in VERI*FACTU mode, the legend below it, both at least the size of the invoice's data and centred
 * on the symbol; nothing printed within 6 mm of the symbol (2 mm the minimum, 6 mm recommended).
 */
import { describe, expect, it } from "vitest";
import { sampleInvoice, sampleQrUrl } from "../../tests/helpers/invoice-documents.ts";
import { pdfFirstPageLayout, type PdfBox } from "../../tests/helpers/pdf.ts";
import type { InvoiceDocument } from "./document.ts";
import { DATA_SIZE, MM } from "./pdf-draw.server.ts";
import { QR_LAYOUT, renderInvoicePdf } from "./pdf.server.ts";

const base: InvoiceDocument = sampleInvoice({
  kind: "F2",
  number: "AN2026-000007",
  operationDate: null,
  buyer: null,
  lines: [
    {
      description: "Taller de esmaltado semipermanente",
      detail: null,
      quantity: 1,
      vatTreatment: "standard",
      vatRateBp: 2100,
      baseCents: 7438,
      vatCents: 1562,
      totalCents: 9000,
    },
  ],
  breakdown: [{ vatTreatment: "standard", vatRateBp: 2100, baseCents: 7438, vatCents: 1562 }],
  baseCents: 7438,
  vatCents: 1562,
  totalCents: 9000,
  qrUrl: sampleQrUrl("AN2026-000007", "24-11-2026", "90.00"),
});

const LEGEND = ["VERI*FACTU", "Factura verificable en la sede electrónica de la AEAT"];
/** Rounding in the PDF's numbers (a thousandth of a point is 0.0004 mm). */
const EPS = 0.001;
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The clear distance between two boxes (0 when they overlap). */
function distance(a: PdfBox, b: PdfBox): number {
  const dx = Math.max(0, a.left - b.right, b.left - a.right);
  const dy = Math.max(0, a.top - b.bottom, b.top - a.bottom);
  return Math.hypot(dx, dy);
}

async function qrBlock(inv: InvoiceDocument) {
  const { texts, images } = await pdfFirstPageLayout(await renderInvoicePdf(inv));
  expect(images).toHaveLength(1);
  const symbol = images[0].ink!;
  const axis = (symbol.left + symbol.right) / 2;
  const label = texts.filter((t) => t.str.trim() === "QR tributario:");
  expect(label).toHaveLength(1);
  const legend = texts.filter((t) => t.top > symbol.bottom && LEGEND.some((l) => l.includes(t.str.trim())));
  return { texts, symbol, axis, label: label[0], legend };
}

describe("the QR block of the invoice PDF", () => {
  it("draws the 35 mm symbol where the layout says", async () => {
    const { symbol } = await qrBlock(base);
    expect(symbol.right - symbol.left).toBeCloseTo(QR_LAYOUT.size, 0);
    expect(symbol.bottom - symbol.top).toBeCloseTo(QR_LAYOUT.size, 0);
    expect(symbol.left).toBeCloseTo(QR_LAYOUT.x, 0);
  });

  it.each([
    ["VERI*FACTU", true],
    ["no VERI*FACTU", false],
  ])("in %s mode: texts at the data's size, centred on the symbol, 6 mm clear all round", async (_mode, verifactu) => {
    const { texts, symbol, axis, label, legend } = await qrBlock({ ...base, verifactu });
    // "QR tributario:" above, at least the data's size, centred within 1 pt.
    expect(label.fontSize).toBeGreaterThanOrEqual(DATA_SIZE);
    expect(label.bottom).toBeLessThan(symbol.top);
    expect(Math.abs((label.left + label.right) / 2 - axis)).toBeLessThan(1);
    // The legend below, in VERI*FACTU mode only.
    expect(squash(legend.map((t) => t.str).join(" "))).toBe(verifactu ? squash(LEGEND.join(" ")) : "");
    for (const line of legend) {
      expect(line.fontSize, line.str).toBeGreaterThanOrEqual(DATA_SIZE);
      expect(Math.abs((line.left + line.right) / 2 - axis), line.str).toBeLessThan(1);
    }
    // Nothing printed within 6 mm of the symbol (the AEAT's recommendation; 2 mm is the minimum).
    const nearest = Math.min(...texts.map((t) => distance(t, symbol)));
    expect(nearest).toBeGreaterThanOrEqual(6 * MM - EPS);
    expect(symbol.top - label.bottom).toBeGreaterThanOrEqual(6 * MM - EPS);
    if (verifactu) expect(Math.min(...legend.map((t) => t.top)) - symbol.bottom).toBeGreaterThanOrEqual(6 * MM - EPS);
    // Left and right: the page's edge and the header's column.
    expect(symbol.left).toBeGreaterThanOrEqual(6 * MM);
  });
});
