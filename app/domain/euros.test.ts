import { describe, expect, it } from "vitest";
import { centsToEurosInput, EUROS_MESSAGES, parseEuros } from "./euros.ts";

const cents = (text: string) => {
  const r = parseEuros(text);
  return r.ok ? r.cents : r.error;
};

describe("parseEuros", () => {
  it("reads whole euros, decimal commas and thousands dots", () => {
    expect(cents("280")).toBe(28000);
    expect(cents("279,99")).toBe(27999);
    expect(cents("1.250,50")).toBe(125050);
    expect(cents("1.250")).toBe(125000);
    expect(cents("12.500.000")).toBe(EUROS_MESSAGES.tooLarge);
    expect(cents("329,5")).toBe(32950);
    expect(cents("0,99")).toBe(99);
    expect(cents("0")).toBe(0);
  });

  it("accepts a decimal point, spaces and the euro sign people type", () => {
    expect(cents("279.99")).toBe(27999);
    expect(cents("12.5")).toBe(1250);
    expect(cents(" 1 250,50 € ")).toBe(125050);
    expect(cents("280€")).toBe(28000);
    expect(cents("280 euros")).toBe(28000);
    expect(cents("007")).toBe(700);
  });

  it("refuses negatives, more than two decimals, junk and absurd values in Spanish", () => {
    expect(cents("")).toBe(EUROS_MESSAGES.empty);
    expect(cents("   ")).toBe(EUROS_MESSAGES.empty);
    expect(cents("-5")).toBe(EUROS_MESSAGES.negative);
    expect(cents("10,999")).toBe(EUROS_MESSAGES.decimals);
    expect(cents("10.999,5")).toBe(1099950);
    expect(cents("100.000,01")).toBe(EUROS_MESSAGES.tooLarge);
    expect(cents("100.000")).toBe(10_000_000);
    expect(cents("99999999999999999999")).toBe(EUROS_MESSAGES.tooLarge);
    expect(cents("9".repeat(400))).toBe(EUROS_MESSAGES.invalid);
    expect(cents("1e3")).toBe(EUROS_MESSAGES.invalid);
    expect(cents("1,2,3")).toBe(EUROS_MESSAGES.invalid);
    expect(cents("1.2.3")).toBe(EUROS_MESSAGES.invalid);
    expect(cents("12,")).toBe(EUROS_MESSAGES.invalid);
    expect(cents(",5")).toBe(EUROS_MESSAGES.invalid);
    expect(cents("12.34,5")).toBe(EUROS_MESSAGES.invalid);
    expect(cents("doscientos")).toBe(EUROS_MESSAGES.invalid);
    expect(cents("Infinity")).toBe(EUROS_MESSAGES.invalid);
    expect(cents("0x10")).toBe(EUROS_MESSAGES.invalid);
  });
});

describe("centsToEurosInput", () => {
  it("writes what parseEuros reads back", () => {
    for (const value of [0, 99, 28000, 27999, 125050, 32950, 10_000_000]) {
      expect(cents(centsToEurosInput(value))).toBe(value);
    }
    expect(centsToEurosInput(125050)).toBe("1250,50");
    expect(centsToEurosInput(28000)).toBe("280");
    expect(centsToEurosInput(32950)).toBe("329,50");
  });
});
