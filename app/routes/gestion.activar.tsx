import { Form, Link, useNavigation } from "react-router";
import { Field, FormAlert, NewPasswordFields } from "~/components/auth/field.tsx";
import { RecoveryCodesList } from "~/components/staff/recovery-codes.tsx";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.activar";
import { activationMessages } from "~/staff/auth/messages.ts";
import { activationAction, loadActivation } from "./gestion.activar.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Activar acceso al área de gestión",
    description: "Activa tu acceso al área de gestión de Alejandra Nails.",
    path: "/gestion/activar",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadActivation(request, context, params.token);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return activationAction(request, context, params.token);
}

export default function ActivateStaff({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.status === "done") {
    return (
      <section className="staff-page staff-auth">
        <h1>Acceso activado</h1>
        <p>
          Ya puedes entrar en el área de gestión con <strong>{actionData.email}</strong>, tu contraseña y el código de
          tu aplicación.
        </p>
        <RecoveryCodesList codes={actionData.recoveryCodes} />
        <p>
          <Link className="staff-auth__button" to="/gestion">
            Entrar en el área de gestión
          </Link>
        </p>
      </section>
    );
  }
  const invalid = actionData?.status === "invalid" ? actionData : loaderData.status === "invalid" ? loaderData : null;
  if (!invalid && loaderData.status === "open") {
    // Nobody has opened the link yet: the button gives it to this browser (docs/architecture.md §7).
    return (
      <section className="staff-page staff-auth">
        <h1>Activa tu acceso al área de gestión</h1>
        <p>
          Invitación para <strong>{loaderData.email}</strong> con el rol <strong>{loaderData.roleLabel}</strong>.
        </p>
        <p>
          Al continuar, este enlace quedará ligado a este navegador: solo podrás terminar la activación aquí, en los
          próximos 30 minutos. Ten a mano tu móvil con una aplicación de autenticación.
        </p>
        <Form method="post" className="staff-auth__form">
          <button type="submit" name="intent" value="open" className="staff-auth__button" disabled={busy}>
            {busy ? "Abriendo..." : "Continuar"}
          </button>
        </Form>
      </section>
    );
  }
  if (invalid || loaderData.status !== "form") {
    return (
      <section className="staff-page staff-auth">
        <h1>Enlace no válido</h1>
        <p>{invalid?.message}</p>
        <p>
          <Link to="/">Volver a la web</Link>
        </p>
      </section>
    );
  }
  const page = loaderData;
  const errors = actionData?.status === "error" ? actionData.errors : {};
  const values = actionData?.status === "error" ? actionData.values : undefined;
  return (
    <section className="staff-page staff-auth">
      <h1>Activa tu acceso al área de gestión</h1>
      <p>
        Invitación para <strong>{page.email}</strong> con el rol <strong>{page.roleLabel}</strong>. El enlace caduca el{" "}
        {madridDateTimeText(new Date(page.expiresAt))}.
      </p>
      {page.mode === "google" ? (
        <p className="form-alert form-alert--info">{activationMessages.google}</p>
      ) : (
        <Form method="post" noValidate className="staff-auth__form">
          <input type="hidden" name="mode" value={page.mode} />
          <FormAlert message={errors.form} />
          {page.mode === "new" ? (
            <fieldset>
              <legend>1. Tus datos</legend>
              <Field
                name="firstName"
                label="Nombre"
                autoComplete="given-name"
                defaultValue={values?.firstName}
                error={errors.firstName}
              />
              <Field
                name="lastName"
                label="Apellidos"
                autoComplete="family-name"
                defaultValue={values?.lastName}
                error={errors.lastName}
              />
              <NewPasswordFields errors={errors} />
            </fieldset>
          ) : (
            <fieldset>
              <legend>1. Confirma que eres tú</legend>
              <p>Esta dirección ya tiene una cuenta en la web. Escribe su contraseña para unirla al equipo.</p>
              <Field
                name="currentPassword"
                type="password"
                label="Contraseña de tu cuenta"
                autoComplete="current-password"
                error={errors.currentPassword}
              />
            </fieldset>
          )}
          <fieldset>
            <legend>2. Verificación en dos pasos</legend>
            <p>
              Abre tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) y escanea
              este código QR:
            </p>
            <div
              className="staff-auth__qr"
              role="img"
              aria-label="Código QR para añadir la cuenta a tu aplicación de autenticación"
              // The SVG is drawn on the server by the qrcode package from our own otpauth:// URI.
              dangerouslySetInnerHTML={{ __html: page.qrSvg }}
            />
            <p>
              Si no puedes escanearlo, escribe esta clave en la aplicación:{" "}
              <code className="staff-auth__secret">{page.secret}</code>
            </p>
            <Field
              name="code"
              label="Código de 6 cifras que muestra la aplicación"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              hint="El código cambia cada 30 segundos."
              error={errors.code}
            />
          </fieldset>
          <button type="submit" className="staff-auth__button" disabled={busy}>
            {busy ? "Activando..." : "Activar mi acceso"}
          </button>
        </Form>
      )}
    </section>
  );
}
