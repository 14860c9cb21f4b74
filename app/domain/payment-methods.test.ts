import { describe, expect, it } from "vitest";
import {
  availableMethods,
  isPaymentMethodKey,
  paymentMethod,
  paymentMethodName,
  payButtonLabel,
  PAYMENT_METHODS,
} from "./payment-methods.ts";

describe("payment-method catalogue", () => {
  it("holds the four methods with the spec's texts", () => {
    expect(PAYMENT_METHODS.map((m) => [m.key, m.name, m.description])).toEqual([
      ["card", "Tarjeta de crédito o débito", "Pago único con tarjeta"],
      ["klarna", "Klarna - Paga en 3", "Sin intereses: hoy, 30 días, 60 días"],
      ["sequra", "SeQura", "Financia en 3, 6, 9 o 12 cuotas sin intereses"],
      ["scalapay", "Scalapay", "Paga en 3 o 4 cuotas sin intereses"],
    ]);
    expect(paymentMethod("klarna")).toMatchObject({ minAmount: 100, maxAmount: 150000 });
  });

  it("recognises keys and names stored ones", () => {
    expect(isPaymentMethodKey("sequra")).toBe(true);
    expect(isPaymentMethodKey("seqira")).toBe(false);
    expect(isPaymentMethodKey(undefined)).toBe(false);
    expect(paymentMethodName("scalapay")).toBe("Scalapay");
    expect(paymentMethodName("paypal")).toBe("paypal");
  });
});

describe("availableMethods", () => {
  const keys = (cents: number) => availableMethods(cents).map((m) => m.key);

  it("offers all four for a 650 € course", () => {
    expect(keys(65000)).toEqual(["card", "klarna", "sequra", "scalapay"]);
  });

  it("applies Klarna's bounds inclusively (1 € – 1.500 €)", () => {
    expect(keys(150000)).toContain("klarna");
    expect(keys(150001)).not.toContain("klarna");
    expect(keys(100)).toContain("klarna");
    expect(keys(99)).not.toContain("klarna");
  });

  it("applies SeQura's and Scalapay's bounds", () => {
    expect(keys(2899)).not.toContain("sequra");
    expect(keys(2900)).toContain("sequra");
    expect(keys(300000)).toContain("sequra");
    expect(keys(300001)).not.toContain("sequra");
    expect(keys(499)).not.toContain("scalapay");
    expect(keys(500)).toContain("scalapay");
    expect(keys(499999)).toContain("scalapay");
    expect(keys(500000)).toEqual(["card"]);
  });

  it("offers nothing for a zero, negative or fractional amount", () => {
    expect(keys(0)).toEqual([]);
    expect(keys(-100)).toEqual([]);
    expect(keys(10.5)).toEqual([]);
  });
});

describe("payButtonLabel", () => {
  it("says Pagar {price} for card, in the one money format", () => {
    expect(payButtonLabel("card", 65000)).toBe("Pagar 650,00\u00a0€");
    expect(payButtonLabel("card", 32950)).toBe("Pagar 329,50\u00a0€");
    expect(payButtonLabel("card", 127900)).toBe("Pagar 1.279,00\u00a0€");
  });

  it("says Continuar con {method} otherwise", () => {
    expect(payButtonLabel("klarna", 65000)).toBe("Continuar con Klarna - Paga en 3");
    expect(payButtonLabel("sequra", 65000)).toBe("Continuar con SeQura");
    expect(payButtonLabel("scalapay", 65000)).toBe("Continuar con Scalapay");
  });
});
