import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { SAMPLE_SELLER, sampleInvoice } from "../../tests/helpers/invoice-documents.ts";
import { pdfFonts, pdfInfo, pdfPageCount, pdfQrCodes, pdfText } from "../../tests/helpers/pdf.ts";
import type { InvoiceDocument, InvoiceLine } from "./document.ts";
import { TEXT_FEATURES } from "./pdf-draw.server.ts";
import { formatEuros, printable } from "./pdf-format.ts";
import { renderInvoicePdf } from "./pdf.server.ts";

const seller = SAMPLE_SELLER;
const f1: InvoiceDocument = sampleInvoice();
const course: InvoiceLine = f1.lines[0]!;
const qrUrl = f1.qrUrl!;

const r4: InvoiceDocument = {
  ...f1,
  kind: "R4",
  number: "AN2026R-000001",
  issueDate: "2026-12-02",
  operationDate: null,
  lines: [
    {
      ...course,
      baseCents: -8264,
      vatCents: -1736,
      totalCents: -10000,
      detail: null,
      description: "Descuento aplicado tras la compra",
    },
  ],
  breakdown: [{ vatTreatment: "standard", vatRateBp: 2100, baseCents: -8264, vatCents: -1736 }],
  baseCents: -8264,
  vatCents: -1736,
  totalCents: -10000,
  rectifies: {
    number: "AN2026-000001",
    issueDate: "2026-11-24",
    reason: "Devolución parcial «por error en el precio»",
  },
  qrUrl: qrUrl.replace("AN2026-000001", "AN2026R-000001"),
  verifactu: false,
};

const exemptNote = "Operación exenta de IVA (art. 20.Uno.9º de la Ley 37/1992)";
const f2: InvoiceDocument = {
  ...f1,
  kind: "F2",
  number: "AN2026-000002",
  operationDate: null,
  buyer: null,
  lines: [
    {
      ...course,
      description: "Formación reglada en manicura",
      detail: null,
      vatTreatment: "exempt",
      vatRateBp: 0,
      baseCents: 35000,
      vatCents: 0,
      totalCents: 35000,
    },
  ],
  breakdown: [{ vatTreatment: "exempt", vatRateBp: 0, baseCents: 35000, vatCents: 0 }],
  baseCents: 35000,
  vatCents: 0,
  totalCents: 35000,
  exemptionNote: exemptNote,
  paymentMethod: "Klarna",
  verifactu: false,
};

const many: InvoiceDocument = {
  ...f1,
  number: "AN2026-000003",
  lines: Array.from({ length: 40 }, (_, i) => ({
    ...course,
    description: `Curso número ${i + 1} de decoración de uñas`,
    detail: `Convocatoria ${i + 1}`,
  })),
  breakdown: [{ vatTreatment: "standard", vatRateBp: 2100, baseCents: 40 * 105702, vatCents: 40 * 22198 }],
  baseCents: 40 * 105702,
  vatCents: 40 * 22198,
  totalCents: 40 * 127900,
};

/** The text with whitespace runs collapsed, so a wrapped line still matches. */
const flat = (s: string) => s.replace(/\s+/g, " ");

describe("formatEuros", () => {
  it("groups thousands and uses a true minus sign", () => {
    expect(formatEuros(127900)).toBe("1.279,00\u00a0€");
    expect(formatEuros(-8264)).toBe("\u221282,64\u00a0€");
    expect(formatEuros(0)).toBe("0,00\u00a0€");
  });
});

