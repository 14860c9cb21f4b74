import { Form } from "react-router";
import type { UserSettings } from "~/auth/user-settings.server.ts";
import { changePasswordSchema, deleteAccountSchema, settingsKeys, type FieldErrors, type SettingsKey } from "~/auth/schemas.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { LOCALE_INFO, LOCALES, type Locale } from "~/i18n/locales.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import { Field, FieldError, FormAlert } from "../auth/field.tsx";
import { useFormErrors } from "../auth/use-form-errors.ts";

const settingLabels: Record<SettingsKey, { label: MessageKey; hint: MessageKey }> = {
  courseEmails: { label: "account.settings.courseEmails.label", hint: "account.settings.courseEmails.hint" },
  newsletter: { label: "account.settings.newsletter.label", hint: "account.settings.newsletter.hint" },
};

type Errors = { intent?: string; errors?: FieldErrors } | undefined;

/** "Configuración": preferences, password change, data download and account deletion. */
export function ProfileSettings({
  settings,
  newsletterConsentOn = null,
  hasPassword,
  locale,
  action,
}: {
  settings: UserSettings;
  /** The account's language (users.locale): her emails and documents are written in it. */
  locale: Locale;
  /** YYYY-MM-DD (Madrid) of the marketing consent in force, or null. */
  newsletterConsentOn?: string | null;
  hasPassword: boolean;
  action: Errors;
}) {
  const pw = useFormErrors(changePasswordSchema, action?.intent === "password" ? action.errors : undefined, action);
  const del = useFormErrors(deleteAccountSchema, action?.intent === "delete" ? action.errors : undefined, action);
  const settingsError = action?.intent === "settings" ? action.errors?.form : undefined;
  const t = useT();
  const pageLocale = useLocale();
  const href = useLocalHref();
  const formAction = href("/perfil/ajustes");
  return (
    <div className="profile-settings">
      <section aria-labelledby="prefs-title">
        <h3 id="prefs-title">{t("account.settings.prefs.title")}</h3>
        <Form method="post" action={formAction} className="settings-form">
          <input type="hidden" name="intent" value="settings" />
          <fieldset>
            <legend className="visually-hidden">{t("account.settings.prefs.legend")}</legend>
            {settingsKeys.map((key) => {
              const consent = key === "newsletter" && settings.newsletter && newsletterConsentOn ? newsletterConsentOn : null;
              const describedBy = consent ? `s-${key}-hint s-${key}-consent` : `s-${key}-hint`;
              return (
                <div key={key} className="toggle">
                  <input type="checkbox" id={`s-${key}`} name={key} defaultChecked={settings[key]} aria-describedby={describedBy} />
                  <label htmlFor={`s-${key}`}>{t(settingLabels[key].label)}</label>
                  <p id={`s-${key}-hint`} className="field__hint">
                    {t(settingLabels[key].hint)}
                  </p>
                  {consent ? (
                    <p id={`s-${key}-consent`} className="field__hint">
                      {t("account.settings.consent", { date: formatLongDate(consent, pageLocale) })}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          <fieldset aria-describedby="s-locale-hint">
            <legend>{t("account.settings.locale.legend")}</legend>
            <p id="s-locale-hint" className="field__hint">
              {t("account.settings.locale.hint")}
            </p>
            {LOCALES.map((l) => (
              <div key={l} className="toggle">
                <input type="radio" id={`s-locale-${l}`} name="locale" value={l} defaultChecked={locale === l} />
                {/* Each language is named in itself: its own lang, so a screen reader says it right. */}
                <label htmlFor={`s-locale-${l}`} lang={l}>
                  {LOCALE_INFO[l].name}
                </label>
              </div>
            ))}
          </fieldset>
          {settingsError ? <FieldError>{settingsError}</FieldError> : null}
          <button type="submit" className="btn">
            {t("account.settings.save")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="password-title">
        <h3 id="password-title">{t("account.settings.password.title")}</h3>
        <Form method="post" action={formAction} noValidate onSubmit={pw.onSubmit} onChange={pw.onChange} className="auth-form">
          <input type="hidden" name="intent" value="password" />
          {hasPassword ? (
            <Field
              name="currentPassword"
              type="password"
              label={t("account.personal.currentPassword")}
              autoComplete="current-password"
              error={pw.errors.currentPassword}
              id="pw-current"
            />
          ) : (
            <>
              <p className="field__hint">{t("account.settings.password.google")}</p>
              <input type="hidden" name="currentPassword" value="-" />
            </>
          )}
          <Field
            name="password"
            type="password"
            label={t("account.settings.password.new")}
            autoComplete="new-password"
            hint={t("common.form.passwordHint")}
            error={pw.errors.password}
            id="pw-new"
          />
          <Field
            name="confirmPassword"
            type="password"
            label={t("account.settings.password.confirm")}
            autoComplete="new-password"
            error={pw.errors.confirmPassword}
            id="pw-confirm"
          />
          <FormAlert message={pw.errors.form} />
          <button type="submit" className="btn">
            {t("account.settings.password.submit")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="data-title">
        <h3 id="data-title">{t("account.settings.data.title")}</h3>
        <p>{t("account.settings.data.text")}</p>
        <a className="btn btn--outline" href="/perfil/mis-datos.json" download>
          {t("account.settings.data.download")}
        </a>
      </section>

      <section aria-labelledby="delete-title" className="danger-zone">
        <h3 id="delete-title">{t("account.settings.delete.title")}</h3>
        <p>{t("account.settings.delete.text")}</p>
        <Form method="post" action={formAction} noValidate onSubmit={del.onSubmit} onChange={del.onChange} className="auth-form">
          <input type="hidden" name="intent" value="delete" />
          <div className="toggle">
            <input
              type="checkbox"
              id="delete-confirm"
              name="confirm"
              aria-invalid={del.errors.confirm ? true : undefined}
              aria-describedby={del.errors.confirm ? "delete-confirm-error" : undefined}
            />
            <label htmlFor="delete-confirm">{t("account.settings.delete.confirm")}</label>
            {del.errors.confirm ? <FieldError id="delete-confirm-error">{del.errors.confirm}</FieldError> : null}
          </div>
          {hasPassword ? (
            <Field
              name="currentPassword"
              type="password"
              label={t("account.settings.delete.password")}
              autoComplete="current-password"
              error={del.errors.currentPassword}
              id="delete-password"
            />
          ) : null}
          <FormAlert message={del.errors.form} />
          <button type="submit" className="btn btn--danger">
            {t("account.settings.delete.submit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
