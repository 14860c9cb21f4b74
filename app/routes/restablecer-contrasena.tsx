import { Form, Link, useNavigation } from "react-router";
import { tokenMessages } from "~/auth/reset-messages.ts";
import { resetSchema } from "~/auth/schemas.ts";
import { FormAlert, NewPasswordFields } from "~/components/auth/field.tsx";
import { useFormErrors } from "~/components/auth/use-form-errors.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/restablecer-contrasena";
import { resetAction, resetLoader } from "./restablecer-contrasena.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Nueva contraseña",
    description: "Elige una contraseña nueva para tu cuenta de Alejandra Nails.",
    path: "/restablecer-contrasena",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return resetLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return resetAction(request, context);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, onSubmit, onChange } = useFormErrors(resetSchema, actionData?.errors, actionData);
  const busy = useNavigation().state === "submitting";
  const badState = actionData?.tokenState ?? (loaderData.state === "valid" ? undefined : loaderData.state);
  if (badState) {
    return (
      <section className="auth-page container section">
        <div className="auth-card card">
          <h1>Enlace no válido</h1>
          <p className="form-alert form-alert--error" role="alert">
            {tokenMessages[badState]}
          </p>
          <p>
            <Link className="btn" to="/forgot-password">
              Pedir un enlace nuevo
            </Link>
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>Elige una contraseña nueva</h1>
        <p>Al guardarla se cerrará la sesión en todos tus dispositivos.</p>
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="auth-form">
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields label="Nueva contraseña" errors={errors} />
          <FormAlert message={errors.form} />
          <button type="submit" className="btn auth-form__submit" disabled={busy}>
            {busy ? "Guardando..." : "Guardar contraseña"}
          </button>
        </Form>
      </div>
    </section>
  );
}
