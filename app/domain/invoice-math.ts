/**
 * The money of an invoice, in integer cents only. Course prices are consumer
 * prices with VAT included, so each line's base and VAT are taken out of its
 * total; the invoice adds the lines up (rounding per line, as the AEAT does).
 * A rectificativa carries negative amounts. Pure.
 */
import type { InvoiceLine, VatBreakdownRow, VatTreatment } from "~/invoices/document.ts";

/**
 * A factura simplificada (F2) is allowed only up to 400,00 € VAT included
 * (art. 4.1.a RD 1619/2012); above that the buyer gets a factura completa (F1).
 */
export const FULL_INVOICE_THRESHOLD_CENTS = 40_000;

/** True when an invoice for `totalCents` (VAT included) must be a factura completa. */
export function requiresFullInvoice(totalCents: number): boolean {
  return totalCents > FULL_INVOICE_THRESHOLD_CENTS;
}

/** The general VAT rate, 21 %, in basis points. */
export const VAT_STANDARD_RATE_BP = 2100;

interface VatSplit {
  baseCents: number;
  vatCents: number;
  vatRateBp: number;
}

function assertCents(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${what} must be whole cents: ${cents}`);
}

/**
 * n / d rounded half away from zero, exactly, for integers with d > 0:
 * floor((2n + d) / 2d) for n ≥ 0 (computed with BigInt, so no floating error
 * and no overflow), mirrored for n < 0.
 */
function divideRoundHalfAway(n: bigint, d: bigint): bigint {
  if (n < 0n) return -divideRoundHalfAway(-n, d);
  return (2n * n + d) / (2n * d); // BigInt division truncates, which is floor here.
}

/**
 * Base and VAT of a VAT-included total. Standard rate: base = total ÷ 1,21
 * rounded half away from zero to the cent, VAT = total − base, so that base +
 * VAT is always the price paid. Exempt: all base, no VAT.
 *
 * The AEAT accepts the quota computed this way: it differs from base × 21 %
 * rounded by at most one cent (|base − total/1,21| ≤ ½ cent, so the quota is off
 * by at most 1,21 × ½ = 0,605 cent before rounding), within the tolerance the
 * VERI*FACTU validations allow. The test checks it for every total up to 2.000 €.
 *
 * Symmetric: splitVatIncluded(−x) is exactly the negation of splitVatIncluded(x),
 * so a full rectificativa cancels its invoice to the cent.
 */
export function splitVatIncluded(
  totalCents: number,
  treatment: VatTreatment,
  /** A product at the counter may carry a reduced rate (10 %, 4 %); everything else the general one. */
  rate: number = VAT_STANDARD_RATE_BP,
): VatSplit {
  assertCents(totalCents, "total");
  if (treatment === "exempt") return { baseCents: totalCents, vatCents: 0, vatRateBp: 0 };
  if (!Number.isSafeInteger(rate) || rate <= 0 || rate > VAT_STANDARD_RATE_BP) throw new RangeError(`VAT rate ${rate}`);
  const base = Number(divideRoundHalfAway(BigInt(totalCents) * 10_000n, BigInt(10_000 + rate)));
  return { baseCents: base, vatCents: totalCents - base, vatRateBp: rate };
}

/** An item sold, as the invoice lists it: its VAT-included total for all its units. */
export interface InvoiceItem {
  description: string;
  detail: string | null;
  totalCents: number;
  vatTreatment: VatTreatment;
  /** Units (1 unless said: one place on a course, one service). */
  quantity?: number;
  /** The standard-treatment rate when not the general 21 % (a product at the counter). */
  vatRateBp?: number;
}

/** The invoice lines of the items sold. */
export function invoiceLines(items: readonly InvoiceItem[]): InvoiceLine[] {
  return items.map((item) => ({
    description: item.description,
    detail: item.detail,
    quantity: item.quantity ?? 1,
    vatTreatment: item.vatTreatment,
    ...splitVatIncluded(item.totalCents, item.vatTreatment, item.vatRateBp),
    totalCents: item.totalCents,
  }));
}

/** The VAT summary: one row per treatment and rate, standard rate first. */
export function vatBreakdown(lines: readonly InvoiceLine[]): VatBreakdownRow[] {
  const rows: VatBreakdownRow[] = [];
  for (const line of lines) {
    let row = rows.find((r) => r.vatTreatment === line.vatTreatment && r.vatRateBp === line.vatRateBp);
    if (!row) {
      row = { vatTreatment: line.vatTreatment, vatRateBp: line.vatRateBp, baseCents: 0, vatCents: 0 };
      rows.push(row);
    }
    row.baseCents += line.baseCents;
    row.vatCents += line.vatCents;
  }
  return rows.sort(compareVatRows);
}

/** The order of VAT rows everywhere (invoice, Gestión's totals): standard rates first, higher first, then exempt. */
export function compareVatRows(a: Pick<VatBreakdownRow, "vatTreatment" | "vatRateBp">, b: typeof a): number {
  const order = (r: typeof a) => (r.vatTreatment === "standard" ? 0 : 1);
  return order(a) - order(b) || b.vatRateBp - a.vatRateBp;
}

/** A stored treatment ("standard" | "exempt" in courses and invoice_lines) as the type; anything else is standard. */
export function vatTreatmentOf(value: string | null | undefined): VatTreatment {
  return value === "exempt" ? "exempt" : "standard";
}

/** The invoice's totals: the sums of its lines. */
export function invoiceTotals(lines: readonly InvoiceLine[]): {
  baseCents: number;
  vatCents: number;
  totalCents: number;
} {
  let baseCents = 0;
  let vatCents = 0;
  let totalCents = 0;
  for (const line of lines) {
    baseCents += line.baseCents;
    vatCents += line.vatCents;
    totalCents += line.totalCents;
  }
  return { baseCents, vatCents, totalCents };
}

/** A line a refund can be spread over. `vatTreatment` is not used by the split; callers may pass their lines as they are. */
interface RefundableLine {
  key: string;
  totalCents: number;
  vatTreatment?: VatTreatment;
}

/**
 * Spreads a partial refund of `amountCents` over the lines, proportionally to
 * their totals, by the largest remainder method: each line first gets
 * floor(amount × total ÷ sum), then the cents left go one each to the lines
 * with the largest remainders (ties: the earlier line). The parts add up to
 * `amountCents` exactly and none exceeds its line's total; zero parts are left
 * out. Throws a RangeError for an amount ≤ 0 or above the sum of the lines,
 * or for a negative line total.
 */
export function allocateRefund(
  lines: readonly RefundableLine[],
  amountCents: number,
): { key: string; totalCents: number }[] {
  assertCents(amountCents, "refund amount");
  for (const line of lines) {
    assertCents(line.totalCents, "line total");
    if (line.totalCents < 0) throw new RangeError(`negative line total: ${line.totalCents}`);
  }
  const sum = lines.reduce((s, l) => s + BigInt(l.totalCents), 0n);
  const amount = BigInt(amountCents);
  if (amount <= 0n || amount > sum) throw new RangeError(`refund amount ${amountCents} outside 1…${sum}`);

  const shares = lines.map((line, index) => {
    const exact = amount * BigInt(line.totalCents);
    return { key: line.key, index, part: exact / sum, remainder: exact % sum };
  });
  let left = amount - shares.reduce((s, x) => s + x.part, 0n);
  // Fewer cents are left than lines with a remainder, so only those get one more:
  // no part can go over its line's total.
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.part += 1n;
    left -= 1n;
  }
  return shares.filter((s) => s.part > 0n).map((s) => ({ key: s.key, totalCents: Number(s.part) }));
}

/**
 * The lines of a rectificativa por diferencias (TipoRectificativa "I"): for
 * each part refunded, a negative line with the description, detail and VAT
 * treatment of the original line `index`, total −part, and base and VAT from
 * splitVatIncluded(−part). Refunding every line in full gives the exact
 * negatives of the original lines. Throws a RangeError for an unknown index or
 * a part ≤ 0 or above the original line's total.
 */
export function rectifyingLines(
  original: readonly InvoiceLine[],
  parts: readonly { index: number; totalCents: number }[],
): InvoiceLine[] {
  return parts.map(({ index, totalCents }) => {
    const line = original[index];
    if (!line) throw new RangeError(`no line ${index} in the original invoice`);
    assertCents(totalCents, "refunded part");
    if (totalCents <= 0 || totalCents > line.totalCents) {
      throw new RangeError(`refunded part ${totalCents} outside 1…${line.totalCents} for line ${index}`);
    }
    return {
      description: line.description,
      detail: line.detail,
      quantity: line.quantity,
      vatTreatment: line.vatTreatment,
      ...splitVatIncluded(-totalCents, line.vatTreatment, line.vatRateBp || VAT_STANDARD_RATE_BP),
      totalCents: -totalCents,
    };
  });
}
