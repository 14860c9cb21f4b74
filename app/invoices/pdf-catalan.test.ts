/**
 * The invoice PDF of an order made in Catalan (issue 34): Catalan labels, the legal
 * content as issued (NIFs, numbers, amounts, the exemption mention, the QR and the
 * AEAT's VERI*FACTU legend), and a Spanish order's PDF unchanged.
 */
import { describe, expect, it } from "vitest";
import { SAMPLE_SELLER, sampleInvoice, sampleQrUrl } from "../../tests/helpers/invoice-documents.ts";
import { pdfInfo, pdfQrCodes, pdfText } from "../../tests/helpers/pdf.ts";
import type { InvoiceDocument } from "./document.ts";
import { renderInvoicePdf } from "./pdf.server.ts";

const qrUrl = sampleQrUrl("AN2026-000007", "30-11-2026", "1279.00");

const f1: InvoiceDocument = sampleInvoice({
  number: "AN2026-000007",
  issueDate: "2026-11-30",
  operationDate: "2026-11-29",
  seller: { ...SAMPLE_SELLER, tradeName: "Alejandra Nails Studio" },
  buyer: { name: "Núria Güell", taxId: "X1234567L", address: "Carrer Gran, 3", postalCode: "08001", city: "Barcelona" },
  lines: [{ ...sampleInvoice().lines[0]!, description: "Curs d’ungles acríliques", detail: null }],
  qrUrl,
  locale: "ca",
});

const exemptNote =
  "Operación exenta de IVA en virtud del artículo 20.Uno.9º de la Ley 37/1992, del Impuesto sobre el Valor Añadido (enseñanza).";

const r5: InvoiceDocument = {
  ...f1,
  kind: "R5",
  number: "AN2026R-000002",
  operationDate: null,
  buyer: null,
  lines: [
    { ...f1.lines[0]!, vatTreatment: "exempt", vatRateBp: 0, baseCents: -35000, vatCents: 0, totalCents: -35000 },
  ],
  breakdown: [{ vatTreatment: "exempt", vatRateBp: 0, baseCents: -35000, vatCents: 0 }],
  baseCents: -35000,
  vatCents: 0,
  totalCents: -35000,
  exemptionNote: exemptNote,
  rectifies: { number: "AN2026-000002", issueDate: "2026-11-24", reason: "Devolución por desistimiento" },
  qrUrl: qrUrl.replace("AN2026-000007", "AN2026R-000002"),
  verifactu: false,
};

const flat = (s: string) => s.replace(/\s+/g, " ");

describe("renderInvoicePdf in Catalan", () => {
  it("prints Catalan labels and the legal content unchanged", async () => {
    const pdf = await renderInvoicePdf(f1);
    const text = flat(await pdfText(pdf));
    for (const expected of [
      "Factura",
      "Núm. AN2026-000007",
      "Data d’expedició: 30/11/2026",
      "Data de l’operació: 29/11/2026",
      "EMISSOR",
      "DESTINATARI",
      "Nom comercial: Alejandra Nails Studio",
      "NIF: 12345678Z",
      "NIF: X1234567L",
      "Concepte",
      "Quantitat",
      "Base imposable",
      "Quota IVA",
      "Import",
      "DESGLOSSAMENT DE L’IVA",
      "TOTALS",
      "1.057,02 €",
      "221,98 €",
      "1.279,00 €",
      "21 %",
      "Forma de pagament: Tarjeta",
      "Comanda: AN-7QK2M",
      // The AEAT's texts stay as the regulation words them.
      "QR tributario:",
      "VERI*FACTU",
      "Factura verificable en la sede electrónica de la AEAT",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain("NIF 12345678Z · Factura núm. AN2026-000007");
    for (const spanish of [
      "Fecha de expedición",
      "DESTINATARIO",
      "Base imponible",
      "DESGLOSE",
      "Pedido:",
      "Forma de pago",
    ]) {
      expect(text).not.toContain(spanish);
    }
    expect(await pdfQrCodes(pdf)).toEqual([qrUrl]);
    expect(await pdfInfo(pdf)).toMatchObject({ Title: "Factura AN2026-000007", Lang: "ca-ES" });
  });

  it("prints a rectificativa's labels in Catalan and its reason and exemption mention as issued", async () => {
    const text = flat(await pdfText(await renderInvoicePdf(r5)));
    for (const expected of [
      "Factura rectificativa (simplificada)",
      "Rectificació",
      "Rectifica la factura núm. AN2026-000002 de data 24/11/2026",
      "Motiu: Devolución por desistimiento",
      "Rectificació per diferències",
      "Exempt",
      exemptNote,
      "−350,00 €",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("DESTINATARI");
  });

  it("leaves an order made in Spanish in Spanish", async () => {
    const text = flat(await pdfText(await renderInvoicePdf({ ...f1, locale: "es" })));
    for (const expected of [
      "Nº AN2026-000007",
      "Fecha de expedición: 30/11/2026",
      "Base imponible",
      "Pedido: AN-7QK2M",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Data d’expedició");
  });
});
