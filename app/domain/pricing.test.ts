import { describe, expect, it } from "vitest";
import {
  discountCents,
  formatEuros,
  formatLongDate,
  formatMonthYear,
  formatPriceShort,
  formatWeekdayDate,
  monthlyFinancingEuros,
  monthlyFinancingText,
} from "./pricing.ts";

const nbsp = "\u00a0";

describe("formatEuros", () => {
  it("formats es-ES money with a no-break space before €", () => {
    expect(formatEuros(127900)).toBe(`1.279,00${nbsp}€`);
    expect(formatEuros(164900)).toBe(`1.649,00${nbsp}€`);
    expect(formatEuros(28000)).toBe(`280,00${nbsp}€`);
    expect(formatEuros(0)).toBe(`0,00${nbsp}€`);
    expect(formatEuros(32950)).toBe(`329,50${nbsp}€`);
  });
  it("groups thousands from four digits, like the invoices", () => {
    expect(formatEuros(1279000)).toBe(`12.790,00${nbsp}€`);
  });
});

describe("formatPriceShort", () => {
  it("drops ,00 for whole euros", () => {
    expect(formatPriceShort(28000)).toBe(`280${nbsp}€`);
    expect(formatPriceShort(99900)).toBe(`999${nbsp}€`);
  });
  it("keeps cents when present", () => {
    expect(formatPriceShort(32950)).toBe(`329,50${nbsp}€`);
    expect(formatPriceShort(125000)).toBe(`1.250${nbsp}€`);
  });
});

describe("monthlyFinancingText", () => {
  it("writes the instalment in the one money format", () => {
    expect(monthlyFinancingText(28000)).toBe(`94,00${nbsp}€/mes`);
    expect(monthlyFinancingText(500000)).toBe(`1.667,00${nbsp}€/mes`);
  });
});

describe("monthlyFinancingEuros", () => {
  it.each([
    [28000, 94],
    [65000, 217],
    [99900, 333],
    [32900, 110],
    [30000, 100],
  ])("%i cents → %i €/mes", (cents, expected) => {
    expect(monthlyFinancingEuros(cents)).toBe(expected);
  });
});

describe("discountCents", () => {
  it("is original minus price", () => {
    expect(discountCents({ priceCents: 28000, originalPriceCents: 35000 })).toBe(7000);
  });
  it("is never negative", () => {
    expect(discountCents({ priceCents: 28000, originalPriceCents: 20000 })).toBe(0);
  });
});

describe("dates", () => {
  it("formats month and year in Spanish", () => {
    expect(formatMonthYear("2027-02-09")).toBe("febrero de 2027");
    expect(formatMonthYear("2027-12-31")).toBe("diciembre de 2027");
    expect(formatMonthYear("2027-01-01")).toBe("enero de 2027");
  });
  it("formats long dates", () => {
    expect(formatLongDate("2027-02-09")).toBe("9 de febrero de 2027");
    expect(formatWeekdayDate("2027-02-09")).toBe("martes, 9 de febrero de 2027");
  });
});
