import { redirect } from "react-router";
import { deleteAccount } from "~/auth/account-data.server.ts";
import { findUserById, setPasswordHash, setUserLocale } from "~/auth/accounts.server.ts";
import { hashPassword } from "~/auth/password.server.ts";
import {
  authErrors,
  changePasswordSchema,
  deleteAccountSchema,
  fieldErrorsOf,
  formValues,
  settingsKeys,
} from "~/auth/schemas.ts";
import { currentSessionToken, destroyOtherSessions, destroySession } from "~/auth/session.server.ts";
import { getUser } from "~/auth/user-context.server.ts";
import { getSettingsRecord, saveSettings, type UserSettings } from "~/auth/user-settings.server.ts";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { getServices } from "~/context.server.ts";
import { isStaffRole } from "~/domain/roles.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { DEFAULT_LOCALE, isLocale, localeOfRequest } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { checkPassword, fail, SAVE_FAILED, UNKNOWN_ACTION, type Ctx, type ProfileIntent } from "./perfil.server.ts";

/**
 * "Configuración": the two preferences, the day marketing consent was given
 * (YYYY-MM-DD in Madrid, or null), whether the account has a password yet and
 * the language of her emails and documents.
 */
export async function loadSettingsSection(context: Ctx) {
  const user = getUser(context);
  const { db } = getServices(context);
  const [record, row] = await Promise.all([getSettingsRecord(db, user.id), findUserById(db, user.id)]);
  const consentOn = record.newsletterConsentAt ? todayInMadrid(new Date(record.newsletterConsentAt)) : null;
  return {
    settings: record.settings,
    newsletterConsentOn: consentOn,
    hasPassword: !!row?.password_hash,
    locale: row?.locale ?? DEFAULT_LOCALE,
  };
}

/** intent=settings | password | delete. */
export async function settingsAction(request: Request, context: Ctx) {
  const user = getUser(context);
  const { db, logger } = getServices(context);
  const values = formValues(await request.formData());
  const intent = values.intent as ProfileIntent;
  // Worded, and sent back, in the language of the page it came from.
  const pageLocale = localeOfRequest(request);
  const t = serverTranslator(pageLocale);
  try {
    switch (intent) {
      case "settings": {
        const next = Object.fromEntries(settingsKeys.map((k) => [k, values[k] === "on"])) as UserSettings;
        // The language radio group: only "es" or "ca"; a form without it (an older page) keeps the account's.
        const locale = values.locale;
        if (locale !== undefined && !isLocale(locale)) return fail(intent, { form: t("account.settings.error.locale") });
        await saveSettings(db, user.id, next);
        if (locale !== undefined) await setUserLocale(db, user.id, locale);
        return redirect(localHref(pageLocale, "/perfil/ajustes?guardado=preferencias"));
      }
      case "password": {
        const row = await findUserById(db, user.id);
        const hasPassword = !!row?.password_hash;
        // A Google-only account sets its first password without a current one.
        const parsed = changePasswordSchema.safeParse(hasPassword ? values : { ...values, currentPassword: "-" });
        if (!parsed.success) return fail(intent, fieldErrorsOf(parsed.error, t));
        if (hasPassword) {
          const check = await checkPassword(context, user, parsed.data.currentPassword);
          if (check === "limited") return fail(intent, { form: t(authErrors.tooManyAttempts) }, 429);
          if (check !== "ok") return fail(intent, { currentPassword: t(authErrors.wrongPassword) });
        }
        await setPasswordHash(db, user.id, await hashPassword(parsed.data.password));
        if (isStaffRole(user.role)) {
          // Staff: every session ends, this one too; the next sign-in asks for the second factor again.
          await destroyOtherSessions(db, user.id);
          return redirect(localHref(pageLocale, "/login?aviso=contrasena-cambiada"), {
            headers: { "Set-Cookie": await destroySession(request, context) },
          });
        }
        // Whoever else knew the old password is signed out; this browser stays in.
        await destroyOtherSessions(db, user.id, currentSessionToken(request));
        return redirect(localHref(pageLocale, "/perfil/ajustes?guardado=contrasena"));
      }
      case "delete": {
        const parsed = deleteAccountSchema.safeParse(values);
        if (!parsed.success) return fail(intent, fieldErrorsOf(parsed.error, t));
        const check = await checkPassword(context, user, parsed.data.currentPassword);
        if (check === "limited") return fail(intent, { form: t(authErrors.tooManyAttempts) }, 429);
        if (check === "wrong") {
          const currentPassword = parsed.data.currentPassword ? authErrors.wrongPassword : authErrors.currentPasswordRequired;
          return fail(intent, { currentPassword: t(currentPassword) });
        }
        const cookie = await destroySession(request, context);
        await deleteAccount(db, user.id);
        logger.info({ userId: user.id }, "cuenta eliminada a petición de la usuaria");
        return redirect(localHref(pageLocale, "/login?aviso=cuenta-eliminada"), { headers: { "Set-Cookie": cookie } });
      }
      default:
        return fail("settings", { form: t(UNKNOWN_ACTION) });
    }
  } catch (err) {
    logger.error({ err, intent }, "profile action failed");
    return fail(intent, { form: t(SAVE_FAILED) }, 500);
  }
}
