import { Form, Link, redirect, useNavigation } from "react-router";
import { safeRedirect } from "~/auth/safe-redirect.ts";
import { messages, registerSchema } from "~/auth/schemas.ts";
import { getOptionalUser } from "~/auth/session.server.ts";
import { Field, FormAlert, NewPasswordFields } from "~/components/auth/field.tsx";
import { GoogleButton } from "~/components/auth/google-button.tsx";
import { PhoneField } from "~/components/forms/client-details-fields.tsx";
import { useFormErrors } from "~/components/auth/use-form-errors.ts";
import { getServices } from "~/context.server.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/registro";
import { registerAction } from "./registro.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Crear cuenta",
    description: "Regístrate en Alejandra Nails para comprar formaciones y seguir tus cursos.",
    path: "/registro",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rawRedirect = url.searchParams.get("redirectTo");
  const redirectTo = safeRedirect(rawRedirect, "/");
  if (await getOptionalUser(request, context)) throw redirect(redirectTo);
  return {
    redirectTo: rawRedirect ? redirectTo : "",
    googleEnabled: getServices(context).config.google !== null,
    googleError: url.searchParams.get("error") === "google" ? messages.registerGoogle : undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return registerAction(request, context);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, onSubmit, onChange } = useFormErrors(
    registerSchema,
    actionData?.errors ?? (loaderData.googleError ? { form: loaderData.googleError } : undefined),
    actionData,
  );
  const busy = useNavigation().state === "submitting";
  const v = actionData?.values ?? {};
  const q = loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "";
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>Crear cuenta</h1>
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="auth-form">
          {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
          <div className="auth-form__row">
            <Field
              name="firstName"
              label="Nombre"
              autoComplete="given-name"
              defaultValue={v.firstName}
              error={errors.firstName}
            />
            <Field
              name="lastName"
              label="Apellidos"
              autoComplete="family-name"
              defaultValue={v.lastName}
              error={errors.lastName}
            />
          </div>
          <Field
            name="email"
            type="email"
            label="Correo electrónico"
            autoComplete="email"
            defaultValue={v.email}
            error={errors.email}
          />
          <PhoneField
            name="phone"
            label="Teléfono"
            optional
            autoComplete="tel"
            defaultValue={v.phone}
            error={errors.phone}
          />
          <NewPasswordFields errors={errors} />
          <FormAlert message={errors.form} />
          <button type="submit" className="btn auth-form__submit" disabled={busy}>
            {busy ? "Creando cuenta..." : "Crear cuenta"}
          </button>
        </Form>
        {loaderData.googleEnabled ? <GoogleButton intent="register" redirectTo={loaderData.redirectTo} /> : null}
        <p className="auth-switch">
          ¿Ya tienes cuenta? <Link to={`/login${q}`}>Inicia sesión</Link>
        </p>
      </div>
    </section>
  );
}
