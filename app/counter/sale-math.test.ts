import { describe, expect, it } from "vitest";
import {
  lineProblems,
  orderPaymentMethod,
  saleDiscountCents,
  saleTotals,
  settlePayments,
  type SaleLine,
} from "./sale-math.ts";

function line(id: string, unitPriceCents: number, extra: Partial<SaleLine> = {}): SaleLine {
  return {
    id,
    kind: "service",
    quantity: 1,
    listPriceCents: unitPriceCents,
    unitPriceCents,
    priceReason: null,
    discountCents: 0,
    discountReason: null,
    vatRateBp: 2100,
    ...extra,
  };
}

describe("counter sale lines", () => {
  it("asks for a reason when the price differs from the menu's, and for a discount", () => {
    expect(lineProblems([line("a", 3000, { listPriceCents: 3500 })])).toEqual(["price-reason"]);
    expect(lineProblems([line("a", 3000, { listPriceCents: 3500, priceReason: "Clienta habitual" })])).toEqual([]);
    expect(lineProblems([line("a", 3000, { discountCents: 500 })])).toEqual(["line-discount-reason"]);
    expect(lineProblems([line("a", 3000, { discountCents: 500, discountReason: "  " })])).toEqual([
      "line-discount-reason",
    ]);
  });

  it("refuses an empty sale, bad units, negative prices and a discount above the line", () => {
    expect(lineProblems([])).toEqual(["empty"]);
    expect(lineProblems([line("a", 100, { quantity: 0 })])).toEqual(["quantity"]);
    expect(lineProblems([line("a", 100, { quantity: 1.5 })])).toEqual(["quantity"]);
    expect(lineProblems([line("a", -100, { listPriceCents: -100 })])).toEqual(["price"]);
    expect(lineProblems([line("a", 100, { discountCents: 101, discountReason: "x" })])).toEqual(["line-discount"]);
  });
});

describe("counter sale totals", () => {
  it("adds units and line discounts, deducts the deposit", () => {
    const result = saleTotals(
      [
        line("svc", 3500),
        line("oil", 1250, { kind: "product", quantity: 2, discountCents: 250, discountReason: "Oferta" }),
      ],
      null,
      1000,
    );
    expect(result).toEqual({
      ok: true,
      totals: {
        lines: [
          { id: "svc", netCents: 3500, vatRateBp: 2100 },
          { id: "oil", netCents: 2250, vatRateBp: 2100 },
        ],
        subtotalCents: 5750,
        saleDiscountCents: 0,
        depositCents: 1000,
        dueCents: 4750,
      },
    });
  });

  it("spreads a discount on the total over the lines to the cent", () => {
    const result = saleTotals(
      [line("a", 1000), line("b", 2000), line("c", 333)],
      { kind: "percent", value: 1000, reason: "Amiga" },
      0,
    );
    if (!result.ok) throw new Error("refused");
    // 10 % of 33,33 € is 3,333 → 3,33 €.
    expect(result.totals.saleDiscountCents).toBe(333);
    expect(result.totals.lines.reduce((s, l) => s + l.netCents, 0)).toBe(3333 - 333);
    expect(result.totals.dueCents).toBe(3000);
    expect(result.totals.lines.map((l) => l.netCents)).toEqual([900, 1800, 300]);
  });

  it("refuses a discount above the subtotal, without a reason, and a deposit above what is left", () => {
    expect(saleTotals([line("a", 1000)], { kind: "amount", value: 1001, reason: "x" }, 0)).toEqual({
      ok: false,
      problems: ["sale-discount"],
    });
    expect(saleTotals([line("a", 1000)], { kind: "percent", value: 10_001, reason: "x" }, 0)).toEqual({
      ok: false,
      problems: ["sale-discount"],
    });
    expect(saleTotals([line("a", 1000)], { kind: "amount", value: 100, reason: "" }, 0)).toEqual({
      ok: false,
      problems: ["sale-discount-reason"],
    });
    expect(saleTotals([line("a", 1000)], { kind: "amount", value: 500, reason: "x" }, 600)).toEqual({
      ok: false,
      problems: ["deposit-exceeds"],
    });
    // Exactly covered by the deposit: nothing due.
    const covered = saleTotals([line("a", 1000)], null, 1000);
    expect(covered.ok && covered.totals.dueCents).toBe(0);
  });

  it("rounds a percentage half up to the cent", () => {
    expect(saleDiscountCents(1005, { kind: "percent", value: 1000, reason: "x" })).toBe(101);
    expect(saleDiscountCents(1004, { kind: "percent", value: 1000, reason: "x" })).toBe(100);
    expect(saleDiscountCents(1004, null)).toBe(0);
  });
});

describe("counter payments", () => {
  it("gives change on cash handed over", () => {
    expect(settlePayments(4750, 0, [{ method: "cash", amountCents: 4750, tenderedCents: 5000 }])).toEqual({
      ok: true,
      settlement: { changeCents: 250, byMethod: { cash: 4750, card: 0, bizum: 0 } },
    });
  });

  it("splits between card and cash, with a tip on top", () => {
    const result = settlePayments(6000, 500, [
      { method: "card", amountCents: 3000 },
      { method: "cash", amountCents: 3500, tenderedCents: 4000 },
    ]);
    expect(result).toEqual({
      ok: true,
      settlement: { changeCents: 500, byMethod: { cash: 3500, card: 3000, bizum: 0 } },
    });
  });

  it("refuses payments that do not add up, short cash, and change on a card", () => {
    expect(settlePayments(1000, 0, [{ method: "card", amountCents: 900 }])).toEqual({
      ok: false,
      problem: "payments-mismatch",
    });
    expect(settlePayments(1000, 0, [{ method: "cash", amountCents: 1000, tenderedCents: 900 }])).toEqual({
      ok: false,
      problem: "cash-short",
    });
    expect(settlePayments(1000, 0, [{ method: "card", amountCents: 1000, tenderedCents: 2000 }])).toEqual({
      ok: false,
      problem: "change-without-cash",
    });
    expect(settlePayments(1000, 0, [{ method: "bizum", amountCents: -5 }])).toEqual({
      ok: false,
      problem: "payment-amount",
    });
    expect(settlePayments(1000, -1, [{ method: "card", amountCents: 999 }])).toEqual({ ok: false, problem: "tip" });
    // Nothing due and nothing paid is a sale covered by its deposit.
    expect(settlePayments(0, 0, [])).toEqual({
      ok: true,
      settlement: { changeCents: 0, byMethod: { cash: 0, card: 0, bizum: 0 } },
    });
  });

  it("names the order's method: the one used, or split", () => {
    expect(orderPaymentMethod([{ method: "bizum", amountCents: 100 }])).toBe("bizum");
    expect(
      orderPaymentMethod([
        { method: "card", amountCents: 100 },
        { method: "cash", amountCents: 0 },
      ]),
    ).toBe("card-terminal");
    // Nothing to pay (the deposit covered it): recorded as cash, no money moved.
    expect(orderPaymentMethod([])).toBe("cash");
    expect(
      orderPaymentMethod([
        { method: "card", amountCents: 100 },
        { method: "cash", amountCents: 5 },
      ]),
    ).toBe("split");
  });
});
