import { Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/baja";
import { loadUnsubscribe, unsubscribeAction } from "./baja.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Dejar de recibir recordatorios de cursos",
    description: "Deja de recibir los recordatorios de tus cursos de Alejandra Nails.",
    path: "/baja",
    origin: rootOrigin(matches),
    noindex: true,
  });

/** Opening the emailed link changes nothing: a mail scanner that follows links unsubscribes no one. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadUnsubscribe(context, params.token);
}

/** The page's button, or the mail provider's one-click POST (RFC 8058). */
export async function action({ params, context }: Route.ActionArgs) {
  return unsubscribeAction(context, params.token);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const shown = actionData ?? loaderData;
  if (shown.state === "ask") {
    return (
      <AuthCard title="Recordatorios de cursos">
        <p>¿Dejar de recibir los recordatorios de tus cursos?</p>
        <p>Dejaremos de enviar a tu cuenta el correo que avisa tres días antes de que empiece un curso.</p>
        <Form method="post" className="auth-form">
          <button type="submit" className="btn auth-form__submit" disabled={busy}>
            {busy ? "Guardando..." : "Dejar de recibir recordatorios"}
          </button>
        </Form>
      </AuthCard>
    );
  }
  if (shown.state === "done") {
    return (
      <AuthCard title="Recordatorios desactivados">
        <p className="form-alert form-alert--success" role="status">
          {shown.message}
        </p>
        <p>
          Si cambias de idea, puedes volver a activarlos en <Link to="/perfil/ajustes">Mi perfil › Configuración</Link>.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Enlace no válido">
      <p className="form-alert form-alert--error" role="alert">
        {shown.message}
      </p>
      <p>
        <Link to="/perfil/ajustes">Ir a Mi perfil › Configuración</Link>
      </p>
    </AuthCard>
  );
}