describe("amounts in the PDF's fonts", () => {
  // Inter kerns its proportional figures against the comma ("7," lost 40 % of the 7 and 60 % of
  // the comma), so "537,19" printed as "5371,9". Set with TEXT_FEATURES, every character of an
  // amount keeps its own advance: the string is exactly as wide as its characters side by side.
  const doc = new PDFDocument({ autoFirstPage: false });
  for (const weight of ["Regular", "Bold"]) {
    doc.registerFont(weight, readFileSync(new URL(`./fonts/Inter-${weight}.ttf`, import.meta.url)));
  }
  const width = (text: string) => doc.widthOfString(text, { features: TEXT_FEATURES });

  it.each(["Regular", "Bold"])("gives the decimal comma and the thousands dot their full width (%s)", (weight) => {
    doc.font(weight).fontSize(9);
    for (const amount of [formatEuros(53719), formatEuros(127900), formatEuros(-8264), formatEuros(174736)]) {
      const apart = [...amount].reduce((sum, ch) => sum + width(ch), 0);
      expect(width(amount), amount).toBeCloseTo(apart, 6);
    }
    // The comma keeps most of a figure's width on each side: never tucked under the 7.
    expect(width("7,") - width("7")).toBeCloseTo(width(","), 6);
    expect(width(",")).toBeGreaterThan(width("0") * 0.35);
  });

  it("prints amounts through the site's one money format", async () => {
    const text = flat(await pdfText(await renderInvoicePdf(f1)));
    expect(text).toContain(formatEuros(f1.totalCents).replace("\u00a0", " "));
  });
});

describe("printable", () => {
  it("keeps Spanish and Latin Extended-A text and folds what the fonts lack", () => {
    expect(printable("Núria Güell «Łódź» 2º – 1ª €")).toBe("Núria Güell «Łódź» 2º – 1ª €");
    expect(printable("Ștefan\tǍ")).toBe("Stefan A");
    expect(printable("Иван")).toBe("????");
  });
});

