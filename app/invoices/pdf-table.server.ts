/**
 * The body of the invoice PDF: the lines table (paginated, its header repeated on every page)
 * and the VAT summary, totals and notes after it.
 */
import type { InvoiceDocument, InvoiceLine } from "./document.ts";
import {
  ACCENT,
  BOTTOM,
  continuationPage,
  type Doc,
  MARGIN,
  MUTED,
  put,
  heading,
  RIGHT,
  TEXT_FEATURES,
  WIDTH,
} from "./pdf-draw.server.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";
import { documentTranslator } from "./document-texts.server.ts";
import { formatEuros, formatQuantity, formatVatRate, printable } from "./pdf-format.ts";

/** The lines table's columns: the concept takes what the amounts leave. */
const COLUMNS = (() => {
  const fixed = [
    { title: "invoice.pdf.quantity", width: 40 },
    { title: "invoice.pdf.base", width: 66 },
    { title: "invoice.pdf.vatRate", width: 42 },
    { title: "invoice.pdf.vatAmount", width: 60 },
    { title: "invoice.pdf.amount", width: 66 },
  ] as const satisfies readonly { title: MessageKey; width: number }[];
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

function tableHeader(doc: Doc, y: number, t: Translate): number {
  put(doc, t("invoice.pdf.concept"), COLUMNS.concept.x, y, {
    width: COLUMNS.concept.width,
    size: 8,
    bold: true,
    color: ACCENT,
  });
  for (const c of COLUMNS.amounts)
    put(doc, t(c.title), c.x, y, { width: c.width, size: 8, bold: true, color: ACCENT, align: "right" });
  doc
    .moveTo(MARGIN, y + 13)
    .lineTo(RIGHT, y + 13)
    .lineWidth(0.75)
    .strokeColor(ACCENT)
    .stroke();
  return y + 18;
}

function lineHeight(doc: Doc, line: InvoiceLine): number {
  const o = { width: COLUMNS.concept.width, lineGap: 1, features: TEXT_FEATURES };
  let h = doc.font("regular").fontSize(9).heightOfString(printable(line.description), o);
  if (line.detail) h += doc.font("regular").fontSize(8).heightOfString(printable(line.detail), o);
  return h + 6;
}

function lineRow(doc: Doc, line: InvoiceLine, y: number, t: Translate): void {
  const cy = y + put(doc, line.description, COLUMNS.concept.x, y, { width: COLUMNS.concept.width });
  if (line.detail)
    put(doc, line.detail, COLUMNS.concept.x, cy, { width: COLUMNS.concept.width, size: 8, color: MUTED });
  const cells = [
    formatQuantity(line.quantity),
    formatEuros(line.baseCents),
    formatVatRate(line.vatRateBp, line.vatTreatment === "exempt", t("invoice.pdf.exempt")),
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

export function linesTable(doc: Doc, inv: InvoiceDocument, top: number): number {
  const t = documentTranslator(inv);
  let y = tableHeader(doc, top, t);
  for (const line of inv.lines) {
    const h = lineHeight(doc, line);
    if (y + h > BOTTOM) y = tableHeader(doc, continuationPage(doc, inv), t);
    lineRow(doc, line, y, t);
    y += h;
  }
  return y + 10;
}

/** VAT summary at the left, totals at the right, then the notes; moved whole to a new page if needed. */
export function summary(doc: Doc, inv: InvoiceDocument, top: number): void {
  const t = documentTranslator(inv);
  const notes = [
    inv.exemptionNote,
    inv.paymentMethod ? t("invoice.pdf.paymentMethod", { method: inv.paymentMethod }) : null,
    t("invoice.pdf.order", { ref: inv.orderReference }),
  ].filter((n): n is string => n !== null);
  const needed = 30 + 14 * Math.max(inv.breakdown.length + 1, 3) + 16 + 13 * notes.length + 20;
  let y = top + needed > BOTTOM ? continuationPage(doc, inv) : top;

  const leftW = 290;
  const cols = [
    { title: t("invoice.pdf.base"), x: MARGIN, w: 100 },
    { title: t("invoice.pdf.vatRate"), x: MARGIN + 110, w: 70 },
    { title: t("invoice.pdf.vatAmount"), x: MARGIN + 190, w: 100 },
  ];
  let ly = y + heading(doc, t("invoice.pdf.vatBreakdown"), MARGIN, y, leftW);
  for (const c of cols) put(doc, c.title, c.x, ly, { width: c.w, size: 8, bold: true, align: "right" });
  ly += 13;
  for (const row of inv.breakdown) {
    const cells = [
      formatEuros(row.baseCents),
      formatVatRate(row.vatRateBp, row.vatTreatment === "exempt", t("invoice.pdf.exempt")),
      formatEuros(row.vatCents),
    ];
    cols.forEach((c, i) => put(doc, cells[i], c.x, ly, { width: c.w, align: "right" }));
    ly += 14;
  }

  const tx = RIGHT - 180;
  let ty = y + heading(doc, t("invoice.pdf.totals"), tx, y, 180);
  const totals: [string, number, boolean][] = [
    [t("invoice.pdf.base"), inv.baseCents, false],
    [t("invoice.pdf.vat"), inv.vatCents, false],
    [t("invoice.pdf.total"), inv.totalCents, true],
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
