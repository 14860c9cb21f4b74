/**
 * Which series a sale's documents go to (issue 31, item 4): the one decision
 * between a real invoice and a demo document, asked by every issue path (the
 * order's invoice, a refund's rectificativa, the pending job through them).
 *
 * A sale paid through the demo gateway (`orders.provider = "demo"`) took no
 * money: no operation happened, so no invoice may document it (RD 1619/2012,
 * art. 1, asks for invoices of the operations made) and no billing record may
 * register it (RD 1007/2023: a registro de facturación is the record of an
 * invoice issued). Its documents go to a series of their own, marked as demo
 * everywhere they show:
 * - `DEMO-AN2026-000001` (`DEMO-ANR2026-…` for a refund), with its own counter,
 *   so the real series keeps no gap and no number of a sale that did not happen;
 * - no billing record, no huella, no place in the chain, nothing for the AEAT,
 *   no QR and `verifactu = 0`; `invoices.demo = 1`;
 * - the PDF, the emails and every screen say "Documento de demostración sin
 *   validez fiscal"; Gestión lists them apart, outside the totals and exports.
 * A refund's document follows the document it refunds, so a rectificativa is
 * always in the series of the invoice it rectifies. Pure.
 */
import { isRectificativa, type InvoiceKind } from "./document.ts";

/** `orders.provider` of the demo gateway (app/payments/demo.server.ts): it takes no money. */
export const DEMO_PROVIDER = "demo";

/** "real": the invoice series and the record chain; "demo": the demo series, outside both. */
export type DocumentSeries = "real" | "demo";

/** An order paid through the demo gateway: no money changed hands, so no sale to invoice. */
export function isDemoOrder(order: { provider: string }): boolean {
  return order.provider === DEMO_PROVIDER;
}

/** The series of an order's own document (its invoice, or its demo document). */
export function seriesOfOrder(order: { provider: string }): DocumentSeries {
  return isDemoOrder(order) ? "demo" : "real";
}

/** The series of a stored document (`invoices.demo`), which its rectificativas follow. */
export function seriesOfDocument(document: { demo: number }): DocumentSeries {
  return document.demo === 1 ? "demo" : "real";
}

/** What a demo series starts with: never a real prefix (those are capitals and digits only, app/domain/seller.ts). */
const DEMO_SERIES_PREFIX = "DEMO-";

/** "AN2026", "ANR2026" (rectificativas); in the demo series "DEMO-AN2026", "DEMO-ANR2026". */
export function seriesName(input: {
  series: DocumentSeries;
  prefix: string;
  kind: InvoiceKind;
  /** YYYY, the issue date's year (Madrid). */
  year: string;
}): string {
  return `${input.series === "demo" ? DEMO_SERIES_PREFIX : ""}${input.prefix}${isRectificativa(input.kind) ? "R" : ""}${input.year}`;
}
