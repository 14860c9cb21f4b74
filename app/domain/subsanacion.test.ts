import { describe, expect, it } from "vitest";
import { SUBSANACION_REFUSALS, subsanacionDecision } from "./subsanacion.ts";

describe("subsanacionDecision", () => {
  it("subsana only a record the AEAT rejected, with the sending on", () => {
    expect(subsanacionDecision("rejected", "verifactu")).toEqual({ kind: "subsanar" });
    expect(subsanacionDecision("rejected", "verifactu-test")).toEqual({ kind: "subsanar" });
  });

  it("answers done for a record already subsanado (the same confirmation twice)", () => {
    expect(subsanacionDecision("corrected", "verifactu")).toEqual({ kind: "done" });
  });

  it("refuses a record that is pending, accepted or never sent", () => {
    for (const state of ["pending", "accepted", "accepted-with-errors", null]) {
      expect(subsanacionDecision(state, "verifactu")).toEqual({ kind: "refused", reason: "not-rejected" });
    }
  });

  it("refuses with the sending off: the new record would never leave", () => {
    expect(subsanacionDecision("rejected", "off")).toEqual({ kind: "refused", reason: "mode-off" });
  });

  it("has a Spanish message for every refusal", () => {
    for (const text of Object.values(SUBSANACION_REFUSALS)) expect(text).toMatch(/^[A-ZÁÉÍÓÚÑ¿]/u);
  });
});
