/**
 * The "Avísame si queda una plaza" form of the course page: what it accepts,
 * its Spanish messages, and how each answer of `joinWaitlist` is told to the
 * visitor. Pure (no server imports): shared by the action and the page.
 */
import { z } from "../lib/zod.ts";

// The texts live in a zod-free module: the course page's form needs them in the
// browser, and importing them from here would ship zod to every course page.
import { WAITLIST_MESSAGES } from "./waitlist-messages.ts";
export {
  WAITLIST_CONSENT_TEXT,
  WAITLIST_MESSAGES,
  WAITLIST_RESULT_MESSAGES,
  type WaitlistJoinResult,
} from "./waitlist-messages.ts";

const editionField = z
  .string({ error: WAITLIST_MESSAGES.edition })
  .trim()
  .min(1, WAITLIST_MESSAGES.edition)
  .max(200, WAITLIST_MESSAGES.edition);

const consentField = z
  .string({ error: WAITLIST_MESSAGES.consent })
  .refine((v) => v === "on" || v === "1" || v === "true", WAITLIST_MESSAGES.consent);

const waitlistEmailSchema = z
  .string({ error: WAITLIST_MESSAGES.email })
  .trim()
  .max(254, WAITLIST_MESSAGES.email)
  .pipe(z.email({ error: WAITLIST_MESSAGES.email }));

/** A visitor types her email. */
export const waitlistFormSchema = z.object({
  edition: editionField,
  email: waitlistEmailSchema,
  consent: consentField,
});

/** A signed-in buyer: the account email is used, whatever the field says. */
export const waitlistSignedInSchema = z.object({ edition: editionField, consent: consentField });

export type WaitlistFieldErrors = Partial<Record<"edition" | "email" | "consent" | "form", string>>;

/** First message per field, for the `aria-describedby` error lines. */
export function waitlistErrors(error: z.ZodError): WaitlistFieldErrors {
  const out: WaitlistFieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    const field = key === "edition" || key === "email" || key === "consent" ? key : "form";
    out[field] ??= issue.message;
  }
  return out;
}
