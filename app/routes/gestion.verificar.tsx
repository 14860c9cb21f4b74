import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/auth/field.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.verificar";
import { verifyMessages } from "~/staff/auth/messages.ts";
import { loadVerify, verifyAction } from "./gestion.verificar.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Verificación en dos pasos",
    description: "Segundo paso del inicio de sesión del equipo de Alejandra Nails.",
    path: "/gestion/verificar",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadVerify(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return verifyAction(request, context);
}

export default function VerifyStaff({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const ended = actionData?.status === "expired" || actionData?.status === "locked" ? actionData.message : null;
  if (ended || loaderData.status !== "form") {
    return (
      <section className="staff-page staff-auth">
        <h1>Verificación en dos pasos</h1>
        <p role="alert" className="form-alert form-alert--error">
          {ended ?? verifyMessages.expired}
        </p>
        <p>
          <Link className="staff-auth__button" to="/login?redirectTo=%2Fgestion">
            Iniciar sesión
          </Link>
        </p>
      </section>
    );
  }
  const error = actionData?.status === "error" ? actionData.error : undefined;
  return (
    <section className="staff-page staff-auth">
      <h1>Verificación en dos pasos</h1>
      <p>
        Contraseña correcta para <strong>{loaderData.email}</strong>. Para terminar, escribe el código de 6 cifras que
        muestra tu aplicación de autenticación.
      </p>
      <Form method="post" noValidate className="staff-auth__form">
        <Field
          name="code"
          label="Código de verificación"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          hint="Si no tienes el móvil, escribe uno de tus códigos de recuperación (por ejemplo, abcde-fghij)."
          error={error}
        />
        <button type="submit" className="staff-auth__button" disabled={busy}>
          {busy ? "Comprobando..." : "Entrar"}
        </button>
      </Form>
    </section>
  );
}
