import { describe, expect, it } from "vitest";
import { TAX_ID_MESSAGES, cifControlDigit, nifControlLetter, normalizeTaxId, validateTaxId } from "./tax-id.ts";

describe("control characters", () => {
  it("computes the DNI letter as the number mod 23", () => {
    // 12345678 = 23 × 536768 + 14 → "Z" (15th letter of TRWAGMYFPDXBNJZ…).
    expect(nifControlLetter("12345678")).toBe("Z");
    // 89890001 = 23 × 3908260 + 21 → "K": the AEAT's test NIF 89890001K.
    expect(nifControlLetter("89890001")).toBe("K");
    expect(nifControlLetter("00000000")).toBe("T");
  });

  it("computes the CIF control digit", () => {
    // 5881850: odd positions 5,8,8,0 doubled → 1+0, 1+6, 1+6, 0 = 15; even 8+1+5 = 14; 29 → 1.
    expect(cifControlDigit("5881850")).toBe(1);
    // 1234567: 2 + 6 + (1+0) + (1+4) = 14; 2+4+6 = 12; 26 → 4.
    expect(cifControlDigit("1234567")).toBe(4);
    // 2826000 (the AEAT, Q2826000H): 4 + 4 + 0 + 0 = 8; 8+6+0 = 14; 22 → 8 → "H".
    expect(cifControlDigit("2826000")).toBe(8);
    expect(cifControlDigit("0000000")).toBe(0);
  });
});

describe("validateTaxId", () => {
  it.each([
    ["12345678Z", "NIF"],
    ["89890001K", "NIF"],
    ["01234567L", "NIF"],
    ["X1234567L", "NIE"],
    ["Y1234567X", "NIE"],
    ["Z1234567R", "NIE"],
    ["K1234567L", "NIF"],
    ["L1234567L", "NIF"],
    ["M1234567L", "NIF"],
    ["A58818501", "CIF"],
    ["B65410011", "CIF"],
    ["B12345674", "CIF"],
    ["Q2826000H", "CIF"],
    ["P2807900B", "CIF"],
    ["C1234567D", "CIF"],
    ["C12345674", "CIF"],
    ["N0000000J", "CIF"],
  ] as const)("accepts %s as a %s", (id, kind) => {
    expect(validateTaxId(id)).toEqual({ ok: true, value: id, kind });
  });

  it("accepts lower case, spaces, dots, hyphens and the ES prefix", () => {
    expect(validateTaxId(" 12.345.678-z ")).toEqual({ ok: true, value: "12345678Z", kind: "NIF" });
    expect(validateTaxId("x-1234567-l")).toEqual({ ok: true, value: "X1234567L", kind: "NIE" });
    expect(validateTaxId("ESB65410011")).toEqual({ ok: true, value: "B65410011", kind: "CIF" });
    expect(validateTaxId("es 12345678z")).toEqual({ ok: true, value: "12345678Z", kind: "NIF" });
    expect(validateTaxId("b-65.410.011")).toEqual({ ok: true, value: "B65410011", kind: "CIF" });
    expect(validateTaxId("12345678\tZ")).toEqual({ ok: true, value: "12345678Z", kind: "NIF" });
  });

  it("asks for the id when it is empty", () => {
    expect(validateTaxId("")).toEqual({ ok: false, problem: "empty", message: TAX_ID_MESSAGES.empty });
    expect(validateTaxId("  . - ")).toEqual({ ok: false, problem: "empty", message: TAX_ID_MESSAGES.empty });
  });

  it.each([
    "1234567Z",
    "123456789Z",
    "12345678",
    "ABCDEFGHI",
    "X12345678L",
    "I1234567A",
    "12345678Ñ",
    "ES",
    "12345678-Z-1",
    "T1234567A",
  ])("rejects the format of %s", (id) => {
    expect(validateTaxId(id)).toEqual({ ok: false, problem: "format", message: TAX_ID_MESSAGES.format });
  });

  it.each([
    "12345678A", // should be Z
    "89890001L",
    "X1234567A",
    "Y1234567L", // the letter of X1234567, not of Y1234567
    "K1234567A",
    "A58818502",
    "B1234567D", // right letter, but an S.L. must end in a digit
    "A5881850A",
    "Q28260008", // right digit, but a public body must end in a letter
    "P2807900C",
    "C1234567E",
  ])("rejects the control character of %s", (id) => {
    expect(validateTaxId(id)).toEqual({ ok: false, problem: "check", message: TAX_ID_MESSAGES.check });
  });

  it("keeps the ES prefix, and fails, when what follows is not a valid id", () => {
    expect(normalizeTaxId("ES12345678A")).toBe("ES12345678A");
    expect(validateTaxId("ES12345678A")).toEqual({ ok: false, problem: "format", message: TAX_ID_MESSAGES.format });
  });

  it("answers fast and never throws on absurd input", () => {
    const started = performance.now();
    expect(validateTaxId("1".repeat(1_000))).toEqual({ ok: false, problem: "format", message: TAX_ID_MESSAGES.format });
    expect(validateTaxId(" ".repeat(1_000))).toEqual({ ok: false, problem: "format", message: TAX_ID_MESSAGES.format });
    expect(validateTaxId("ES".repeat(500))).toEqual({ ok: false, problem: "format", message: TAX_ID_MESSAGES.format });
    expect(validateTaxId("12345678Z".repeat(3))).toEqual({ ok: false, problem: "format", message: TAX_ID_MESSAGES.format });
    expect(validateTaxId("😀")).toEqual({ ok: false, problem: "format", message: TAX_ID_MESSAGES.format });
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("normalizeTaxId", () => {
  it("upper-cases and strips separators", () => {
    expect(normalizeTaxId(" 12.345.678-z")).toBe("12345678Z");
    expect(normalizeTaxId("es-b65410011")).toBe("B65410011");
    expect(normalizeTaxId("whatever 1")).toBe("WHATEVER1");
  });
});
