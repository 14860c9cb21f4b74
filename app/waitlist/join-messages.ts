/**
 * What the "Avísame si queda una plaza" form answers, in the page's language
 * (issue 34): each refusal and each result of `joinWaitlist` by its name, as a
 * catalogue key ("catalogue.waitlist.*", the course page's namespace). The
 * Spanish catalogue holds the domain's texts word for word
 * (app/domain/waitlist-messages.ts; join-messages.test.ts compares them).
 */
import type { z } from "~/lib/zod.ts";
import {
  WAITLIST_CONFIRM_HOURS,
  WAITLIST_MAX_ACTIVE_PER_EMAIL,
  type WaitlistJoinResult,
} from "~/domain/waitlist-messages.ts";
import type { WaitlistFieldErrors } from "~/domain/waitlist-form.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";

/** Why a sign-up is refused. */
export const WAITLIST_ERROR_KEYS = {
  edition: "catalogue.waitlist.error.edition",
  email: "catalogue.waitlist.error.email",
  consent: "catalogue.waitlist.error.consent",
  rateLimited: "catalogue.waitlist.error.rateLimited",
  networkLimited: "catalogue.waitlist.error.networkLimited",
  emailLimited: "catalogue.waitlist.error.emailLimited",
  tooManyLists: "catalogue.waitlist.error.tooManyLists",
} as const satisfies Record<string, MessageKey>;

export type WaitlistErrorName = keyof typeof WAITLIST_ERROR_KEYS;

/** The answer shown for each result. */
export const WAITLIST_RESULT_KEYS: Readonly<Record<WaitlistJoinResult, MessageKey>> = {
  joined: "catalogue.waitlist.result.joined",
  pending: "catalogue.waitlist.result.pending",
  already: "catalogue.waitlist.result.already",
  "not-full": "catalogue.waitlist.result.notFull",
  unavailable: "catalogue.waitlist.result.unavailable",
};

/** A refusal in the language of `t`. */
export function waitlistErrorText(t: Translate, name: WaitlistErrorName): string {
  return t(WAITLIST_ERROR_KEYS[name], { max: WAITLIST_MAX_ACTIVE_PER_EMAIL });
}

/** A result's answer in the language of `t`. */
export function waitlistResultText(t: Translate, result: WaitlistJoinResult): string {
  return t(WAITLIST_RESULT_KEYS[result], { hours: WAITLIST_CONFIRM_HOURS });
}

/**
 * The form's errors, first per field, in the language of `t`: each field of
 * the form's schema has one message, so the field names it.
 */
export function waitlistFieldErrorsIn(t: Translate, error: z.ZodError): WaitlistFieldErrors {
  const out: WaitlistFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === "edition" || field === "email" || field === "consent") out[field] ??= waitlistErrorText(t, field);
    else out.form ??= waitlistErrorText(t, "edition");
  }
  return out;
}
