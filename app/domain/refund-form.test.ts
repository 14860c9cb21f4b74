import { describe, expect, it } from "vitest";
import { formatEuros } from "./pricing.ts";
import { refundFormDefaults, refundFormSchema, refundFormValues, REFUND_FORM_MESSAGES } from "./refund-form.ts";

const errorsOf = (available: number, input: Record<string, unknown>) => {
  const r = refundFormSchema(available).safeParse(input);
  if (r.success) throw new Error("expected errors");
  return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("staff refund form", () => {
  it("reads euros as staff type them, up to what is left", () => {
    const schema = refundFormSchema(28000);
    expect(schema.parse({ amount: "280", reason: "customer-request", note: "" })).toEqual({
      amount: 28000,
      reason: "customer-request",
      note: "",
    });
    expect(schema.parse({ amount: " 99,5 € ", reason: "edition-cancelled" }).amount).toBe(9950);
    expect(schema.parse({ amount: "0,01", reason: "staff", note: "  Pago\tdoble \u0000 " }).note).toBe("Pago doble");
  });

  it("explains each refusal", () => {
    expect(errorsOf(28000, { amount: "280,01", reason: "staff", note: "x" }).amount).toBe(
      `El importe supera lo que queda por reembolsar: como máximo ${formatEuros(28000)}`,
    );
    expect(errorsOf(0, { amount: "1", reason: "staff", note: "x" }).amount).toBe(REFUND_FORM_MESSAGES.nothingLeft);
    expect(errorsOf(28000, { amount: "0,00", reason: "staff", note: "x" }).amount).toBe(REFUND_FORM_MESSAGES.zero);
    expect(errorsOf(28000, { amount: "", reason: "staff", note: "x" }).amount).toBe("Escribe un importe en euros");
    expect(errorsOf(28000, { amount: "1,234", reason: "staff", note: "x" }).amount).toMatch(/dos decimales/u);
    expect(errorsOf(28000, { amount: "10" }).reason).toBe(REFUND_FORM_MESSAGES.reason);
    expect(errorsOf(28000, { amount: "10", reason: "constructor" }).reason).toBe(REFUND_FORM_MESSAGES.reason);
    expect(errorsOf(28000, { amount: "10", reason: "staff", note: " \n " }).note).toBe(
      REFUND_FORM_MESSAGES.noteRequired,
    );
    expect(errorsOf(28000, { amount: "10", reason: "staff", note: "a".repeat(501) }).note).toBe(
      REFUND_FORM_MESSAGES.noteTooLong,
    );
    expect(errorsOf(28000, { amount: "10", reason: "staff", note: "a".repeat(100_000) }).note).toBe(
      REFUND_FORM_MESSAGES.noteTooLong,
    );
  });

  it("starts with everything that is left, and round-trips the confirmation's hidden fields", () => {
    expect(refundFormDefaults(18050)).toEqual({ amount: "180,50", reason: "", note: "" });
    const parsed = refundFormSchema(18050).parse({ amount: "180,5", reason: "staff", note: "Cambio de fecha" });
    expect(refundFormSchema(18050).parse(refundFormValues(parsed))).toEqual(parsed);
  });
});
