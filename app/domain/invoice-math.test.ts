import { describe, expect, it } from "vitest";
import {
  FULL_INVOICE_THRESHOLD_CENTS,
  allocateRefund,
  invoiceLines,
  invoiceTotals,
  rectifyingLines,
  requiresFullInvoice,
  splitVatIncluded,
  vatBreakdown,
} from "./invoice-math.ts";
import type { InvoiceLine } from "~/invoices/document.ts";

const COURSE_1279 = {
  description: "Curso de uñas acrílicas",
  detail: "Convocatoria del 12 al 14 de enero de 2027",
  totalCents: 127_900,
  vatTreatment: "standard",
} as const;
const COURSE_350 = {
  description: "Curso de manicura",
  detail: null,
  totalCents: 35_000,
  vatTreatment: "exempt",
} as const;

/** Round half up of base × 21 %, in integers: what a "base × rate" calculator would give. */
function quotaFromBase(base: number): number {
  return Math.floor((base * 21 * 2 + 100) / 200);
}

describe("factura simplificada threshold", () => {
  it("allows a simplificada up to 400,00 € included", () => {
    expect(FULL_INVOICE_THRESHOLD_CENTS).toBe(40_000);
    expect(requiresFullInvoice(40_000)).toBe(false);
    expect(requiresFullInvoice(40_001)).toBe(true);
    expect(requiresFullInvoice(0)).toBe(false);
  });
});

