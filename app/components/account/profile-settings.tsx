import { Form } from "react-router";
import type { UserSettings } from "~/auth/user-settings.server.ts";
import { changePasswordSchema, deleteAccountSchema, settingsKeys, type FieldErrors, type SettingsKey } from "~/auth/schemas.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { LOCALE_INFO, LOCALES, type Locale } from "~/i18n/locales.ts";
import { Field, FieldError, FormAlert } from "../auth/field.tsx";
import { useFormErrors } from "../auth/use-form-errors.ts";

const settingLabels: Record<SettingsKey, { label: string; hint: string }> = {
  courseEmails: {
    label: "Recordatorios de mis cursos",
    hint: "Un correo tres días antes de que empiece tu convocatoria, con la fecha, el horario y la dirección.",
  },
  newsletter: {
    label: "Novedades y promociones",
    hint: "Consentimiento para comunicaciones comerciales. Guardamos la fecha y puedes retirarlo cuando quieras.",
  },
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
  return (
    <div className="profile-settings">
      <section aria-labelledby="prefs-title">
        <h3 id="prefs-title">Preferencias</h3>
        <Form method="post" action="/perfil/ajustes" className="settings-form">
          <input type="hidden" name="intent" value="settings" />
          <fieldset>
            <legend className="visually-hidden">Notificaciones y privacidad</legend>
            {settingsKeys.map((key) => {
              const consent = key === "newsletter" && settings.newsletter && newsletterConsentOn ? newsletterConsentOn : null;
              const describedBy = consent ? `s-${key}-hint s-${key}-consent` : `s-${key}-hint`;
              return (
                <div key={key} className="toggle">
                  <input type="checkbox" id={`s-${key}`} name={key} defaultChecked={settings[key]} aria-describedby={describedBy} />
                  <label htmlFor={`s-${key}`}>{settingLabels[key].label}</label>
                  <p id={`s-${key}-hint`} className="field__hint">
                    {settingLabels[key].hint}
                  </p>
                  {consent ? (
                    <p id={`s-${key}-consent`} className="field__hint">
                      Aceptado el {formatLongDate(consent)}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          <fieldset aria-describedby="s-locale-hint">
            <legend>Idioma de los correos y documentos</legend>
            <p id="s-locale-hint" className="field__hint">
              En este idioma te escribiremos los correos de tus compras y citas y prepararemos tus documentos.
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
            Guardar preferencias
          </button>
        </Form>
      </section>

      <section aria-labelledby="password-title">
        <h3 id="password-title">Cambiar contraseña</h3>
        <Form method="post" action="/perfil/ajustes" noValidate onSubmit={pw.onSubmit} onChange={pw.onChange} className="auth-form">
          <input type="hidden" name="intent" value="password" />
          {hasPassword ? (
            <Field name="currentPassword" type="password" label="Contraseña actual" autoComplete="current-password" error={pw.errors.currentPassword} id="pw-current" />
          ) : (
            <>
              <p className="field__hint">Tu cuenta entra con Google: aquí puedes crear también una contraseña.</p>
              <input type="hidden" name="currentPassword" value="-" />
            </>
          )}
          <Field name="password" type="password" label="Nueva contraseña" autoComplete="new-password" hint="Al menos 6 caracteres." error={pw.errors.password} id="pw-new" />
          <Field name="confirmPassword" type="password" label="Confirmar nueva contraseña" autoComplete="new-password" error={pw.errors.confirmPassword} id="pw-confirm" />
          <FormAlert message={pw.errors.form} />
          <button type="submit" className="btn">
            Cambiar contraseña
          </button>
        </Form>
      </section>

      <section aria-labelledby="data-title">
        <h3 id="data-title">Tus datos</h3>
        <p>Descarga una copia de todo lo que guardamos sobre ti (datos de la cuenta, preferencias, cursos y compras) en formato JSON.</p>
        <a className="btn btn--outline" href="/perfil/mis-datos.json" download>
          Descargar mis datos
        </a>
      </section>

      <section aria-labelledby="delete-title" className="danger-zone">
        <h3 id="delete-title">Eliminar cuenta</h3>
        <p>
          Borraremos tus datos personales, tus preferencias y tus sesiones. Las facturas de tus compras se conservan sin tus datos
          de contacto, porque la ley nos obliga a guardarlas.
        </p>
        <Form method="post" action="/perfil/ajustes" noValidate onSubmit={del.onSubmit} onChange={del.onChange} className="auth-form">
          <input type="hidden" name="intent" value="delete" />
          <div className="toggle">
            <input
              type="checkbox"
              id="delete-confirm"
              name="confirm"
              aria-invalid={del.errors.confirm ? true : undefined}
              aria-describedby={del.errors.confirm ? "delete-confirm-error" : undefined}
            />
            <label htmlFor="delete-confirm">Entiendo que esta acción no se puede deshacer</label>
            {del.errors.confirm ? <FieldError id="delete-confirm-error">{del.errors.confirm}</FieldError> : null}
          </div>
          {hasPassword ? (
            <Field name="currentPassword" type="password" label="Tu contraseña" autoComplete="current-password" error={del.errors.currentPassword} id="delete-password" />
          ) : null}
          <FormAlert message={del.errors.form} />
          <button type="submit" className="btn btn--danger">
            Eliminar cuenta
          </button>
        </Form>
      </section>
    </div>
  );
}
