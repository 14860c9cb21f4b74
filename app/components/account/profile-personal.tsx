import { Form, Link } from "react-router";
import { profileSchema, type FieldErrors } from "~/auth/schemas.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import { Field, FormAlert } from "../auth/field.tsx";
import { useFormErrors } from "../auth/use-form-errors.ts";
import { PhoneField } from "../forms/client-details-fields.tsx";

interface ProfileData {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  createdAt: string;
  lastLoginAt: string | null;
  hasPassword: boolean;
  googleLinked: boolean;
}

/** "Datos personales": read view with "Editar perfil", or the edit form (?editar=1, works without JS). */
export function ProfilePersonal({
  profile,
  editing,
  errors: serverErrors,
  values,
  version,
}: {
  profile: ProfileData;
  editing: boolean;
  errors?: FieldErrors;
  values?: Record<string, string>;
  version?: unknown;
}) {
  const { errors, onSubmit, onChange } = useFormErrors(profileSchema, serverErrors, version);
  const t = useT();
  const locale = useLocale();
  const href = useLocalHref();
  if (!editing && !serverErrors) {
    return (
      <div>
        <dl className="profile-data">
          <div>
            <dt>{t("account.personal.firstName")}</dt>
            <dd>{profile.firstName}</dd>
          </div>
          <div>
            <dt>{t("account.personal.lastName")}</dt>
            <dd>{profile.lastName || "—"}</dd>
          </div>
          <div>
            <dt>{t("account.personal.email")}</dt>
            <dd>{profile.email}</dd>
          </div>
          <div>
            <dt>{t("account.personal.phone")}</dt>
            <dd>{profile.phone || t("account.personal.phoneNone")}</dd>
          </div>
          <div>
            <dt>{t("account.personal.since")}</dt>
            <dd>{formatLongDate(profile.createdAt, locale)}</dd>
          </div>
          <div>
            <dt>{t("account.personal.lastLogin")}</dt>
            <dd>{profile.lastLoginAt ? formatLongDate(profile.lastLoginAt, locale) : "—"}</dd>
          </div>
          <div>
            <dt>{t("account.personal.google")}</dt>
            <dd>{profile.googleLinked ? t("account.personal.googleLinked") : t("account.personal.googleNotLinked")}</dd>
          </div>
        </dl>
        <Link className="btn" to={href("/perfil/datos?editar=1")}>
          {t("account.personal.edit")}
        </Link>
      </div>
    );
  }
  const v = values ?? profile;
  return (
    <Form method="post" action={href("/perfil/datos")} noValidate onSubmit={onSubmit} onChange={onChange} className="auth-form profile-form">
      <input type="hidden" name="intent" value="profile" />
      <div className="auth-form__row">
        <Field
          name="firstName"
          label={t("account.personal.firstName")}
          autoComplete="given-name"
          defaultValue={v.firstName}
          error={errors.firstName}
        />
        <Field
          name="lastName"
          label={t("account.personal.lastName")}
          autoComplete="family-name"
          defaultValue={v.lastName}
          error={errors.lastName}
        />
      </div>
      <Field
        name="email"
        type="email"
        label={t("account.personal.email")}
        autoComplete="email"
        defaultValue={v.email}
        error={errors.email}
      />
      <PhoneField
        name="phone"
        label={t("account.personal.phone")}
        optional
        autoComplete="tel"
        defaultValue={v.phone}
        error={errors.phone}
      />
      <Field
        name="currentPassword"
        type="password"
        label={t("account.personal.currentPassword")}
        optional
        autoComplete="current-password"
        hint={t("account.personal.currentPasswordHint")}
        error={errors.currentPassword}
      />
      <FormAlert message={errors.form} />
      <div className="profile-form__actions">
        <button type="submit" className="btn">
          {t("account.personal.save")}
        </button>
        <Link className="btn btn--outline" to={href("/perfil/datos")}>
          {t("account.personal.cancel")}
        </Link>
      </div>
    </Form>
  );
}
