import { Form, Link, useNavigation } from "react-router";
import { verificationMessages, verificationNotices } from "~/auth/verification-messages.ts";
import { AuthCard } from "~/components/auth/auth-card.tsx";
import { FormAlert } from "~/components/auth/field.tsx";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/verificar-email";
import { verifyAction, verifyLoader } from "./verificar-email.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Confirmar correo",
    description: "Confirma la dirección de correo de tu cuenta de Alejandra Nails.",
    path: "/verificar-email",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return verifyLoader(request, context);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return verifyAction(request, context, url);
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.verified) {
    return (
      <AuthCard title="Correo confirmado">
        <p className="form-alert form-alert--success" role="status">
          {verificationNotices.verified} ¡Gracias!
        </p>
        <p>
          <Link className="btn" to="/perfil">
            Ir a mi perfil
          </Link>
        </p>
      </AuthCard>
    );
  }
  const formError = actionData && !actionData.verified ? actionData.errors.form : undefined;

  if (loaderData.mode === "status") {
    if (loaderData.verified) {
      return (
        <AuthCard title="Correo confirmado">
          <p>
            {verificationNotices.verified} (<strong>{loaderData.email}</strong>)
          </p>
          <p>
            <Link to="/perfil">Volver a mi perfil</Link>
          </p>
        </AuthCard>
      );
    }
    return (
      <AuthCard title="Confirma tu correo">
        <VerifyEmailNotice email={loaderData.email} sent={loaderData.sent} error={formError} />
        <p>Mientras tanto puedes seguir usando tu cuenta y comprar con normalidad.</p>
        <p>
          <Link to="/formaciones">Ver formaciones</Link>
        </p>
      </AuthCard>
    );
  }

  const badState =
    (actionData && !actionData.verified ? actionData.tokenState : undefined) ??
    (loaderData.state === "valid" ? undefined : loaderData.state);
  if (badState) {
    return (
      <AuthCard title="Enlace no válido">
        <p className="form-alert form-alert--error" role="alert">
          {verificationMessages[badState]}
        </p>
        <p>
          {loaderData.signedIn ? (
            <Link className="btn" to="/verificar-email">
              Pedir un enlace nuevo
            </Link>
          ) : (
            <Link className="btn" to="/login?redirectTo=%2Fverificar-email">
              Inicia sesión para pedir otro
            </Link>
          )}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirma tu correo">
      <p>Pulsa el botón para confirmar que esta dirección de correo es tuya.</p>
      <Form method="post" className="auth-form">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="token" value={loaderData.token} />
        <FormAlert message={formError} />
        <button type="submit" className="btn auth-form__submit" disabled={busy}>
          {busy ? "Confirmando..." : "Confirmar mi correo"}
        </button>
      </Form>
    </AuthCard>
  );
}
