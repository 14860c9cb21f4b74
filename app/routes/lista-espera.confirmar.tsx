import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card.tsx";
import { getServices } from "~/context.server.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { WAITLIST_CONFIRM_MESSAGES } from "~/domain/waitlist-messages.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { checkConfirmToken, confirmByToken } from "~/waitlist/confirmation.server.ts";
import type { Route } from "./+types/lista-espera.confirmar";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Confirma tu correo · Lista de espera",
    description: "Confirma tu correo para entrar en la lista de espera de una formación de Alejandra Nails.",
    path: "/lista-espera",
    origin: rootOrigin(matches),
    noindex: true,
  });

/** "Already confirmed" and "expired or unknown": the same words whatever the reason, and nothing about other entries. */
function answer(state: "already" | "invalid") {
  return data({ state, message: WAITLIST_CONFIRM_MESSAGES[state] }, { status: state === "invalid" ? 404 : 200 });
}

/** The emailed link opens this page; confirming is a button (a POST), so a mail scanner that follows links confirms nothing. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const checked = await checkConfirmToken(getServices(context).db, params.token);
  if (checked.state !== "valid" || !checked.entry) return answer(checked.state === "already" ? "already" : "invalid");
  return { state: "valid" as const, courseTitle: checked.entry.courseTitle, startsOn: checked.entry.startsOn };
}

export async function action({ params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const result = await confirmByToken(services.db, params.token);
  if (result.state !== "confirmed" || !result.entry) return answer(result.state === "already" ? "already" : "invalid");
  // A free seat may have been offered to her at once: its email goes now rather than at the next poll.
  services.jobs?.kick();
  return {
    state: "confirmed" as const,
    message: WAITLIST_CONFIRM_MESSAGES.confirmed,
    courseTitle: result.entry.courseTitle,
    startsOn: result.entry.startsOn,
  };
}

export default function ConfirmWaitlistEntry({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const shown = actionData ?? loaderData;
  if (shown.state === "valid") {
    return (
      <AuthCard title="Confirma tu correo">
        <p>
          Pulsa el botón para entrar en la lista de espera de <strong>{shown.courseTitle}</strong>, convocatoria del{" "}
          {formatLongDate(shown.startsOn)}. Si queda una plaza, te avisaremos por correo.
        </p>
        <Form method="post" className="auth-form">
          <button type="submit" className="btn auth-form__submit" disabled={busy}>
            {busy ? "Confirmando..." : "Confirmar y entrar en la lista"}
          </button>
        </Form>
      </AuthCard>
    );
  }
  const title =
    shown.state === "confirmed"
      ? "Correo confirmado"
      : shown.state === "already"
        ? "Ya estaba confirmado"
        : "Enlace no válido";
  return (
    <AuthCard title={title}>
      <p
        className={`form-alert ${shown.state === "invalid" ? "form-alert--error" : "form-alert--success"}`}
        role={shown.state === "invalid" ? "alert" : "status"}
      >
        {shown.message}
      </p>
      {shown.state === "confirmed" ? (
        <p>
          Te has apuntado a <strong>{shown.courseTitle}</strong>, convocatoria del {formatLongDate(shown.startsOn)}.
        </p>
      ) : null}
      <p>
        <Link to="/formaciones">Ver formaciones</Link>
      </p>
    </AuthCard>
  );
}
