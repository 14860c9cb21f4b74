/** A seller and a factura completa for the tests of the invoice PDF (pdf*.test.ts); each test overrides what it is about. */
import type { InvoiceDocument } from "~/invoices/document.ts";

export const SAMPLE_SELLER: InvoiceDocument["seller"] = {
  legalName: "Alejandra Ruiz Peñalver",
  tradeName: "Alejandra Nails",
  nif: "12345678Z",
  address: "Carrer Major, 48",
  postalCode: "08750",
  city: "Molins de Rei",
  province: "Barcelona",
  registry: null,
  email: "hola@alejandranails.es",
  phone: "655 48 21 37",
};

/** The AEAT's QR address of a document (its NIF, number, date dd-mm-yyyy and total). */
export function sampleQrUrl(number: string, date: string, total: string): string {
  return `https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=12345678Z&numserie=${number}&fecha=${date}&importe=${total}`;
}

/** One course at 1.279,00 € (21 % VAT), sold to a buyer with a NIE, paid by card, in VERI*FACTU mode. */
export function sampleInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const number = overrides.number ?? "AN2026-000001";
  return {
    kind: "F1",
    number,
    issueDate: "2026-11-24",
    operationDate: "2026-11-23",
    seller: SAMPLE_SELLER,
    buyer: {
      name: "Núria Güell Ibáñez",
      taxId: "X1234567L",
      address: "Avinguda de València, 3, 2º 1ª",
      postalCode: "08001",
      city: "Barcelona",
    },
    lines: [
      {
        description: "Curso de uñas acrílicas – nivel iniciación",
        detail: "Convocatoria del 12 al 14 de enero de 2027",
        quantity: 1,
        vatTreatment: "standard",
        vatRateBp: 2100,
        baseCents: 105702,
        vatCents: 22198,
        totalCents: 127900,
      },
    ],
    breakdown: [{ vatTreatment: "standard", vatRateBp: 2100, baseCents: 105702, vatCents: 22198 }],
    baseCents: 105702,
    vatCents: 22198,
    totalCents: 127900,
    exemptionNote: null,
    rectifies: null,
    paymentMethod: "Tarjeta",
    orderReference: "AN-7QK2M",
    qrUrl: sampleQrUrl(number, "24-11-2026", "1279.00"),
    verifactu: true,
    demo: false,
    ...overrides,
  };
}
