import { describe, expect, it } from "vitest";
import { parseBillingForm } from "~/domain/billing-details.ts";
import { LINE_UNAVAILABLE_MESSAGE, NO_LINE_MESSAGE } from "~/domain/withdrawal-lines.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { billingErrorsIn, billingErrorText } from "./billing-error-text.ts";
import { enrollmentStageIn } from "./enrollment-text.ts";

const es = serverTranslator("es");
const ca = serverTranslator("ca");

describe("where an enrolment stands", () => {
  it("says it in the reader's language, dates included", () => {
    expect(enrollmentStageIn(es, "2027-02-09", "2027-02-11", "2027-01-01")).toBe("Empieza el 9 de febrero de 2027");
    expect(enrollmentStageIn(ca, "2027-02-09", "2027-02-11", "2027-01-01")).toBe("Comença el 9 de febrer de 2027");
    expect(enrollmentStageIn(ca, "2027-10-01", null, "2027-01-01")).toBe("Comença l’1 d’octubre de 2027");
    expect(enrollmentStageIn(es, "2027-02-09", "2027-02-11", "2027-02-10")).toBe("En curso");
    expect(enrollmentStageIn(ca, "2027-02-09", "2027-02-11", "2027-02-10")).toBe("En curs");
    expect(enrollmentStageIn(es, "2027-02-09", "2027-02-11", "2027-02-12")).toBe("Finalizado");
    expect(enrollmentStageIn(ca, "2027-02-09", "2027-02-11", "2027-02-12")).toBe("Finalitzat");
    expect(enrollmentStageIn(ca, null, null, "2027-02-12")).toMatch(/^Data per confirmar/u);
    expect(enrollmentStageIn(es, null, null, "2027-02-12")).toMatch(/^Fecha por confirmar/u);
  });
});

describe("the billing fields' errors", () => {
  /** Every message the rules can give, from forms that break each rule. */
  const broken = [
    { billingName: "Ana", billingTaxId: "", billingAddress: "", billingPostalCode: "", billingCity: "" },
    {
      billingName: "x".repeat(200),
      billingTaxId: "1234",
      billingAddress: "y".repeat(200),
      billingPostalCode: "99999",
      billingCity: "z".repeat(100),
    },
    {
      billingName: "Ana",
      billingTaxId: "12345678A",
      billingAddress: "Calle 1",
      billingPostalCode: "08750",
      billingCity: "Molins",
    },
    { billingName: 1, billingTaxId: 2, billingAddress: 3, billingPostalCode: 4, billingCity: 5 },
  ];
  const messages = new Set(
    broken.flatMap((input) => {
      const r = parseBillingForm(input, { required: true });
      return r.ok ? [] : Object.values(r.errors);
    }),
  );

  it("has a key for every message the rules give, the Spanish one word for word", () => {
    expect(messages.size).toBeGreaterThan(8);
    for (const message of messages) {
      expect(billingErrorText(es, message!), message).toBe(message);
      const catalan = billingErrorText(ca, message!);
      expect(catalan, message).not.toBe(message);
      expect(catalan).not.toMatch(/^account\./u);
    }
  });

  it("writes them in Catalan", () => {
    expect(billingErrorText(ca, "Escribe el código postal.")).toBe("Escriu el codi postal.");
    expect(billingErrorText(ca, "Como mucho 120 caracteres.")).toBe("Com a màxim 120 caràcters.");
    expect(billingErrorsIn(ca, { billingCity: "Escribe la población.", form: "otra cosa" })).toEqual({
      billingCity: "Escriu la població.",
      form: "otra cosa",
    });
  });
});

describe("the withdrawal page's refusals", () => {
  it("say in Spanish what the rules say", () => {
    expect(es("account.withdrawal.error.noLine")).toBe(NO_LINE_MESSAGE);
    expect(es("account.withdrawal.error.unavailable")).toBe(LINE_UNAVAILABLE_MESSAGE);
  });
});
