import { describe, expect, it } from "vitest";
import { WAITLIST_MESSAGES, waitlistErrors, waitlistFormSchema, waitlistSignedInSchema } from "./waitlist-form.ts";

describe("waitlist form", () => {
  it("accepts an edition, a valid email and the consent", () => {
    const parsed = waitlistFormSchema.parse({ edition: " e1 ", email: " Ana@Example.com ", consent: "on" });
    expect(parsed).toEqual({ edition: "e1", email: "Ana@Example.com", consent: "on" });
  });

  it("explains each missing or malformed field in Spanish", () => {
    const r = waitlistFormSchema.safeParse({ edition: "", email: "no-es-un-correo" });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(waitlistErrors(r.error)).toEqual({
      edition: WAITLIST_MESSAGES.edition,
      email: WAITLIST_MESSAGES.email,
      consent: WAITLIST_MESSAGES.consent,
    });
  });

  it("refuses huge values without throwing", () => {
    const r = waitlistFormSchema.safeParse({
      edition: "x".repeat(5000),
      email: `${"a".repeat(300)}@x.es`,
      consent: "on",
    });
    expect(r.success).toBe(false);
  });

  it("needs no email field from a signed-in buyer, but still the consent", () => {
    expect(waitlistSignedInSchema.safeParse({ edition: "e1", consent: "on" }).success).toBe(true);
    const r = waitlistSignedInSchema.safeParse({ edition: "e1", consent: "no" });
    expect(r.success ? {} : waitlistErrors(r.error)).toEqual({ consent: WAITLIST_MESSAGES.consent });
  });
});
