import { Form, useNavigation } from "react-router";
import { Field } from "~/components/auth/field.tsx";
import { RecoveryCodesList } from "~/components/staff/recovery-codes.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.seguridad";
import { loadSecurity, securityAction } from "./gestion.seguridad.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Seguridad de tu acceso",
    description: "Códigos de recuperación de la verificación en dos pasos.",
    path: "/gestion/seguridad",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return loadSecurity(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return securityAction(request, context);
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.status === "done") {
    return (
      <section className="staff-page staff-auth">
        <h1>Seguridad de tu acceso</h1>
        <p role="status">Códigos nuevos generados. Los anteriores ya no sirven.</p>
        <RecoveryCodesList codes={actionData.recoveryCodes} />
      </section>
    );
  }
  const left = loaderData.recoveryCodesLeft;
  return (
    <section className="staff-page staff-auth">
      <h1>Seguridad de tu acceso</h1>
      <p>
        Te {left === 1 ? "queda" : "quedan"} <strong>{left}</strong> {left === 1 ? "código" : "códigos"} de recuperación
        sin usar. Si los has perdido o se te acaban, genera diez nuevos: los anteriores dejarán de servir.
      </p>
      <Form method="post" noValidate className="staff-auth__form">
        <Field
          name="code"
          label="Código de 6 cifras de tu aplicación"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={actionData?.status === "error" ? actionData.error : undefined}
        />
        <button type="submit" className="staff-auth__button" disabled={busy}>
          Generar códigos nuevos
        </button>
      </Form>
    </section>
  );
}
