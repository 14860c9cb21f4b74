import { Form, Link, redirect, useNavigation } from "react-router";
import { safeRedirect } from "~/auth/safe-redirect.ts";
import { loginSchema, messages } from "~/auth/schemas.ts";
import { getOptionalUser } from "~/auth/session.server.ts";
import { Field, FormAlert } from "~/components/auth/field.tsx";
import { GoogleButton } from "~/components/auth/google-button.tsx";
import { useFormErrors } from "~/components/auth/use-form-errors.ts";
import { getServices } from "~/context.server.ts";
import { isStaffRole } from "~/domain/roles.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/login";
import { loginAction } from "./login.server.ts";
import { lookup } from "~/lib/lookup.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Iniciar sesión",
    description: "Entra en tu cuenta de Alejandra Nails para pagar tus formaciones y seguir tus cursos.",
    path: "/login",
    origin: rootOrigin(matches),
    noindex: true,
  });

const notices: Record<string, string> = {
  "contrasena-cambiada": "Tu contraseña se ha cambiado. Ya puedes iniciar sesión con la nueva.",
  "cuenta-eliminada": "Tu cuenta se ha eliminado.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rawRedirect = url.searchParams.get("redirectTo");
  const redirectTo = safeRedirect(rawRedirect, "/");
  const user = await getOptionalUser(request, context);
  // A staff member whose session lacks the second factor (the staff area sent them
  // here) is asked to sign in again, not bounced back: that would loop.
  const staffNeedsSecondFactor = user !== null && isStaffRole(user.role) && !user.secondFactor;
  if (user && !staffNeedsSecondFactor) throw redirect(redirectTo);
  const fromProfile = /^\/perfil(?:[/?]|$)/.test(redirectTo);
  return {
    // Only a safe value is ever echoed into the form.
    redirectTo: rawRedirect ? redirectTo : "",
    googleEnabled: getServices(context).config.google !== null,
    googleError: url.searchParams.get("error") === "google" ? messages.loginGoogle : undefined,
    notice: staffNeedsSecondFactor
      ? "Para entrar en el área de gestión, vuelve a iniciar sesión: te pediremos también el código de tu aplicación."
      : (lookup(notices, url.searchParams.get("aviso")) ??
        (fromProfile ? "Debes iniciar sesión para ver tu perfil" : undefined)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, onSubmit, onChange } = useFormErrors(
    loginSchema,
    actionData?.errors ?? (loaderData.googleError ? { form: loaderData.googleError } : undefined),
    actionData,
  );
  const busy = useNavigation().state === "submitting";
  const q = loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "";
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>Iniciar sesión</h1>
        {loaderData.notice ? <p className="form-alert form-alert--info">{loaderData.notice}</p> : null}
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="auth-form">
          {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
          <Field
            name="email"
            type="email"
            label="Correo electrónico"
            autoComplete="email"
            defaultValue={actionData?.values?.email}
            error={errors.email}
          />
          <Field
            name="password"
            type="password"
            label="Contraseña"
            autoComplete="current-password"
            error={errors.password}
          />
          <p className="auth-form__aside">
            <Link to="/forgot-password">¿Has olvidado tu contraseña?</Link>
          </p>
          <FormAlert message={errors.form} />
          <button type="submit" className="btn auth-form__submit" disabled={busy}>
            {busy ? "Entrando..." : "Iniciar sesión"}
          </button>
        </Form>
        {loaderData.googleEnabled ? <GoogleButton intent="login" redirectTo={loaderData.redirectTo} /> : null}
        <p className="auth-switch">
          ¿No tienes cuenta? <Link to={`/registro${q}`}>Regístrate</Link>
        </p>
      </div>
    </section>
  );
}
