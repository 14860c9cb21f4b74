/**
 * The money of a sale at the counter (issue 35), in integer cents. Pure.
 *
 * Prices are consumer prices, VAT included, as on the menu. A line is
 * quantity × unit price, less its own discount; a discount on the total is
 * spread over the lines in proportion to what each still costs (largest
 * remainder, so the parts add up to the cent), because the invoice states
 * each line's VAT on what was really charged for it. The deposit paid online
 * is already invoiced (a señal): it is deducted as one negative line, so both
 * invoices together state the service once. What is due is paid by one or
 * several methods; cash may be handed over in excess (the change), the tip is
 * paid on top and is never invoiced.
 */
import { allocateRefund } from "~/domain/invoice-math.ts";

export type CounterLineKind = "service" | "product" | "manual";
export type CounterPaymentMethod = "cash" | "card" | "bizum";
export const COUNTER_PAYMENT_METHODS: readonly CounterPaymentMethod[] = ["cash", "card", "bizum"];

/** The VAT rates a product or manual line may carry (basis points): general, reduced, super-reduced. */
export const COUNTER_VAT_RATES_BP = [2100, 1000, 400] as const;

/** Most a single line or discount may be (a typo guard well above anything the salon sells): 10.000 €. */
export const MAX_LINE_CENTS = 1_000_000;
/** Most units on one line. */
export const MAX_QUANTITY = 99;
/** Most lines on one sale. */
export const MAX_SALE_LINES = 40;

/**
 * A factura simplificada may document up to 3.000 € VAT included for the
 * services of "institutos de belleza" and for retail sales to a final consumer
 * (art. 4.2.h and 4.2.a RD 1619/2012); above it, the buyer's details are needed.
 */
export const COUNTER_SIMPLIFIED_LIMIT_CENTS = 300_000;

export interface SaleLine {
  id: string;
  kind: CounterLineKind;
  quantity: number;
  listPriceCents: number;
  unitPriceCents: number;
  priceReason: string | null;
  discountCents: number;
  discountReason: string | null;
  vatRateBp: number;
}

export interface SaleDiscount {
  kind: "percent" | "amount";
  /** Basis points for a percentage (1000 = 10 %), cents for an amount. */
  value: number;
  reason: string | null;
}

export interface SalePayment {
  method: CounterPaymentMethod;
  amountCents: number;
  /** Cash handed over, when more than the amount (the change is given back). */
  tenderedCents?: number | null;
}

/** Why a sale cannot be charged as it is (the screen names the field; Spanish text lives with the screen). */
export type SaleProblem =
  | "empty"
  | "too-many-lines"
  | "quantity"
  | "price"
  | "price-reason"
  | "line-discount"
  | "line-discount-reason"
  | "sale-discount"
  | "sale-discount-reason"
  | "deposit-exceeds"
  | "tip"
  | "payment-amount"
  | "payments-mismatch"
  | "cash-short"
  | "change-without-cash";

function whole(n: number, min: number, max: number): boolean {
  return Number.isSafeInteger(n) && n >= min && n <= max;
}

const hasText = (s: string | null | undefined) => Boolean(s && s.trim());

/** quantity × unit price. */
export function lineGrossCents(line: Pick<SaleLine, "quantity" | "unitPriceCents">): number {
  return line.quantity * line.unitPriceCents;
}

/** What the line costs after its own discount. */
export function lineNetCents(line: Pick<SaleLine, "quantity" | "unitPriceCents" | "discountCents">): number {
  return lineGrossCents(line) - line.discountCents;
}

/** The problems of the lines themselves, first one per line (empty when all is well). */
export function lineProblems(lines: readonly SaleLine[]): SaleProblem[] {
  const problems: SaleProblem[] = [];
  if (lines.length === 0) problems.push("empty");
  if (lines.length > MAX_SALE_LINES) problems.push("too-many-lines");
  for (const line of lines) {
    if (!whole(line.quantity, 1, MAX_QUANTITY)) problems.push("quantity");
    else if (!whole(line.unitPriceCents, 0, MAX_LINE_CENTS)) problems.push("price");
    else if (line.unitPriceCents !== line.listPriceCents && !hasText(line.priceReason)) problems.push("price-reason");
    else if (!whole(line.discountCents, 0, lineGrossCents(line))) problems.push("line-discount");
    else if (line.discountCents > 0 && !hasText(line.discountReason)) problems.push("line-discount-reason");
  }
  return problems;
}

/** The discount on the total in cents, for a subtotal (a percentage rounds half up to the cent). */
export function saleDiscountCents(subtotalCents: number, discount: SaleDiscount | null): number {
  if (!discount) return 0;
  if (discount.kind === "amount") return discount.value;
  return Math.floor((subtotalCents * discount.value + 5_000) / 10_000);
}

