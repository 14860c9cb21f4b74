import { describe, expect, it } from "vitest";
import {
  baseOfNet,
  COMMISSION_ERROR,
  commissionCents,
  commissionOfPost,
  commissionPercentText,
  commissionRateBp,
  parseCommissionPercent,
  type CommissionRates,
} from "./commission.ts";

const rates: CommissionRates = {
  professionals: new Map<string, number | null>([
    ["laura", 1000],
    ["sofia", null],
  ]),
  services: new Map<string, number | null>([
    ["semipermanente", 1500],
    ["pedicura", null],
  ]),
};

describe("the commission rule", () => {
  it("takes the service's rate over the professional's, then hers, then none", () => {
    const line = (kind: "service" | "product" | "manual", professionalId: string | null, serviceId: string | null) =>
      commissionRateBp({ kind, professionalId, serviceId }, rates);
    expect(line("service", "laura", "semipermanente")).toBe(1500);
    expect(line("service", "laura", "pedicura")).toBe(1000);
    expect(line("service", "laura", "unknown")).toBe(1000);
    expect(line("product", "laura", null)).toBe(1000);
    expect(line("manual", "laura", null)).toBe(1000);
    // A service rate applies to whoever performs it, even one without her own rate.
    expect(line("service", "sofia", "semipermanente")).toBe(1500);
    expect(line("service", "sofia", "pedicura")).toBe(0);
    expect(line("product", "nobody-known", null)).toBe(0);
    // No professional: nobody earns it.
    expect(line("service", null, "semipermanente")).toBe(0);
  });

  it("takes the base out of the VAT-included net as the invoice does, and rounds the commission to the cent", () => {
    expect(baseOfNet(2500, 2100)).toBe(2066); // 25 / 1,21 = 20,661…
    expect(baseOfNet(1250, 1000)).toBe(1136); // 12,50 / 1,10 = 11,363…
    expect(baseOfNet(-2500, 2100)).toBe(-2066);
    expect(baseOfNet(700, 0)).toBe(700);
    expect(commissionCents(2066, 1500)).toBe(310); // 309,9
    expect(commissionCents(2066, 1000)).toBe(207); // 206,6
    expect(commissionCents(-2066, 1000)).toBe(-207);
    expect(commissionCents(1005, 1000)).toBe(101); // 100,5: half away from zero
    expect(commissionCents(-1005, 1000)).toBe(-101);
    expect(commissionCents(5000, 0)).toBe(0);
  });
});

describe("the owner's commission field", () => {
  it("reads a percentage with up to two decimals, comma or point, and empty as none", () => {
    expect(parseCommissionPercent("10")).toBe(1000);
    expect(parseCommissionPercent(" 12,5 ")).toBe(1250);
    expect(parseCommissionPercent("12.05")).toBe(1205);
    expect(parseCommissionPercent("7 %")).toBe(700);
    expect(parseCommissionPercent("0")).toBe(0);
    expect(parseCommissionPercent("100")).toBe(10_000);
    expect(parseCommissionPercent("")).toBeNull();
    for (const bad of ["100,01", "101", "-5", "12,345", "abc", "1e2", "12,", ",5", "1000"]) {
      expect(parseCommissionPercent(bad), bad).toBeUndefined();
    }
  });

  it("writes a stored rate back as the field shows it", () => {
    expect(commissionPercentText(1000)).toBe("10");
    expect(commissionPercentText(1250)).toBe("12,5");
    expect(commissionPercentText(1205)).toBe("12,05");
    expect(commissionPercentText(0)).toBe("0");
    expect(commissionPercentText(null)).toBe("");
    for (const bp of [0, 5, 50, 1205, 1250, 9999, 10_000]) {
      expect(parseCommissionPercent(commissionPercentText(bp))).toBe(bp);
    }
  });

  it("saves the owner's value, leaves a form without the field alone, and refuses the field from anyone else", () => {
    expect(commissionOfPost({ name: "Laura" }, true)).toEqual({ ok: true, bp: undefined });
    expect(commissionOfPost({ name: "Laura" }, false)).toEqual({ ok: true, bp: undefined });
    expect(commissionOfPost({ comision: "12,5" }, true)).toEqual({ ok: true, bp: 1250 });
    expect(commissionOfPost({ comision: "" }, true)).toEqual({ ok: true, bp: null });
    expect(commissionOfPost({ comision: "150" }, true)).toEqual({ ok: false, error: COMMISSION_ERROR });
    expect(commissionOfPost({ comision: "10" }, false)).toEqual({ ok: false, forbidden: true });
    expect(commissionOfPost({ comision: "" }, false)).toEqual({ ok: false, forbidden: true });
  });
});
