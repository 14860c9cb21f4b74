/**
 * The invoice as a PDF (A4, in the order's language, Spanish by default; the legal content as issued): every field RD 1619/2012 (arts. 6 and 7) requires, the
 * AEAT's QR code at the top left of the first page (35 mm, level M, 6 mm clear all round) under
 * "QR tributario:" and, in VERI*FACTU mode, over its legend, both centred on it at the size of the
 * invoice's data (Orden HAC/1177/2024, arts. 20 and 21, and the AEAT's QR specification). Fonts are
 * embedded (Inter, see ./fonts/LICENSE.txt): never the standard 14 fonts, which a PDF only names.
 * Sober on purpose: black text, the brand's plum for headings and rules. A demo sale's document (app/invoices/series.ts) has no QR: in its place, and
 * in every page's footer, "Documento de demostración sin validez fiscal"; it is never called a factura.
 */
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { InvoiceDocument } from "./document.ts";
import { ACCENT, DATA_SIZE, type Doc, heading, MARGIN, MM, MUTED, PAGE, put, RIGHT, WIDTH } from "./pdf-draw.server.ts";
import { invoiceFonts } from "./pdf-fonts.server.ts";
import { formatDate } from "./pdf-format.ts";
import type { Translate } from "~/i18n/messages.ts";
import {
  demoExplanation,
  demoNotice as demoNoticeText,
  documentTranslator,
  documentLabel,
} from "./document-texts.server.ts";
import { linesTable, summary } from "./pdf-table.server.ts";
import { qrPng } from "./qr-png.ts";
import { QR_CAPTION, VERIFACTU_LEGEND_LINES, VERIFACTU_MARK } from "./texts.ts";

/** Where the QR goes on page 1 and what is kept clear around it (exported for the PDF's tests). */
export const QR_LAYOUT = {
  /** The symbol itself, 35 mm (30 to 40 mm allowed); its white quiet zone comes on top. */
  size: 35 * MM,
  /** Its left edge. */
  x: MARGIN,
  /** Nothing is printed closer to the symbol than this: 6 mm, the AEAT's recommendation (2 mm at least). */
  clearance: 6 * MM,
  /** "QR tributario:" above and the VERI*FACTU legend below, centred on the symbol, in this width. */
  textWidth: 35 * MM + 40,
} as const;
const QR_SIZE = QR_LAYOUT.size;
const QR_QUIET_MODULES = 4;
/**
 * Where a demo document has no QR (app/invoices/series.ts): a framed notice that it is no
 * invoice, in the place the QR takes on an invoice. Returns where the left column ends.
 */
function demoNotice(doc: Doc, t: Translate): number {
  const width = QR_SIZE + 60;
  const pad = 6;
  let y = MARGIN + pad;
  y += put(doc, demoNoticeText(t).toUpperCase(), MARGIN + pad, y, {
    width: width - 2 * pad,
    size: 10,
    bold: true,
    color: ACCENT,
  });
  y += 3;
  y += put(doc, demoExplanation(t), MARGIN + pad, y, { width: width - 2 * pad, size: 7.5 });
  y += pad;
  doc
    .rect(MARGIN, MARGIN, width, y - MARGIN)
    .lineWidth(1.5)
    .strokeColor(ACCENT)
    .stroke();
  return y + 4;
}

/** Top of page 1: QR code at the left (AEAT spec), title, number and dates at the right. */
function header(doc: Doc, inv: InvoiceDocument): number {
  const t = documentTranslator(inv);
  const leftEnd = inv.qrUrl === null ? demoNotice(doc, t) : qrCode(doc, inv.qrUrl, inv.verifactu);
  const x = MARGIN + QR_SIZE + (inv.qrUrl === null ? 70 : 50);
  const w = RIGHT - x;
  let y = MARGIN;
  y +=
    put(doc, documentLabel(t, inv.kind, inv.demo), x, y, {
      width: w,
      size: 20,
      bold: true,
      color: ACCENT,
      align: "right",
    }) + 2;
  const number = t("invoice.pdf.number", { number: inv.number });
  y += put(doc, number, x, y, { width: w, size: 12, bold: true, align: "right" }) + 4;
  y += put(doc, t("invoice.pdf.issueDate", { date: formatDate(inv.issueDate) }), x, y, { width: w, align: "right" });
  if (inv.operationDate) {
    const operation = t("invoice.pdf.operationDate", { date: formatDate(inv.operationDate) });
    y += put(doc, operation, x, y, { width: w, align: "right" });
  }
  y += put(doc, t("invoice.pdf.order", { ref: inv.orderReference }), x, y, { width: w, align: "right" });
  return Math.max(leftEnd, y) + 16;
}

/**
 * The QR code at the top left (AEAT spec) under "QR tributario:" and, in VERI*FACTU mode, over its
 * legend; both texts centred on the symbol's vertical axis, at the data's size, 6 mm away from it.
 * Returns where the left column ends (6 mm below the symbol in every mode).
 */