describe("renderInvoicePdf", () => {
  it("prints every mandatory field of a factura completa", async () => {
    const pdf = await renderInvoicePdf(f1);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = flat(await pdfText(pdf));
    for (const expected of [
      "Factura",
      "Nº AN2026-000001",
      "Fecha de expedición: 24/11/2026",
      "Fecha de la operación: 23/11/2026",
      "Alejandra Ruiz Peñalver",
      "Alejandra Nails",
      "NIF: 12345678Z",
      "Carrer Major, 48",
      "08750 Molins de Rei (Barcelona)",
      "hola@alejandranails.es",
      "Núria Güell Ibáñez",
      "NIF: X1234567L",
      "Avinguda de València, 3, 2º 1ª",
      "08001 Barcelona",
      "Curso de uñas acrílicas – nivel iniciación",
      "Convocatoria del 12 al 14 de enero de 2027",
      "1.057,02 €",
      "21 %",
      "221,98 €",
      "1.279,00 €",
      "Base imponible",
      "IVA",
      "Total",
      "Forma de pago: Tarjeta",
      "Pedido: AN-7QK2M",
      "QR tributario:",
      "VERI*FACTU",
      "Factura verificable en la sede electrónica de la AEAT",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Página");
    expect(await pdfPageCount(pdf)).toBe(1);
  });

  it("draws a QR code that decodes to the AEAT URL", async () => {
    expect(await pdfQrCodes(await renderInvoicePdf(f1))).toEqual([f1.qrUrl]);
    expect(await pdfQrCodes(await renderInvoicePdf(r4))).toEqual([r4.qrUrl]);
  });

  it("embeds every font and uses none of the standard 14", async () => {
    const fonts = await pdfFonts(await renderInvoicePdf(r4));
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) {
      expect(font.embedded, font.name).toBe(true);
      expect(font.name).toMatch(/^[A-Z]{6}\+Inter-(Regular|Bold)$/);
    }
  });

  it("sets the document metadata", async () => {
    const info = await pdfInfo(await renderInvoicePdf(f1));
    expect(info).toMatchObject({
      Title: "Factura AN2026-000001",
      Author: seller.legalName,
      Creator: "Alejandra Nails",
      Lang: "es-ES",
    });
  });

  it("is deterministic", async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(f1), renderInvoicePdf(f1)]);
    expect(a.equals(b)).toBe(true);
  });

  it("carries nothing from one invoice to the next (fonts and shaping are shared by every render)", async () => {
    const first = await renderInvoicePdf(f1);
    const simplified = flat(await pdfText(await renderInvoicePdf(f2)));
    for (const previous of [
      "Núria",
      "X1234567L",
      "Nº AN2026-000001",
      "Curso de uñas acrílicas",
      "1.279,00 €",
      "Tarjeta",
    ]) {
      expect(simplified).not.toContain(previous);
    }
    await renderInvoicePdf(many);
    await renderInvoicePdf({ ...r4, qrUrl: null, demo: true });
    expect((await renderInvoicePdf(f1)).equals(first)).toBe(true);
  });

  it("prints a rectificativa with the invoice it rectifies and negative amounts, without the VERI*FACTU legend", async () => {
    const text = flat(await pdfText(await renderInvoicePdf(r4)));
    expect(text).toContain("Factura rectificativa");
    expect(text).toContain("Nº AN2026R-000001");
    expect(text).toContain("Rectifica la factura Nº AN2026-000001 de fecha 24/11/2026");
    expect(text).toContain("Motivo: Devolución parcial «por error en el precio»");
    expect(text).toContain("importes negativos");
    expect(text).toContain("\u221282,64 €");
    expect(text).toContain("\u221217,36 €");
    expect(text).toContain("\u2212100,00 €");
    expect(text).not.toContain("Fecha de la operación");
    expect(text).toContain("QR tributario:");
    expect(text).not.toContain("VERI*FACTU");
    expect(text).not.toContain("sede electrónica");
  });

  it("prints a simplified invoice with an exempt line, without a buyer block", async () => {
    const text = flat(await pdfText(await renderInvoicePdf(f2)));
    expect(text).toContain("Factura simplificada");
    expect(text).toContain("Exento");
    expect(text).toContain(exemptNote);
    expect(text).toContain("350,00 €");
    expect(text).toContain("Forma de pago: Klarna");
    expect(text).not.toContain("Destinatario");
    expect(text).not.toContain("Núria");
    const r5 = flat(await pdfText(await renderInvoicePdf({ ...f2, kind: "R5", rectifies: r4.rectifies })));
    expect(r5).toContain("Factura rectificativa (simplificada)");
  });

  it("prints a demo sale's document as no invoice: no QR, no fiscal value, on every page", async () => {
    const demo: InvoiceDocument = { ...many, number: "DEMO-AN2026-000001", qrUrl: null, verifactu: false, demo: true };
    const pdf = await renderInvoicePdf(demo);
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = flat(await pdfText(pdf));
    expect(text).toContain("DOCUMENTO DE DEMOSTRACIÓN SIN VALIDEZ FISCAL");
    expect(text).toContain("no es una factura");
    expect(text).toContain("Documento de demostración Nº DEMO-AN2026-000001");
    // Each page's footer says it too.
    expect(text.split("Documento de demostración sin validez fiscal · Nº DEMO-AN2026-000001")).toHaveLength(pages + 1);
    expect(text).not.toMatch(/Factura|QR tributario|VERI\*FACTU/);
    expect(await pdfQrCodes(pdf)).toEqual([]);
    expect(await pdfInfo(pdf)).toMatchObject({
      Title: "Documento de demostración DEMO-AN2026-000001 (sin validez fiscal)",
    });

    const refund = flat(
      await pdfText(
        await renderInvoicePdf({
          ...r4,
          number: "DEMO-ANR2026-000001",
          qrUrl: null,
          demo: true,
          rectifies: { ...r4.rectifies!, number: "DEMO-AN2026-000001" },
        }),
      ),
    );
    expect(refund).toContain("Documento de demostración (devolución)");
    expect(refund).toContain("Devolución del documento de demostración Nº DEMO-AN2026-000001 de fecha 24/11/2026");
    expect(refund).toContain("SIN VALIDEZ FISCAL");
    expect(refund).not.toMatch(/Factura|Rectifica|QR tributario/);
  });

  it("paginates a long invoice and numbers its pages", async () => {
    const pdf = await renderInvoicePdf(many);
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = flat(await pdfText(pdf));
    expect(text).toContain(`Página 1 de ${pages}`);
    expect(text).toContain(`Página 2 de ${pages}`);
    for (let i = 1; i <= 40; i++) expect(text).toContain(`Curso número ${i} de decoración de uñas Convocatoria ${i}`);
    expect(text).toContain(formatEuros(40 * 127900).replace("\u00a0", " "));
    expect(await pdfQrCodes(pdf)).toEqual([many.qrUrl]);
  });
});
