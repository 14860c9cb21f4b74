import { describe, expect, it } from "vitest";
import { BILLING_FIELDS, parseBillingForm, type BillingErrorKey, type BillingField } from "~/domain/billing-details.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { billingErrorsIn, billingErrorText } from "./billing-errors.ts";

const es = serverTranslator("es");
const ca = serverTranslator("ca");

const valid = {
  billingName: "Marta Soler Puig",
  billingTaxId: "12345678Z",
  billingAddress: "Carrer Major 12, 2n 1a",
  billingPostalCode: "08750",
  billingCity: "Molins de Rei",
};

/** Every answer the rules can give for a field: empty, not a text, too long, and the field's own checks. */
function ruleAnswers(): [BillingField, BillingErrorKey][] {
  const inputs: Record<string, unknown>[] = [
    {},
    Object.fromEntries(BILLING_FIELDS.map((f) => [f, 42])),
    Object.fromEntries(BILLING_FIELDS.map((f) => [f, "a".repeat(500)])),
    Object.fromEntries(BILLING_FIELDS.map((f) => [f, "x".repeat(2_000)])),
    { ...valid, billingTaxId: "12345678A" },
    { ...valid, billingTaxId: "1234" },
    { ...valid, billingPostalCode: "99999" },
  ];
  return inputs.flatMap((input) => {
    const r = parseBillingForm(input, { required: true });
    return r.ok ? [] : (Object.entries(r.errors) as [BillingField, BillingErrorKey][]);
  });
}

describe("the billing fields' errors in the reader's language", () => {
  it("words every answer of the rules in both languages, each differently", () => {
    const answers = ruleAnswers();
    expect(new Set(answers.map(([, key]) => key)).size).toBe(12);
    for (const [field, key] of answers) {
      const spanish = billingErrorText(es, field, key);
      const catalan = billingErrorText(ca, field, key);
      expect(spanish, key).not.toBe(key);
      expect(catalan, key).not.toBe(key);
      expect(catalan, key).not.toBe(spanish);
    }
  });

  it("names the field's own limit when it is too long", () => {
    const r = parseBillingForm({ ...valid, billingName: "a".repeat(500), billingCity: "b".repeat(500) }, { required: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(billingErrorsIn(es, r.errors)).toEqual({
      billingName: "Como mucho 120 caracteres.",
      billingCity: "Como mucho 80 caracteres.",
    });
    expect(billingErrorsIn(ca, r.errors).billingName).toBe("Com a màxim 120 caràcters.");
  });

  it("answers a wrong control letter in Catalan on a Catalan page", () => {
    expect(billingErrorText(ca, "billingTaxId", "checkout.billing.error.taxIdCheck")).toBe(
      "La lletra o el dígit de control del NIF, NIE o CIF no és correcte. Revisa’l.",
    );
    expect(billingErrorText(es, "billingPostalCode", "checkout.billing.error.postalCodeInvalid")).toBe(
      "El código postal son 5 cifras de España (por ejemplo, 08750).",
    );
  });
});
