import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { ProfessionalFields } from "~/components/staff/bookings/professional-fields.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.profesionales.nueva";
import { professionalFormAction } from "./gestion.profesionales.server.ts";
import { loadNewProfessional } from "./gestion.profesionales.nueva.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Nueva profesional · Gestión",
    description: "Añadir una profesional al salón.",
    path: "/gestion/profesionales/nueva",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return loadNewProfessional(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return professionalFormAction(request, context, null);
}

export default function NewProfessional({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to="/gestion/profesionales">← Profesionales</Link>
      </p>
      <h1>Nueva profesional</h1>
      <Form method="post" noValidate className="staff-cat__form">
        <FormAlert
          message={errors.form ?? (Object.keys(errors).length > 0 ? "Revisa los campos marcados." : undefined)}
        />
        <ProfessionalFields
          values={actionData?.values ?? { active: "on" }}
          lists={actionData?.lists ?? {}}
          errors={errors}
          services={loaderData.services}
          accounts={loaderData.accounts}
        />
        <button type="submit" className="staff-cat__button">
          Añadir profesional
        </button>
      </Form>
    </section>
  );
}
