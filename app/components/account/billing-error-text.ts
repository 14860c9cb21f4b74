/**
 * The billing fields' error messages in a reader's language. The rules
 * (app/domain/billing-details.ts, tax-id.ts, form-text.ts) speak fixed Spanish
 * texts, shared with the checkout and the JSON API; here each known text finds
 * its catalogue key ("account.billing.error.*"). An unknown text stays as it
 * came. Pure: the profile's action words its answer with it.
 */
import type { BillingFieldErrors } from "~/domain/billing-details.ts";
import { POSTAL_CODE_MESSAGE } from "~/domain/form-text.ts";
import { TAX_ID_MESSAGES } from "~/domain/tax-id.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";

/** The rules' Spanish texts and their keys (the unit test holds the list to what the rules say). */
const KEY_OF = new Map<string, MessageKey>([
  ["Escribe el nombre y apellidos o la razón social de la factura.", "account.billing.error.nameEmpty"],
  [TAX_ID_MESSAGES.empty, "account.billing.error.taxIdEmpty"],
  ["Escribe la dirección: calle y número.", "account.billing.error.addressEmpty"],
  ["Escribe el código postal.", "account.billing.error.postalCodeEmpty"],
  ["Escribe la población.", "account.billing.error.cityEmpty"],
  ["El nombre no es válido.", "account.billing.error.nameInvalid"],
  [TAX_ID_MESSAGES.format, "account.billing.error.taxIdFormat"],
  [TAX_ID_MESSAGES.check, "account.billing.error.taxIdCheck"],
  ["La dirección no es válida.", "account.billing.error.addressInvalid"],
  [POSTAL_CODE_MESSAGE, "account.billing.error.postalCode"],
  ["La población no es válida.", "account.billing.error.cityInvalid"],
]);

/** "Como mucho 120 caracteres.": the one text with a number in it. */
const TOO_LONG = /^Como mucho (\d+) caracteres\.$/u;

/** One billing error in `t`'s language; an unknown text is returned as it is. */
export function billingErrorText(t: Translate, text: string): string {
  const key = KEY_OF.get(text);
  if (key) return t(key);
  const tooLong = TOO_LONG.exec(text);
  if (tooLong) return t("account.billing.error.tooLong", { max: Number(tooLong[1]) });
  return text;
}

/** Every message of the billing fields' errors, in `t`'s language. */
export function billingErrorsIn<E extends BillingFieldErrors & { form?: string }>(t: Translate, errors: E): E {
  const out: Record<string, string> = {};
  for (const [field, text] of Object.entries(errors)) if (text) out[field] = billingErrorText(t, text);
  return out as E;
}
