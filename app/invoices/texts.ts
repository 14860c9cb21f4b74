/** Wording shared by the invoice, its PDF, its email and Gestión (pure). */
import { formatLongDate } from "~/domain/pricing.ts";
import { isRectificativa, type InvoiceKind } from "./document.ts";

/** "Convocatoria del 12 de enero de 2027 al 14 de enero de 2027", or null for an undated course. */
export function editionLabel(startsOn: string | null, endsOn: string | null): string | null {
  if (!startsOn) return null;
  if (!endsOn || endsOn === startsOn) return `Convocatoria del ${formatLongDate(startsOn)}`;
  return `Convocatoria del ${formatLongDate(startsOn)} al ${formatLongDate(endsOn)}`;
}

const REFUND_REASONS: Record<string, string> = {
  "duplicate-purchase": "Devolución de un curso comprado dos veces",
  "no-seat": "Devolución: la convocatoria ya no tenía plaza",
  "customer-request": "Devolución a petición de la alumna",
  "edition-cancelled": "Devolución por cancelación de la convocatoria",
  withdrawal: "Devolución por desistimiento",
  staff: "Devolución acordada con la alumna",
  provider: "Devolución hecha desde la pasarela de pago",
  "appointment-cancelled": "Devolución de la señal por cancelación de la cita",
  "appointment-unavailable": "Devolución de la señal: la hora ya no estaba libre",
};

/** The reason a rectificativa states for a refund's reason code. */
export function refundReasonText(reason: string): string {
  return REFUND_REASONS[reason] ?? "Devolución";
}

/** The legal mention of an exempt line (art. 20.Uno.9º of the VAT law). */
export const EXEMPTION_NOTE =
  "Operación exenta de IVA en virtud del artículo 20.Uno.9º de la Ley 37/1992, del Impuesto sobre el Valor Añadido (enseñanza).";

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  F1: "Factura",
  F2: "Factura simplificada",
  R4: "Factura rectificativa",
  R5: "Factura rectificativa (simplificada)",
};

/** What every demo document says of itself (app/invoices/series.ts): on the PDF, in its email, on every screen. */
export const DEMO_NOTICE = "Documento de demostración sin validez fiscal";

/** Why, in one sentence (the PDF and the emails). */
export const DEMO_EXPLANATION =
  "Compra hecha con la pasarela de demostración: no se ha cobrado nada, así que no es una factura, no tiene registro de facturación y no se envía a la AEAT.";

/** A document's name: its invoice type, or on a demo document "Documento de demostración" (never "Factura"). */
export function documentLabel(kind: InvoiceKind, demo: boolean): string {
  if (!demo) return INVOICE_KIND_LABELS[kind];
  return isRectificativa(kind) ? "Documento de demostración (devolución)" : "Documento de demostración";
}

/** The sentence of an email that attaches the document ("Te adjuntamos tu factura AN2026-000001 en PDF."). */
export function attachedDocumentSentence(doc: { number: string; kind: InvoiceKind; demo: boolean }): string {
  if (doc.demo)
    return `Te adjuntamos el documento de demostración ${doc.number} en PDF. ${DEMO_NOTICE}. ${DEMO_EXPLANATION}`;
  return `Te adjuntamos ${isRectificativa(doc.kind) ? "la factura rectificativa" : "tu factura"} ${doc.number} en PDF.`;
}
