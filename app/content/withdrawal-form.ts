/**
 * The model withdrawal form of Annex B TRLGDCU (RDL 1/2007), with the salon's
 * data filled in, in Spanish and in Catalan. Its words are the catalogue's
 * ("legal.terms.form.*", edited there by the translator): /terms#desistimiento
 * and /ca/condicions#desistimiento show it, and the purchase confirmation email
 * copies it in the order's language (the durable medium of art. 98).
 *
 * The Catalan form is the annex's natural Catalan equivalent, line for line:
 * the same parts to strike out "(*)", the same blanks, the same data.
 * withdrawal-form.test.ts holds the two languages to that.
 */
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { site } from "./site.ts";

/** The form's lines, in order; "(*)" marks the words to strike out, as in the official model. */
const LINE_KEYS = [
  "legal.terms.form.l1",
  "legal.terms.form.l2",
  "legal.terms.form.l3",
  "legal.terms.form.l4",
  "legal.terms.form.l5",
  "legal.terms.form.l6",
  "legal.terms.form.l7",
  "legal.terms.form.l8",
] as const satisfies readonly MessageKey[];

export interface WithdrawalForm {
  title: string;
  intro: string;
  lines: readonly string[];
}

/** The form in one language, the salon's name, address and email filled in. */
export function withdrawalForm(locale: Locale): WithdrawalForm {
  const t = serverTranslator(locale);
  const values = { salon: site.name, address: site.address.full, email: site.email };
  return {
    title: t("legal.terms.form.title"),
    intro: t("legal.terms.form.intro"),
    lines: LINE_KEYS.map((key) => t(key, values)),
  };
}

const spanish = withdrawalForm("es");
export const WITHDRAWAL_FORM_TITLE = spanish.title;
export const WITHDRAWAL_FORM_INTRO = spanish.intro;
export const WITHDRAWAL_FORM_LINES: readonly string[] = spanish.lines;

/** The whole form as plain text (an email), in `locale`. */
export function withdrawalFormText(locale: Locale = "es"): string {
  const form = withdrawalForm(locale);
  return [form.title, form.intro, ...form.lines].join("\n");
}
