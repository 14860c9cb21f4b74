import { describe, expect, it } from "vitest";
import {
  COUNT_MESSAGES,
  countedTotal,
  countFieldName,
  DENOMINATIONS,
  expectedCash,
  MAX_PIECES,
  parseCountForm,
} from "./cash-count.ts";

describe("DENOMINATIONS", () => {
  it("lists the euro's seven notes and eight coins, largest first, in cents", () => {
    expect(DENOMINATIONS.map((d) => d.cents)).toEqual([
      50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 20, 10, 5, 2, 1,
    ]);
    expect(DENOMINATIONS.filter((d) => d.kind === "note")).toHaveLength(7);
    expect(DENOMINATIONS.find((d) => d.cents === 500)?.label).toBe("5 €");
    expect(DENOMINATIONS.find((d) => d.cents === 20)?.label).toBe("20 céntimos");
    expect(DENOMINATIONS.find((d) => d.cents === 1)?.label).toBe("1 céntimo");
  });
});

describe("countedTotal", () => {
  it("adds up the pieces and keeps only those present, largest first", () => {
    expect(countedTotal({ "1": 3, "500": 0, "5000": 2, "200": 4 })).toEqual({
      ok: true,
      totalCents: 10_803,
      detail: { "5000": 2, "200": 4, "1": 3 },
    });
  });

  it("an empty count is zero", () => {
    expect(countedTotal({})).toEqual({ ok: true, totalCents: 0, detail: {} });
  });

  it("refuses values that are not euro denominations", () => {
    const result = countedTotal({ "300": 1, abc: 1, "-100": 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.map((p) => p.problem)).toEqual([
        "unknown-denomination",
        "unknown-denomination",
        "unknown-denomination",
      ]);
    }
  });

  it("refuses negative, fractional, non-numeric and excessive counts", () => {
    const result = countedTotal({ "100": -1, "200": 1.5, "50": "3", "20": MAX_PIECES + 1, "10": Number.NaN });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.fromEntries(result.problems.map((p) => [p.denomination, p.problem]))).toEqual({
        "100": "not-whole",
        "200": "not-whole",
        "50": "not-whole",
        "20": "too-many",
        "10": "not-whole",
      });
    }
    expect(countedTotal({ "1": MAX_PIECES })).toMatchObject({ ok: true, totalCents: MAX_PIECES });
  });
});

describe("parseCountForm", () => {
  it("reads one field per denomination; empty fields count as none", () => {
    expect(countFieldName(500)).toBe("d500");
    expect(parseCountForm({ d2000: "3", d500: " 1 ", d1: "", d10: "07", other: "9" })).toEqual({
      ok: true,
      totalCents: 6_570,
      detail: { "2000": 3, "500": 1, "10": 7 },
    });
  });

  it("names each wrong field with a Spanish message", () => {
    expect(parseCountForm({ d2000: "2,5", d100: "-1", d50: "99999", d20: "x" })).toEqual({
      ok: false,
      errors: {
        d2000: COUNT_MESSAGES["not-whole"],
        d100: COUNT_MESSAGES["not-whole"],
        d50: COUNT_MESSAGES["too-many"],
        d20: COUNT_MESSAGES["not-whole"],
      },
    });
  });
});

describe("expectedCash", () => {
  it("is float + cash sales + cash in − cash out − cash returns", () => {
    expect(expectedCash({ float: 10_000, cashSales: 8_550, cashIn: 2_000, cashOut: 1_500, cashReturns: 1_200 })).toBe(
      17_850,
    );
    expect(expectedCash({ float: 0, cashSales: 0, cashIn: 0, cashOut: 0, cashReturns: 0 })).toBe(0);
  });
});
