/**
 * What an invoice states in Spanish whatever the buyer's language (pure): the
 * refund reason of a rectificativa and the VAT exemption's legal mention. Its labels, its name and its emails' sentences
 * are in the buyer's language: document-texts.server.ts.
 */

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
  "counter-return": "Devolución en el salón",
};

/** The reason a rectificativa states for a refund's reason code. */
export function refundReasonText(reason: string): string {
  return REFUND_REASONS[reason] ?? "Devolución";
}

/** The legal mention of an exempt line (art. 20.Uno.9º of the VAT law). */
export const EXEMPTION_NOTE =
  "Operación exenta de IVA en virtud del artículo 20.Uno.9º de la Ley 37/1992, del Impuesto sobre el Valor Añadido (enseñanza).";

/**
 * The words around the AEAT's QR (Orden HAC/1177/2024, arts. 20 and 21, and the AEAT's QR
 * specification), as they must read whatever the buyer's language: "QR tributario:" above the
 * symbol and, when the records go to the AEAT (VERI*FACTU mode), the legend below it. Shared by
 * the invoice PDF and the counter's printed ticket (app/counter/), so both say exactly this.
 */
export const QR_CAPTION = "QR tributario:";
export const VERIFACTU_MARK = "VERI*FACTU";
/** The legend's sentence, in the two lines the PDF centres one by one. */
export const VERIFACTU_LEGEND_LINES = ["Factura verificable en la sede", "electrónica de la AEAT"] as const;
