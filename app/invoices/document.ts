/**
 * What an invoice says, as the PDF, the email and Gestión show it: a plain
 * value built from the stored invoice (app/invoices/queries.server.ts) and
 * rendered by app/invoices/pdf.server.ts. Amounts are integer cents; a
 * rectificativa carries negative amounts.
 */
import type { Locale } from "~/i18n/locales.ts";

/**
 * F1 factura completa, F2 factura simplificada (art. 4 RD 1619/2012, up to 400 €
 * VAT included), R4 rectificativa of an F1, R5 rectificativa of an F2
 * (the AEAT's TipoFactura codes).
 */
export type InvoiceKind = "F1" | "F2" | "R4" | "R5";

/** R4 or R5: a rectificativa (a refund's document), as opposed to the invoice of a sale. */
export function isRectificativa(kind: InvoiceKind): boolean {
  return kind === "R4" || kind === "R5";
}

/** 21 % VAT included in the price, or exempt under art. 20.Uno.9º LIVA (regulated training). */
export type VatTreatment = "standard" | "exempt";

/** The seller as the invoice states it (taken from the seller data when the invoice is issued). */
export interface SellerIdentity {
  /** Legal name: a person's full name or a company's name. */
  legalName: string;
  /** The salon's trade name ("Alejandra Nails"). */
  tradeName: string;
  /** NIF (or CIF) of the seller, upper case, no separators. */
  nif: string;
  /** Street and number. */
  address: string;
  postalCode: string;
  city: string;
  province: string;
  /** Mercantile registry entry, for companies; null for a self-employed person. */
  registry: string | null;
  email: string;
  phone: string;
}

/** The buyer of a factura completa (F1/R4). */
export interface InvoiceBuyer {
  name: string;
  /** NIF, NIE or CIF, upper case, no separators. */
  taxId: string;
  address: string;
  postalCode: string;
  city: string;
}

export interface InvoiceLine {
  /** What the line sells, as the order line names it (a course's title, a deposit's service). */
  description: string;
  /** A course's edition ("Convocatoria del 12 al 14 de enero de 2027"); null for an undated course or a deposit. */
  detail: string | null;
  quantity: number;
  vatTreatment: VatTreatment;
  /** Basis points: 2100 for 21 %, 0 when exempt. */
  vatRateBp: number;
  baseCents: number;
  vatCents: number;
  totalCents: number;
}

/** One row of the VAT summary: the lines of one rate added up. */
export interface VatBreakdownRow {
  vatTreatment: VatTreatment;
  vatRateBp: number;
  baseCents: number;
  vatCents: number;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  /** Series and number as printed and hashed: "AN2026-000001". */
  number: string;
  /** Fecha de expedición, YYYY-MM-DD (Madrid). */
  issueDate: string;
  /** Fecha de la operación (the payment or refund), YYYY-MM-DD, or null when it is the issue date. */
  operationDate: string | null;
  seller: SellerIdentity;
  /** Null on a factura simplificada and its rectificativa without buyer data. */
  buyer: InvoiceBuyer | null;
  lines: InvoiceLine[];
  breakdown: VatBreakdownRow[];
  baseCents: number;
  vatCents: number;
  totalCents: number;
  /** The legal mention when a line is exempt, e.g. "Operación exenta de IVA (art. 20.Uno.9º de la Ley 37/1992)". */
  exemptionNote: string | null;
  /** On a rectificativa: the invoice it rectifies and why. */
  rectifies: { number: string; issueDate: string; reason: string } | null;
  /** "Tarjeta", "Klarna"…: how the buyer paid, or null. */
  paymentMethod: string | null;
  /** The order the invoice belongs to (shown as the buyer's reference). */
  orderReference: string;
  /** The AEAT verification URL the QR code encodes; null on a demo document (no record, nothing to check). */
  qrUrl: string | null;
  /** True when the records are sent to the AEAT (VERI*FACTU mode): the PDF then prints the "VERI*FACTU" legend. */
  verifactu: boolean;
  /**
   * A document of a demo sale (app/invoices/series.ts): not an invoice. Its own series, no billing
   * record, no QR; the PDF says "Documento de demostración sin validez fiscal".
   */
  demo: boolean;
  /** The language of the buyer's order (orders.locale, issue 34): the PDF's labels; Spanish when absent. */
  locale?: Locale;
}
