import { describe, expect, it } from "vitest";
import { BILLING_FIELDS, parseBillingForm, type BillingField } from "~/domain/billing-details.ts";
import { POSTAL_CODE_MESSAGE } from "~/domain/form-text.ts";
import { TAX_ID_MESSAGES } from "~/domain/tax-id.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { billingErrorKey, billingErrorsIn, billingErrorText } from "./billing-errors.server.ts";

const valid = {
  billingName: "Marta Soler Puig",
  billingTaxId: "12345678Z",
  billingAddress: "Carrer Major 12, 2n 1a",
  billingPostalCode: "08750",
  billingCity: "Molins de Rei",
};

/** Every answer the rules can give for a field: empty, not a text, too long, and the field's own checks. */
function ruleAnswers(): [BillingField, string][] {
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
    return r.ok ? [] : (Object.entries(r.errors) as [BillingField, string][]);
  });
}

describe("the billing fields' errors in the request's language", () => {
  it("finds a key for every answer of the rules, whose Spanish is the rule's text", () => {
    const es = serverTranslator("es");
    const answers = ruleAnswers();
    expect(answers.length).toBeGreaterThan(20);
    for (const [field, text] of answers) {
      const key = billingErrorKey(field, text);
      expect(key, `${field}: ${text}`).toBeDefined();
      expect(billingErrorText(es, field, text)).toBe(text);
    }
    expect(new Set(answers.map(([field, text]) => billingErrorKey(field, text))).size).toBe(12);
  });

  it("answers in Catalan on a Catalan page", () => {
    const ca = serverTranslator("ca");
    expect(billingErrorText(ca, "billingTaxId", TAX_ID_MESSAGES.check)).toBe(
      "La lletra o el dígit de control del NIF, NIE o CIF no és correcte. Revisa’l.",
    );
    expect(billingErrorText(ca, "billingPostalCode", POSTAL_CODE_MESSAGE)).toBe(
      "El codi postal són 5 xifres d’Espanya (per exemple, 08750).",
    );
    const long = parseBillingForm({ ...valid, billingName: "a".repeat(121) }, { required: true });
    expect(long.ok).toBe(false);
    expect(billingErrorsIn(ca, long.ok ? {} : long.errors)).toEqual({ billingName: "Com a màxim 120 caràcters." });
  });

  it("keeps a text the rules do not give as it came", () => {
    expect(billingErrorText(serverTranslator("ca"), "billingCity", "Otro mensaje")).toBe("Otro mensaje");
  });
});
