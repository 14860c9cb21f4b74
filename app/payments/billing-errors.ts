/**
 * The billing fields' errors worded in a reader's language: the rules
 * (app/domain/billing-details.ts) answer with catalogue keys, and the checkout
 * form, the profile form and the JSON API word them with the request's
 * translator. "Too long" names the field's limit.
 */
import {
  BILLING_MAX_LENGTH,
  type BillingErrorKeys,
  type BillingErrorKey,
  type BillingField,
  type BillingFieldErrors,
} from "~/domain/billing-details.ts";
import type { Translate } from "~/i18n/messages.ts";

/** One field's error in the language of `t`. */
export function billingErrorText(t: Translate, field: BillingField, key: BillingErrorKey): string {
  return t(key, { max: BILLING_MAX_LENGTH[field] });
}

/** Every field's error in the language of `t`. */
export function billingErrorsIn(t: Translate, errors: BillingErrorKeys): BillingFieldErrors {
  const out: BillingFieldErrors = {};
  for (const [field, key] of Object.entries(errors) as [BillingField, BillingErrorKey | undefined][]) {
    if (key) out[field] = billingErrorText(t, field, key);
  }
  return out;
}
