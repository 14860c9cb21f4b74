/**
 * The account forms' error messages in the page's language. The zod schemas
 * (app/auth/schemas.ts) and the actions speak fixed Spanish texts, shared with
 * the profile and the staff forms; here each known text finds its catalogue key
 * ("auth.error.*", "auth.reset.token.*", "auth.verify.token.*") and is shown in
 * the page's language. A text without a key, or a page whose loader did not send
 * the "auth" slice (the staff forms), keeps the Spanish it came with.
 */
import { messages } from "~/auth/schemas.ts";
import { tokenMessages } from "~/auth/reset-messages.ts";
import { verificationMessages } from "~/auth/verification-messages.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";
import { useT } from "~/i18n/react.tsx";

/** Each fixed text's key, listed literally (the catalogue check looks for every key in the sources). */
const SCHEMA_KEYS = {
  invalidEmail: "auth.error.invalidEmail",
  emailRequired: "auth.error.emailRequired",
  passwordRequired: "auth.error.passwordRequired",
  passwordTooShort: "auth.error.passwordTooShort",
  passwordTooLong: "auth.error.passwordTooLong",
  weakPassword: "auth.error.weakPassword",
  passwordsDontMatch: "auth.error.passwordsDontMatch",
  confirmRequired: "auth.error.confirmRequired",
  firstNameRequired: "auth.error.firstNameRequired",
  lastNameRequired: "auth.error.lastNameRequired",
  tooLong: "auth.error.tooLong",
  invalidPhone: "auth.error.invalidPhone",
  noAccount: "auth.error.noAccount",
  wrongPassword: "auth.error.wrongPassword",
  tooManyAttempts: "auth.error.tooManyAttempts",
  loginOther: "auth.error.loginOther",
  loginGoogle: "auth.error.loginGoogle",
  emailInUse: "auth.error.emailInUse",
  registerOther: "auth.error.registerOther",
  registerGoogle: "auth.error.registerGoogle",
  forgotOther: "auth.error.forgotOther",
  deleteConfirmRequired: "auth.error.deleteConfirmRequired",
  currentPasswordRequired: "auth.error.currentPasswordRequired",
} as const satisfies Record<keyof typeof messages, MessageKey>;

/** Why a reset link is refused, in the catalogue. */
export const RESET_TOKEN_KEYS = {
  used: "auth.reset.token.used",
  expired: "auth.reset.token.expired",
  unknown: "auth.reset.token.unknown",
} as const satisfies Record<keyof typeof tokenMessages, MessageKey>;

/** Why a verification link is refused, in the catalogue. */
export const VERIFY_TOKEN_KEYS = {
  used: "auth.verify.token.used",
  expired: "auth.verify.token.expired",
  unknown: "auth.verify.token.unknown",
} as const satisfies Record<keyof typeof verificationMessages, MessageKey>;

const pairs = <T extends Record<string, string>>(texts: T, keys: Record<keyof T, MessageKey>) =>
  (Object.keys(texts) as (keyof T)[]).map((name) => [texts[name], keys[name]] as [string, MessageKey]);

const KEY_OF = new Map<string, MessageKey>([
  ...pairs(messages, SCHEMA_KEYS),
  ...pairs(tokenMessages, RESET_TOKEN_KEYS),
  ...pairs(verificationMessages, VERIFY_TOKEN_KEYS),
]);

/** The catalogue key of a known Spanish error text (the catalogue check compares the two). */
export function errorKey(text: string): MessageKey | undefined {
  return KEY_OF.get(text);
}

/** One error message in `t`'s language; unknown texts and missing keys stay as they are. */
export function localizeError(t: Translate, text: string | undefined): string | undefined {
  if (!text) return text;
  const key = KEY_OF.get(text);
  if (!key) return text;
  const translated = t(key);
  return translated === key ? text : translated;
}

/** Every message of a form's errors, in `t`'s language. */
export function localizeErrors<E extends Partial<Record<string, string>>>(t: Translate, errors: E): E {
  const out: Partial<Record<string, string>> = {};
  for (const [field, text] of Object.entries(errors)) out[field] = localizeError(t, text);
  return out as E;
}

/** `localizeError` for the page being shown. */
export function useErrorText(): (text: string | undefined) => string | undefined {
  const t = useT();
  return (text) => localizeError(t, text);
}
