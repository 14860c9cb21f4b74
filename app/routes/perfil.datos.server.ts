import { data, redirect } from "react-router";
import { EmailInUseError, findUserById, saveBillingDetails, updateProfile } from "~/auth/accounts.server.ts";
import { authErrors, fieldErrorsOf, formValues, profileSchema } from "~/auth/schemas.ts";
import { getUser } from "~/auth/user-context.server.ts";
import { billingErrorsIn } from "~/payments/billing-errors.ts";
import { getServices } from "~/context.server.ts";
import {
  billingDetailsOf,
  billingFormValues,
  parseBillingForm,
  type BillingFieldErrors,
  type BillingFormValues,
} from "~/domain/billing-details.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import type { Translate } from "~/i18n/messages.ts";
import { localHref } from "~/i18n/paths.ts";
import { checkPassword, fail, SAVE_FAILED, UNKNOWN_ACTION, type Ctx } from "./perfil.server.ts";

/** "Datos personales": the account row, read view or edit form (?editar=1). */
export async function loadPersonal(url: URL, context: Ctx) {
  const user = getUser(context);
  const row = await findUserById(getServices(context).db, user.id);
  if (!row) throw new Error("la cuenta no existe");
  return {
    editing: url.searchParams.get("editar") === "1",
    profile: {
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
      hasPassword: row.password_hash !== null,
      googleLinked: row.google_sub !== null,
      emailVerified: row.email_verified_at !== null,
    },
    /** The details of a factura completa, saved with the last order that had them or here. */
    billing: billingFormValues(billingDetailsOf(row)),
  };
}

/** intent=profile: names, phone and email; a new email needs the current password. */
export async function personalAction(request: Request, context: Ctx) {
  const user = getUser(context);
  const { db, logger } = getServices(context);
  const values = formValues(await request.formData());
  const locale = localeOfRequest(request);
  const t = serverTranslator(locale);
  // Back on the section in the language it was sent from.
  const saved = localHref(locale, "/perfil/datos?guardado=datos");
  if (values.intent === "billing") return billingAction(values, context, t, saved);
  if (values.intent !== "profile") return fail("profile", { form: t(UNKNOWN_ACTION) });
  const echo = { firstName: values.firstName ?? "", lastName: values.lastName ?? "", email: values.email ?? "", phone: values.phone ?? "" };
  try {
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) return fail("profile", fieldErrorsOf(parsed.error, t), 400, echo);
    const p = parsed.data;
    if (p.email !== user.email) {
      const check = await checkPassword(context, user, p.currentPassword);
      if (check === "none") {
        return fail("profile", { currentPassword: t("account.personal.error.noPassword") }, 400, echo);
      }
      if (check === "limited") return fail("profile", { form: t(authErrors.tooManyAttempts) }, 429, echo);
      if (check === "wrong") {
        const currentPassword = t(p.currentPassword ? authErrors.wrongPassword : "account.personal.error.passwordNeeded");
        return fail("profile", { currentPassword }, 400, echo);
      }
    }
    const { emailChanged } = await updateProfile(db, user.id, p);
    // A new address gets its own confirmation link (queued with the change).
    if (emailChanged) getServices(context).jobs?.kick();
    return redirect(saved);
  } catch (err) {
    if (err instanceof EmailInUseError) return fail("profile", { email: t(authErrors.emailInUse) });
    logger.error({ err, intent: "profile" }, "profile action failed");
    return fail("profile", { form: t(SAVE_FAILED) }, 500);
  }
}

interface BillingActionData {
  intent: "billing";
  errors: BillingFieldErrors & { form?: string };
  values: BillingFormValues;
}

const failBilling = (errors: BillingActionData["errors"], values: BillingFormValues, status = 400) =>
  data<BillingActionData>({ intent: "billing", errors, values }, status);

/**
 * intent=billing: the factura completa details offered at checkout. All empty
 * (or the "Borrar" button, clear=1) removes them; otherwise every field must be valid.
 */
async function billingAction(values: Record<string, string>, context: Ctx, t: Translate, saved: string) {
  const user = getUser(context);
  const { db, logger } = getServices(context);
  const parsed = values.clear === "1" ? { ok: true as const, details: null, values: {} } : parseBillingForm(values, { required: false });
  // The rules' messages in the page's language.
  if (!parsed.ok) return failBilling(billingErrorsIn(t, parsed.errors), parsed.values);
  try {
    await saveBillingDetails(db, user.id, parsed.details);
    return redirect(saved);
  } catch (err) {
    logger.error({ err, intent: "billing" }, "profile action failed");
    return failBilling({ form: t(SAVE_FAILED) }, parsed.values, 500);
  }
}