export interface SaleTotals {
  /** Each line's net after its own discount and its share of the total's. */
  lines: { id: string; netCents: number; vatRateBp: number }[];
  /** Sum of the lines after their own discounts, before the total's. */
  subtotalCents: number;
  saleDiscountCents: number;
  depositCents: number;
  /** What the client pays for the sale (the invoice's total): subtotal − discount − deposit. */
  dueCents: number;
}

/**
 * The sale's totals, or its problems. The discount on the total may not exceed
 * the subtotal; the deposit may not exceed what is left (remove a service paid
 * in advance and the sale must be looked at again).
 */
export function saleTotals(
  lines: readonly SaleLine[],
  discount: SaleDiscount | null,
  depositCents: number,
): { ok: true; totals: SaleTotals } | { ok: false; problems: SaleProblem[] } {
  const problems = lineProblems(lines);
  if (problems.length > 0) return { ok: false, problems };
  const nets = lines.map((line) => ({ id: line.id, netCents: lineNetCents(line), vatRateBp: line.vatRateBp }));
  const subtotalCents = nets.reduce((sum, l) => sum + l.netCents, 0);
  if (discount) {
    const validValue =
      discount.kind === "percent" ? whole(discount.value, 1, 10_000) : whole(discount.value, 1, subtotalCents);
    if (!validValue) return { ok: false, problems: ["sale-discount"] };
    if (!hasText(discount.reason)) return { ok: false, problems: ["sale-discount-reason"] };
  }
  const off = saleDiscountCents(subtotalCents, discount);
  if (off > 0) {
    const parts = new Map(
      allocateRefund(
        nets.map((l) => ({ key: l.id, totalCents: l.netCents })),
        off,
      ).map((p) => [p.key, p.totalCents]),
    );
    for (const line of nets) line.netCents -= parts.get(line.id) ?? 0;
  }
  if (!whole(depositCents, 0, subtotalCents - off)) return { ok: false, problems: ["deposit-exceeds"] };
  return {
    ok: true,
    totals: {
      lines: nets,
      subtotalCents,
      saleDiscountCents: off,
      depositCents,
      dueCents: subtotalCents - off - depositCents,
    },
  };
}

export interface PaymentSettlement {
  /** Cash given back. */
  changeCents: number;
  /** What each method brings into the till or account (cash net of change). */
  byMethod: Record<CounterPaymentMethod, number>;
}

/**
 * Checks the payments against what is due plus the tip: they must add up
 * exactly; cash handed over may exceed the cash amount (the change), only on
 * one cash payment. Zero-amount rows are ignored.
 */
export function settlePayments(
  dueCents: number,
  tipCents: number,
  payments: readonly SalePayment[],
): { ok: true; settlement: PaymentSettlement } | { ok: false; problem: SaleProblem } {
  if (!whole(tipCents, 0, MAX_LINE_CENTS)) return { ok: false, problem: "tip" };
  const byMethod: Record<CounterPaymentMethod, number> = { cash: 0, card: 0, bizum: 0 };
  let changeCents = 0;
  const rows = payments.filter((p) => p.amountCents !== 0 || (p.tenderedCents ?? 0) !== 0);
  for (const p of rows) {
    if (!whole(p.amountCents, 1, MAX_LINE_CENTS) || !COUNTER_PAYMENT_METHODS.includes(p.method)) {
      return { ok: false, problem: "payment-amount" };
    }
    byMethod[p.method] += p.amountCents;
    if (p.tenderedCents !== null && p.tenderedCents !== undefined) {
      if (p.method !== "cash") return { ok: false, problem: "change-without-cash" };
      if (!whole(p.tenderedCents, 0, MAX_LINE_CENTS)) return { ok: false, problem: "payment-amount" };
      if (p.tenderedCents < p.amountCents) return { ok: false, problem: "cash-short" };
      if (changeCents > 0 && p.tenderedCents > p.amountCents) return { ok: false, problem: "change-without-cash" };
      changeCents += p.tenderedCents - p.amountCents;
    }
  }
  const paid = byMethod.cash + byMethod.card + byMethod.bizum;
  if (paid !== dueCents + tipCents) return { ok: false, problem: "payments-mismatch" };
  return { ok: true, settlement: { changeCents, byMethod } };
}

/** The method stored on a counter order (orders.payment_method; named in ~/domain/payment-methods.ts). */
export type CounterOrderMethod = "cash" | "card-terminal" | "bizum" | "split";

/** The method stored on the order: the one used (a card on the salon's terminal), or "split" for several. */
export function orderPaymentMethod(payments: readonly SalePayment[]): CounterOrderMethod {
  const used = [...new Set(payments.filter((p) => p.amountCents > 0).map((p) => p.method))];
  if (used.length !== 1) return used.length === 0 ? "cash" : "split";
  return used[0] === "card" ? "card-terminal" : used[0]!;
}
