/**
 * The billing fields' errors (a factura completa's name, NIF/NIE/CIF and
 * address) in the request's language, for the checkout form and the JSON API.
 *
 * The rules (app/domain/billing-details.ts, tax-id.ts, form-text.ts) answer
 * with their Spanish texts, which the Spanish catalogue holds word for word
 * under "checkout.billing.error.*". Each field can fail in a few known ways;
 * its error is the one of those keys whose Spanish is the rule's text (checked
 * for every rule's answer by billing-errors.server.test.ts). Server-only: no
 * table goes to the browser. The lasting mend is for the rules to answer with
 * these keys; until then this is the one place that reads their texts.
 */
import { BILLING_MAX_LENGTH, type BillingField, type BillingFieldErrors } from "~/domain/billing-details.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";

/** The ways each field can fail, as keys (the rules' order: empty, malformed, too long). */
const FIELD_ERRORS: Readonly<Record<BillingField, readonly MessageKey[]>> = {
  billingName: [
    "checkout.billing.error.nameEmpty",
    "checkout.billing.error.nameInvalid",
    "checkout.billing.error.tooLong",
  ],
  billingTaxId: [
    "checkout.billing.error.taxIdEmpty",
    "checkout.billing.error.taxIdFormat",
    "checkout.billing.error.taxIdCheck",
  ],
  billingAddress: [
    "checkout.billing.error.addressEmpty",
    "checkout.billing.error.addressInvalid",
    "checkout.billing.error.tooLong",
  ],
  billingPostalCode: ["checkout.billing.error.postalCodeEmpty", "checkout.billing.error.postalCodeInvalid"],
  billingCity: [
    "checkout.billing.error.cityEmpty",
    "checkout.billing.error.cityInvalid",
    "checkout.billing.error.tooLong",
  ],
};

/** The key of one field's error, or undefined for a text the rules do not give. */
export function billingErrorKey(field: BillingField, text: string): MessageKey | undefined {
  const es = serverTranslator("es");
  const values = { max: BILLING_MAX_LENGTH[field] };
  return FIELD_ERRORS[field].find((key) => es(key, values) === text);
}

/** One field's error in the language of `t` (an unknown text stays as it came). */
export function billingErrorText(t: Translate, field: BillingField, text: string): string {
  const key = billingErrorKey(field, text);
  return key ? t(key, { max: BILLING_MAX_LENGTH[field] }) : text;
}

/** Every field's error in the language of `t`. */
export function billingErrorsIn(t: Translate, errors: BillingFieldErrors): BillingFieldErrors {
  const out: BillingFieldErrors = {};
  for (const [field, text] of Object.entries(errors) as [BillingField, string | undefined][]) {
    if (text) out[field] = billingErrorText(t, field, text);
  }
  return out;
}