describe("splitVatIncluded", () => {
  it("takes the 21 % out of a 1.279,00 € course: 1.057,02 + 221,98", () => {
    // 127900 × 100 / 121 = 105702,479… → 105702.
    expect(splitVatIncluded(127_900, "standard")).toEqual({ baseCents: 105_702, vatCents: 22_198, vatRateBp: 2100 });
  });

  it("takes the 21 % out of a 999,00 € course: 825,62 + 173,38", () => {
    // 99900 × 100 / 121 = 82561,98… → 82562.
    expect(splitVatIncluded(99_900, "standard")).toEqual({ baseCents: 82_562, vatCents: 17_338, vatRateBp: 2100 });
  });

  it("leaves an exempt course all base", () => {
    expect(splitVatIncluded(35_000, "exempt")).toEqual({ baseCents: 35_000, vatCents: 0, vatRateBp: 0 });
    expect(splitVatIncluded(-35_000, "exempt")).toEqual({ baseCents: -35_000, vatCents: 0, vatRateBp: 0 });
  });

  it("handles small amounts", () => {
    // total × 100 / 121 is never exactly n + ½ for whole cents (200 × total = 121 × (2n + 1) has no solution),
    // so the half-away-from-zero rule only matters for its symmetry.
    expect(splitVatIncluded(1, "standard")).toEqual({ baseCents: 1, vatCents: 0, vatRateBp: 2100 });
    expect(splitVatIncluded(3, "standard")).toEqual({ baseCents: 2, vatCents: 1, vatRateBp: 2100 });
    expect(splitVatIncluded(121, "standard")).toEqual({ baseCents: 100, vatCents: 21, vatRateBp: 2100 });
    expect(splitVatIncluded(0, "standard")).toEqual({ baseCents: 0, vatCents: 0, vatRateBp: 2100 });
  });

  it("is exact for large amounts (no floating error)", () => {
    const total = 9_007_199_254_740_000; // close to Number.MAX_SAFE_INTEGER
    const { baseCents, vatCents } = splitVatIncluded(total, "standard");
    expect(baseCents + vatCents).toBe(total);
    const exactBase = (BigInt(total) * 200n + 121n) / 242n;
    expect(BigInt(baseCents)).toBe(exactBase);
  });

  it("rejects fractions of a cent", () => {
    expect(() => splitVatIncluded(10.5, "standard")).toThrow(RangeError);
    expect(() => splitVatIncluded(Number.NaN, "exempt")).toThrow(RangeError);
  });

  it("gives a quota within one cent of base × 21 % and a symmetric split, for every total up to 2.000 €", () => {
    let worst = 0;
    for (let total = 1; total <= 200_000; total++) {
      const { baseCents, vatCents } = splitVatIncluded(total, "standard");
      const negative = splitVatIncluded(-total, "standard");
      if (baseCents + vatCents !== total) throw new Error(`does not add up at ${total}`);
      if (negative.baseCents !== -baseCents || negative.vatCents !== -vatCents)
        throw new Error(`asymmetric at ${total}`);
      worst = Math.max(worst, Math.abs(vatCents - quotaFromBase(baseCents)));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });
});

describe("lines, breakdown and totals", () => {
  it("builds one line per course, quantity 1", () => {
    expect(invoiceLines([COURSE_1279])).toEqual([
      { ...COURSE_1279, quantity: 1, vatRateBp: 2100, baseCents: 105_702, vatCents: 22_198 },
    ]);
  });

  it("summarises a mixed order, standard rate first", () => {
    const lines = invoiceLines([COURSE_350, COURSE_1279, { ...COURSE_1279, totalCents: 99_900, detail: null }]);
    expect(vatBreakdown(lines)).toEqual([
      { vatTreatment: "standard", vatRateBp: 2100, baseCents: 105_702 + 82_562, vatCents: 22_198 + 17_338 },
      { vatTreatment: "exempt", vatRateBp: 0, baseCents: 35_000, vatCents: 0 },
    ]);
    expect(invoiceTotals(lines)).toEqual({
      baseCents: 105_702 + 82_562 + 35_000,
      vatCents: 22_198 + 17_338,
      totalCents: 127_900 + 99_900 + 35_000,
    });
  });

  it("adds up per line (as the AEAT does), not from the order's total", () => {
    // Three 1,00 € items: 83 + 17 each (100/1,21 = 82,64 → 83), so 249 + 51, not 248 + 52 from 3,00 €.
    const lines = invoiceLines(
      [1, 2, 3].map((n) => ({
        description: `Item ${n}`,
        detail: null,
        totalCents: 100,
        vatTreatment: "standard" as const,
      })),
    );
    expect(invoiceTotals(lines)).toEqual({ baseCents: 249, vatCents: 51, totalCents: 300 });
    expect(splitVatIncluded(300, "standard")).toEqual({ baseCents: 248, vatCents: 52, vatRateBp: 2100 });
  });

  it("gives empty results for no lines", () => {
    expect(vatBreakdown([])).toEqual([]);
    expect(invoiceTotals([])).toEqual({ baseCents: 0, vatCents: 0, totalCents: 0 });
  });
});

describe("allocateRefund", () => {
  it("splits proportionally and adds up exactly", () => {
    // 50000 × 127900 / 162900 = 39257,21; 50000 × 35000 / 162900 = 10742,79: the cent left goes to the larger remainder.
    const parts = allocateRefund(
      [
        { key: "a", totalCents: 127_900, vatTreatment: "standard" },
        { key: "b", totalCents: 35_000, vatTreatment: "exempt" },
      ],
      50_000,
    );
    expect(parts).toEqual([
      { key: "a", totalCents: 39_257 },
      { key: "b", totalCents: 10_743 },
    ]);
  });

  it("breaks ties by input order and leaves out zero parts", () => {
    const three = ["x", "y", "z"].map((key) => ({ key, totalCents: 100 }));
    expect(allocateRefund(three, 100)).toEqual([
      { key: "x", totalCents: 34 },
      { key: "y", totalCents: 33 },
      { key: "z", totalCents: 33 },
    ]);
    expect(allocateRefund(three, 1)).toEqual([{ key: "x", totalCents: 1 }]);
    expect(allocateRefund([{ key: "free", totalCents: 0 }, ...three], 2)).toEqual([
      { key: "x", totalCents: 1 },
      { key: "y", totalCents: 1 },
    ]);
  });

  it("refunds everything when the amount is the sum", () => {
    const lines = [
      { key: "a", totalCents: 12_345 },
      { key: "b", totalCents: 1 },
      { key: "c", totalCents: 99_999 },
    ];
    expect(allocateRefund(lines, 112_345)).toEqual(lines);
  });

  it("never exceeds a line and always sums to the amount", () => {
    const lines = [7, 1, 13, 250, 3, 99_900].map((totalCents, i) => ({ key: String(i), totalCents }));
    const sum = lines.reduce((s, l) => s + l.totalCents, 0);
    for (const amount of [1, 2, 5, 17, 251, 1_000, 50_000, sum - 1, sum]) {
      const parts = allocateRefund(lines, amount);
      expect(parts.reduce((s, p) => s + p.totalCents, 0)).toBe(amount);
      for (const p of parts) expect(p.totalCents).toBeLessThanOrEqual(lines[Number(p.key)].totalCents);
    }
  });

  it("rejects an amount out of range", () => {
    const lines = [{ key: "a", totalCents: 100 }];
    expect(() => allocateRefund(lines, 0)).toThrow(RangeError);
    expect(() => allocateRefund(lines, -5)).toThrow(RangeError);
    expect(() => allocateRefund(lines, 101)).toThrow(RangeError);
    expect(() => allocateRefund(lines, 1.5)).toThrow(RangeError);
    expect(() => allocateRefund([], 1)).toThrow(RangeError);
    expect(() => allocateRefund([{ key: "a", totalCents: -100 }], 1)).toThrow(RangeError);
  });
});

describe("rectificativas", () => {
  /** `amountCents` of the original invoice spread over its lines, as app/invoices/rectify.server.ts does. */
  const partialRefundLines = (original: readonly InvoiceLine[], amountCents: number) =>
    rectifyingLines(
      original,
      allocateRefund(
        original.map((line, index) => ({ key: String(index), totalCents: line.totalCents })),
        amountCents,
      ).map((p) => ({ index: Number(p.key), totalCents: p.totalCents })),
    );
  /** The whole original invoice: every non-zero line in full. */
  const fullRefundLines = (original: readonly InvoiceLine[]) =>
    rectifyingLines(
      original,
      original.map((line, index) => ({ index, totalCents: line.totalCents })).filter((p) => p.totalCents !== 0),
    );

  it("refunds 100 € of the 1.279 € order: −82,64 base, −17,36 VAT", () => {
    const original = invoiceLines([COURSE_1279]);
    const lines = partialRefundLines(original, 10_000);
    expect(lines).toEqual([
      { ...COURSE_1279, quantity: 1, vatRateBp: 2100, totalCents: -10_000, baseCents: -8_264, vatCents: -1_736 },
    ]);
    expect(invoiceTotals(lines)).toEqual({ baseCents: -8_264, vatCents: -1_736, totalCents: -10_000 });
  });

  it("refunds a whole invoice with the exact negatives of its lines", () => {
    const original = invoiceLines([COURSE_1279, COURSE_350]);
    const lines = fullRefundLines(original);
    expect(lines).toEqual(
      // 0 - x rather than -x: an exempt line's VAT stays 0, not -0.
      original.map((l) => ({
        ...l,
        baseCents: 0 - l.baseCents,
        vatCents: 0 - l.vatCents,
        totalCents: 0 - l.totalCents,
      })),
    );
    const before = invoiceTotals(original);
    const after = invoiceTotals(lines);
    expect(after).toEqual({ baseCents: -before.baseCents, vatCents: -before.vatCents, totalCents: -before.totalCents });
    expect(partialRefundLines(original, before.totalCents)).toEqual(lines);
  });

  it("refunds part of a mixed order proportionally", () => {
    const original = invoiceLines([COURSE_1279, COURSE_350]);
    const lines = partialRefundLines(original, 50_000);
    // 39257 standard: 39257 × 100 / 121 = 32443,80 → 32444 + 6813; 10743 exempt.
    expect(lines.map((l) => [l.vatTreatment, l.totalCents, l.baseCents, l.vatCents])).toEqual([
      ["standard", -39_257, -32_444, -6_813],
      ["exempt", -10_743, -10_743, 0],
    ]);
    expect(invoiceTotals(lines).totalCents).toBe(-50_000);
    expect(vatBreakdown(lines)).toEqual([
      { vatTreatment: "standard", vatRateBp: 2100, baseCents: -32_444, vatCents: -6_813 },
      { vatTreatment: "exempt", vatRateBp: 0, baseCents: -10_743, vatCents: 0 },
    ]);
  });

  it("builds lines from explicit parts and rejects impossible ones", () => {
    const original = invoiceLines([COURSE_1279, COURSE_350]);
    expect(rectifyingLines(original, [{ index: 1, totalCents: 5_000 }])).toEqual([
      { ...COURSE_350, quantity: 1, vatRateBp: 0, totalCents: -5_000, baseCents: -5_000, vatCents: 0 },
    ]);
    expect(() => rectifyingLines(original, [{ index: 2, totalCents: 1 }])).toThrow(RangeError);
    expect(() => rectifyingLines(original, [{ index: 1, totalCents: 35_001 }])).toThrow(RangeError);
    expect(() => rectifyingLines(original, [{ index: 0, totalCents: 0 }])).toThrow(RangeError);
  });
});
