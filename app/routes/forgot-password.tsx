import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { forgotSchema } from "~/auth/schemas.ts";
import { Field, FormAlert } from "~/components/auth/field.tsx";
import { useFormErrors, useHydrated } from "~/components/auth/use-form-errors.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/forgot-password";
import { forgotAction } from "./forgot-password.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Recuperar contraseña",
    description: "Te enviamos un enlace por correo para elegir una contraseña nueva.",
    path: "/forgot-password",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  return forgotAction(request, context);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  if (actionData?.sent) return <Sent email={actionData.email} />;
  return <RequestForm actionData={actionData} />;
}

function RequestForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const failed = actionData && !actionData.sent ? actionData : undefined;
  const { errors, onSubmit, onChange } = useFormErrors(forgotSchema, failed?.errors, actionData);
  const [email, setEmail] = useState(failed?.email ?? "");
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>Recuperar contraseña</h1>
        <p>Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.</p>
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="auth-form">
          <Field
            name="email"
            type="email"
            label="Correo electrónico"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <FormAlert message={errors.form} />
          {/* Disabled while empty once JavaScript runs; without it the server answers instead. */}
          <button type="submit" className="btn auth-form__submit" disabled={busy || (hydrated && email.trim() === "")}>
            {busy ? "Enviando..." : "Enviar enlace"}
          </button>
        </Form>
        <p className="auth-switch">
          <Link to="/login">Volver a iniciar sesión</Link>
        </p>
      </div>
    </section>
  );
}

function Sent({ email }: { email: string }) {
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>Revisa tu correo</h1>
        <p role="status">
          Te hemos enviado un correo a <strong>{email}</strong> con un enlace para restablecer tu contraseña. El enlace
          caduca en 1 hora. Si no lo ves, mira en la carpeta de spam.
        </p>
        <p>
          <Link className="btn btn--outline" to="/forgot-password">
            Enviar otro correo
          </Link>
        </p>
        <p className="auth-switch">
          <Link to="/login">Volver a iniciar sesión</Link>
        </p>
      </div>
    </section>
  );
}
