/** Stored invoice data read back (invoice_lines rows, the buyer's JSON): shared by the reads and by the rectificativas. Pure. */
import { vatTreatmentOf } from "~/domain/invoice-math.ts";
import type { InvoiceBuyer, InvoiceLine } from "./document.ts";

/** An invoice_lines row as the line it stands for. */
export function invoiceLineOf(row: {
  description: string;
  detail: string | null;
  quantity: number;
  vat_treatment: string;
  vat_rate_bp: number;
  base_cents: number;
  vat_cents: number;
  total_cents: number;
}): InvoiceLine {
  return {
    description: row.description,
    detail: row.detail,
    quantity: Number(row.quantity),
    vatTreatment: vatTreatmentOf(row.vat_treatment),
    vatRateBp: Number(row.vat_rate_bp),
    baseCents: Number(row.base_cents),
    vatCents: Number(row.vat_cents),
    totalCents: Number(row.total_cents),
  };
}

/** invoices.buyer (JSON written at issue), or null on a simplified invoice. */
export function invoiceBuyerOf(json: string | null): InvoiceBuyer | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as InvoiceBuyer;
  } catch {
    return null;
  }
}
