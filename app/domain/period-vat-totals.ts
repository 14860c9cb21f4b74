/**
 * A period's totals by VAT rate without reading every invoice line. An
 * invoice's base and VAT are the sums of its lines (invoiceTotals), so the
 * lines at the general rate (standard, 21 %: nearly all of them) add up to the
 * period's invoice totals minus the other lines (exempt, or any other rate),
 * which are few and read through their own index. Pure.
 */
import type { VatBreakdownRow } from "~/invoices/document.ts";
import { compareVatRows, VAT_STANDARD_RATE_BP } from "./invoice-math.ts";

export interface PeriodVatInput {
  /** The period's invoices (no demo document) and the sums of their base and VAT. */
  invoices: number;
  baseCents: number;
  vatCents: number;
  /** The sums of the lines not at the general rate, by treatment and rate. */
  others: readonly VatBreakdownRow[];
  /** How many of the period's invoices have at least one of those lines. */
  invoicesWithOthers: number;
}

/**
 * One row per rate, general rate first, as summing every line would give. The
 * general-rate row is there when some invoice must have a line at it (every
 * invoice has a line, so one without other lines has one at the general rate),
 * or when the difference is not zero.
 */
export function periodVatRows(input: PeriodVatInput): VatBreakdownRow[] {
  const general: VatBreakdownRow = {
    vatTreatment: "standard",
    vatRateBp: VAT_STANDARD_RATE_BP,
    baseCents: input.baseCents - input.others.reduce((sum, r) => sum + r.baseCents, 0),
    vatCents: input.vatCents - input.others.reduce((sum, r) => sum + r.vatCents, 0),
  };
  const hasGeneral = input.invoices > input.invoicesWithOthers || general.baseCents !== 0 || general.vatCents !== 0;
  return [...(hasGeneral ? [general] : []), ...input.others].sort(compareVatRows);
}
