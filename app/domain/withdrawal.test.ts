import { describe, expect, it } from "vitest";
import { needsEarlyStartRequest, startsWithinWithdrawalPeriod, withdrawalPeriodEnds } from "./withdrawal.ts";

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
