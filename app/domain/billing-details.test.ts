import { describe, expect, it } from "vitest";
import {
  BILLING_FIELDS,
  billingFormValues,
  billingRequired,
  checkBillingDetails,
  parseBillingForm,
} from "./billing-details.ts";

const valid = {
  billingName: "  Marta   Soler  Puig ",
  billingTaxId: "12.345.678-z",
  billingAddress: "Carrer Major,\t12, 2º 1ª",
  billingPostalCode: "08 750",
  billingCity: "Molins de Rei",
};

describe("parseBillingForm", () => {
  it("normalizes valid details: whitespace, the tax id, the postal code", () => {
    const r = parseBillingForm(valid, { required: true });
    expect(r).toEqual({
      ok: true,
      details: { name: "Marta Soler Puig", taxId: "12345678Z", address: "Carrer Major, 12, 2º 1ª", postalCode: "08750", city: "Molins de Rei" },
      values: {
        billingName: "Marta Soler Puig",
        billingTaxId: "12345678Z",
        billingAddress: "Carrer Major, 12, 2º 1ª",
        billingPostalCode: "08750",
        billingCity: "Molins de Rei",
      },
    });
  });

  it("accepts a NIE and a company's CIF (with the ES prefix)", () => {
    expect(parseBillingForm({ ...valid, billingTaxId: "x1234567l" }, { required: true })).toMatchObject({ ok: true, details: { taxId: "X1234567L" } });
    expect(parseBillingForm({ ...valid, billingTaxId: "ES B-6541 0011" }, { required: true })).toMatchObject({
      ok: true,
      details: { taxId: "B65410011" },
    });
  });

  it("requires every field when required, with a Spanish message per field", () => {
    const r = parseBillingForm({}, { required: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual([...BILLING_FIELDS].sort());
    expect(r.errors.billingTaxId).toBe("checkout.billing.error.taxIdEmpty");
    expect(r.errors.billingCity).toBe("checkout.billing.error.cityEmpty");
  });

  it("refuses a wrong check letter and keeps what was typed", () => {
    const r = parseBillingForm({ ...valid, billingTaxId: "12345678A" }, { required: true });
    expect(r).toMatchObject({ ok: false, errors: { billingTaxId: "checkout.billing.error.taxIdCheck" }, values: { billingTaxId: "12345678A", billingName: "Marta Soler Puig" } });
    if (!r.ok) expect(Object.keys(r.errors)).toEqual(["billingTaxId"]);
  });

  it("accepts only Spanish postal codes", () => {
    for (const code of ["8750", "087500", "53001", "00123", "ABCDE", "SW1A 1AA"]) {
      const r = parseBillingForm({ ...valid, billingPostalCode: code }, { required: true });
      expect(r, code).toMatchObject({ ok: false, errors: { billingPostalCode: "checkout.billing.error.postalCodeInvalid" } });
    }
    for (const code of ["01001", "28013", "52006"]) {
      expect(parseBillingForm({ ...valid, billingPostalCode: code }, { required: true }).ok, code).toBe(true);
    }
  });

  it("when not required: all empty is no details, a half-filled form needs the rest", () => {
    expect(parseBillingForm({ billingName: "  ", billingCity: "" }, { required: false })).toMatchObject({ ok: true, details: null });
    expect(parseBillingForm({}, { required: false })).toMatchObject({ ok: true, details: null });
    const half = parseBillingForm({ billingName: "Marta" }, { required: false });
    expect(half.ok).toBe(false);
    if (!half.ok) expect(Object.keys(half.errors).sort()).toEqual(["billingAddress", "billingCity", "billingPostalCode", "billingTaxId"]);
    expect(parseBillingForm(valid, { required: false })).toMatchObject({ ok: true, details: { taxId: "12345678Z" } });
  });

  it("limits lengths and survives garbage and huge input", () => {
    const long = parseBillingForm({ ...valid, billingName: "a".repeat(121), billingCity: "b".repeat(81) }, { required: true });
    expect(long).toMatchObject({ ok: false, errors: { billingName: "checkout.billing.error.tooLong", billingCity: "checkout.billing.error.tooLong" } });
    expect(parseBillingForm({ ...valid, billingName: "a".repeat(120) }, { required: true }).ok).toBe(true);

    const huge = "x".repeat(5_000_000);
    const started = Date.now();
    const r = parseBillingForm({ billingName: huge, billingTaxId: huge, billingAddress: huge, billingPostalCode: huge, billingCity: huge }, { required: false });
    expect(Date.now() - started).toBeLessThan(500);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(Object.keys(r.errors)).toHaveLength(5);
      for (const v of Object.values(r.values)) expect(v.length).toBeLessThanOrEqual(200);
    }

    const weird: Record<string, unknown> = {
      billingName: 42,
      billingTaxId: { toString: () => "12345678Z" },
      billingAddress: ["Calle"],
      billingPostalCode: null,
      billingCity: "\u0000\u001b[31m\u202e",
    };
    const w = parseBillingForm(weird, { required: true });
    expect(w.ok).toBe(false);
    if (!w.ok) {
      expect(w.errors.billingName).toBeTruthy();
      expect(w.errors.billingTaxId).toBe("checkout.billing.error.taxIdFormat");
      expect(w.errors.billingPostalCode).toBe("checkout.billing.error.postalCodeEmpty");
      expect(w.values.billingCity).not.toMatch(/\p{Cc}/u);
    }
    // Control characters and line breaks become single spaces.
    expect(parseBillingForm({ ...valid, billingAddress: "Calle\r\n\u0007Mayor 1" }, { required: true })).toMatchObject({
      ok: true,
      details: { address: "Calle Mayor 1" },
    });
  });
});

describe("billingRequired", () => {
  it("above 400 € always; up to 400 € only when the box is ticked", () => {
    expect(billingRequired(99_900, false)).toBe(true);
    expect(billingRequired(40_001, false)).toBe(true);
    expect(billingRequired(40_000, false)).toBe(false);
    expect(billingRequired(9_000, false)).toBe(false);
    expect(billingRequired(9_000, true)).toBe(true);
  });
});

describe("checkBillingDetails", () => {
  it("re-checks details from elsewhere and normalizes them", () => {
    const details = { name: "Marta", taxId: "12345678-z", address: "C/ Major 1", postalCode: "08750", city: "Molins de Rei" };
    expect(checkBillingDetails(details)).toEqual({ ...details, taxId: "12345678Z" });
    expect(checkBillingDetails({ ...details, taxId: "12345678A" })).toBeNull();
    expect(checkBillingDetails({ ...details, address: "" })).toBeNull();
    expect(checkBillingDetails(null)).toBeNull();
    expect(billingFormValues(null)).toEqual({ billingName: "", billingTaxId: "", billingAddress: "", billingPostalCode: "", billingCity: "" });
  });
});
