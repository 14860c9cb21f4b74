import { describe, expect, it } from "vitest";
import {
  needsEarlyStartRequest,
  proportionalRefundCents,
  startedEarly,
  startsWithinWithdrawalPeriod,
  withdrawalOpen,
  withdrawalPeriodEnds,
} from "./withdrawal.ts";

describe("withdrawal period", () => {
  it("ends 14 natural days after the purchase, across months and years", () => {
    expect(withdrawalPeriodEnds("2026-12-25")).toBe("2027-01-08");
  });

  it("asks for the early-start request only for editions starting within the 14 days", () => {
    expect(startsWithinWithdrawalPeriod("2027-01-01", "2027-01-01")).toBe(true);
    expect(startsWithinWithdrawalPeriod("2027-01-15", "2027-01-01")).toBe(true);
    expect(startsWithinWithdrawalPeriod("2027-01-16", "2027-01-01")).toBe(false);
  });

  it("looks at every dated line and ignores undated ones", () => {
    expect(needsEarlyStartRequest([null, "2027-03-01"], "2027-01-01")).toBe(false);
    expect(needsEarlyStartRequest(["2027-03-01", "2027-01-10"], "2027-01-01")).toBe(true);
    expect(needsEarlyStartRequest([], "2027-01-01")).toBe(false);
  });
});

describe("withdrawing from a paid order", () => {
  it("is open for 14 natural days from the day of payment, inclusive", () => {
    expect(withdrawalOpen("2027-01-01", "2027-01-01")).toBe(true);
    expect(withdrawalOpen("2027-01-01", "2027-01-15")).toBe(true);
    expect(withdrawalOpen("2027-01-01", "2027-01-16")).toBe(false);
  });

  it("proposes the part not yet given, rounded down to the cent", () => {
    const line = { priceCents: 10000, startsOn: "2027-01-10", endsOn: "2027-01-12" };
    expect(proportionalRefundCents(line, "2027-01-09")).toBe(10000);
    // Three days; withdrawing on the first one leaves two: 10000 × 2 / 3 = 6666,67 → 6666.
    expect(proportionalRefundCents(line, "2027-01-10")).toBe(6666);
    expect(proportionalRefundCents(line, "2027-01-11")).toBe(3333);
    expect(proportionalRefundCents(line, "2027-01-12")).toBe(0);
    expect(proportionalRefundCents(line, "2027-02-01")).toBe(0);
  });

  it("treats a one-day or undated line sensibly", () => {
    expect(proportionalRefundCents({ priceCents: 5000, startsOn: null, endsOn: null }, "2027-01-01")).toBe(5000);
    expect(proportionalRefundCents({ priceCents: 5000, startsOn: "2027-01-05", endsOn: null }, "2027-01-05")).toBe(0);
  });

  it("counts as an early start only with the request and a started edition", () => {
    expect(startedEarly(null, ["2027-01-01"], "2027-01-05")).toBe(false);
    expect(startedEarly("2026-12-30T10:00:00.000Z", ["2027-01-10"], "2027-01-05")).toBe(false);
    expect(startedEarly("2026-12-30T10:00:00.000Z", [null, "2027-01-05"], "2027-01-05")).toBe(true);
  });
});