function qrCode(doc: Doc, qrUrl: string, verifactu: boolean): number {
  const textX = QR_LAYOUT.x + QR_SIZE / 2 - QR_LAYOUT.textWidth / 2;
  const text = { width: QR_LAYOUT.textWidth, size: DATA_SIZE, align: "center" } as const;
  const labelHeight = put(doc, QR_CAPTION, textX, MARGIN, text);
  const { modules } = QRCode.create(qrUrl, { errorCorrectionLevel: "M" });
  const size = modules.size;
  const png = qrPng(modules, { margin: QR_QUIET_MODULES, scale: 8 });
  const imageSize = (QR_SIZE * (size + 2 * QR_QUIET_MODULES)) / size;
  const quiet = (imageSize - QR_SIZE) / 2;
  // The quiet zone (4 modules, under 6 mm) is part of the image; the symbol starts inside it.
  const qrTop = MARGIN + labelHeight + QR_LAYOUT.clearance;
  doc.image(png, QR_LAYOUT.x - quiet, qrTop - quiet, { width: imageSize, height: imageSize });
  let leftY = qrTop + QR_SIZE + QR_LAYOUT.clearance;
  if (verifactu) {
    leftY += put(doc, VERIFACTU_MARK, textX, leftY, { ...text, bold: true });
    // One line at a time: pdfkit centres a wrapped line with the width of what ends it (a space,
    // a line break), which leaves it 1.2 pt off the axis.
    for (const line of VERIFACTU_LEGEND_LINES) {
      leftY += put(doc, line, textX, leftY, text);
    }
  }
  return leftY;
}

/** Seller and (for a factura completa) buyer, side by side. */
function parties(doc: Doc, inv: InvoiceDocument, top: number): number {
  const colW = (WIDTH - 24) / 2;
  const s = inv.seller;
  const t = documentTranslator(inv);
  const sellerLines = [
    s.legalName,
    s.tradeName && s.tradeName !== s.legalName ? t("invoice.pdf.tradeName", { name: s.tradeName }) : null,
    `NIF: ${s.nif}`,
    s.address,
    `${s.postalCode} ${s.city} (${s.province})`,
    s.registry,
    [s.email, s.phone].filter(Boolean).join(" · "),
  ];
  let y = top + heading(doc, t("invoice.pdf.seller"), MARGIN, top, colW);
  sellerLines.forEach((line, i) => {
    if (line) y += put(doc, line, MARGIN, y, { width: colW, bold: i === 0 });
  });
  let yBuyer = top;
  if (inv.buyer) {
    const b = inv.buyer;
    const x = MARGIN + colW + 24;
    yBuyer += heading(doc, t("invoice.pdf.buyer"), x, top, colW);
    for (const [i, line] of [b.name, `NIF: ${b.taxId}`, b.address, `${b.postalCode} ${b.city}`].entries()) {
      yBuyer += put(doc, line, x, yBuyer, { width: colW, bold: i === 0 });
    }
  }
  return Math.max(y, yBuyer) + 14;
}

function rectification(doc: Doc, inv: InvoiceDocument, top: number): number {
  if (!inv.rectifies) return top;
  const r = inv.rectifies;
  const t = documentTranslator(inv);
  // A demo sale's refund rectifies no invoice: it refers to the demo document it refunds.
  let y = top + heading(doc, t(inv.demo ? "invoice.pdf.refund" : "invoice.pdf.rectification"), MARGIN, top, WIDTH);
  const rectified = { number: r.number, date: formatDate(r.issueDate) };
  y += put(doc, t(inv.demo ? "invoice.pdf.refundsDemo" : "invoice.pdf.rectifies", rectified), MARGIN, y, {
    width: WIDTH,
    bold: true,
  });
  y += put(doc, t("invoice.pdf.reason", { reason: r.reason }), MARGIN, y, { width: WIDTH });
  y += put(doc, t(inv.demo ? "invoice.pdf.negativeDemo" : "invoice.pdf.negative"), MARGIN, y, {
    width: WIDTH,
    color: MUTED,
  });
  return y + 14;
}

/** Every page: who issued it and, when there are several, "Página i de N". */
function footers(doc: Doc, inv: InvoiceDocument): void {
  const t = documentTranslator(inv);
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
    const label = documentLabel(t, inv.kind, false);
    const who = inv.demo
      ? `${demoNoticeText(t)} · ${t("invoice.pdf.number", { number: inv.number })} · ${inv.seller.tradeName}`
      : `${inv.seller.tradeName} · ${inv.seller.legalName} · NIF ${inv.seller.nif} · ${t("invoice.pdf.labelNumber", { label, number: inv.number })}`;
    put(doc, who, MARGIN, y, { width: WIDTH - 90, size: 7, color: MUTED });
    if (count > 1)
      put(doc, t("invoice.pdf.page", { page: i - start + 1, count }), RIGHT - 90, y, {
        width: 90,
        size: 7,
        color: MUTED,
        align: "right",
      });
  }
}

/** Renders the invoice; deterministic for a given document (the creation date is the issue date). */
export async function renderInvoicePdf(inv: InvoiceDocument): Promise<Buffer> {
  const fonts = await invoiceFonts();
  const t = documentTranslator(inv);
  const doc = new PDFDocument({
    size: "A4",
    // Layout is placed explicitly; a zero bottom margin keeps pdfkit from adding pages on its own.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    bufferPages: true,
    autoFirstPage: true,
    lang: inv.locale === "ca" ? "ca-ES" : "es-ES",
    displayTitle: true,
    info: {
      Title: `${documentLabel(t, inv.kind, inv.demo)} ${inv.number}${inv.demo ? t("invoice.pdf.noFiscalValue") : ""}`,
      Author: inv.seller.legalName,
      Subject: t("invoice.pdf.labelNumber", {
        label: inv.demo ? demoNoticeText(t) : documentLabel(t, inv.kind, false),
        number: inv.number,
      }),
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
  // pdfkit takes a parsed fontkit font as well as bytes (its types name only the latter).
  doc.registerFont("regular", fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont("bold", fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  doc.font("regular");

  let y = header(doc, inv);
  y = parties(doc, inv, y);
  y = rectification(doc, inv, y);
  y = linesTable(doc, inv, y);
  summary(doc, inv, y);
  footers(doc, inv);
  doc.end();
  return done;
}
