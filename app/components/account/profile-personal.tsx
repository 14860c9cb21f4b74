import { Form, Link } from "react-router";
import { profileSchema, type FieldErrors } from "~/auth/schemas.ts";
import { formatLongDate } from "~/domain/pricing.ts";
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
  if (!editing && !serverErrors) {
    return (
      <div>
        <dl className="profile-data">
          <div>
            <dt>Nombre</dt>
            <dd>{profile.firstName}</dd>
          </div>
          <div>
            <dt>Apellidos</dt>
            <dd>{profile.lastName || "—"}</dd>
          </div>
          <div>
            <dt>Correo electrónico</dt>
            <dd>{profile.email}</dd>
          </div>
          <div>
            <dt>Teléfono</dt>
            <dd>{profile.phone || "No indicado"}</dd>
          </div>
          <div>
            <dt>Cliente desde</dt>
            <dd>{formatLongDate(profile.createdAt)}</dd>
          </div>
          <div>
            <dt>Último acceso</dt>
            <dd>{profile.lastLoginAt ? formatLongDate(profile.lastLoginAt) : "—"}</dd>
          </div>
          <div>
            <dt>Cuenta de Google</dt>
            <dd>{profile.googleLinked ? "Vinculada" : "No vinculada"}</dd>
          </div>
        </dl>
        <Link className="btn" to="/perfil/datos?editar=1">
          Editar perfil
        </Link>
      </div>
    );
  }
  const v = values ?? profile;
  return (
    <Form method="post" action="/perfil/datos" noValidate onSubmit={onSubmit} onChange={onChange} className="auth-form profile-form">
      <input type="hidden" name="intent" value="profile" />
      <div className="auth-form__row">
        <Field name="firstName" label="Nombre" autoComplete="given-name" defaultValue={v.firstName} error={errors.firstName} />
        <Field name="lastName" label="Apellidos" autoComplete="family-name" defaultValue={v.lastName} error={errors.lastName} />
      </div>
      <Field name="email" type="email" label="Correo electrónico" autoComplete="email" defaultValue={v.email} error={errors.email} />
      <PhoneField name="phone" label="Teléfono" optional autoComplete="tel" defaultValue={v.phone} error={errors.phone} />
      <Field
        name="currentPassword"
        type="password"
        label="Contraseña actual"
        optional
        autoComplete="current-password"
        hint="Solo hace falta si cambias el correo electrónico."
        error={errors.currentPassword}
      />
      <FormAlert message={errors.form} />
      <div className="profile-form__actions">
        <button type="submit" className="btn">
          Guardar cambios
        </button>
        <Link className="btn btn--outline" to="/perfil/datos">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
