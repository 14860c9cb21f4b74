import { describe, expect, it } from "vitest";
import { formatEuros } from "./pricing.ts";
import { formatDuration, formatServicePrice } from "./service-text.ts";

describe("service texts", () => {
  it("reads durations in hours and minutes", () => {
    expect([5, 45, 60, 90, 120, 125].map(formatDuration)).toEqual([
      "5 min",
      "45 min",
      "1 h",
      "1 h 30 min",
      "2 h",
      "2 h 5 min",
    ]);
  });
  it("says «desde» before a starting price", () => {
    expect(formatServicePrice(2500, false)).toBe(formatEuros(2500));
    expect(formatServicePrice(4000, true)).toBe(`desde ${formatEuros(4000)}`);
  });
});
