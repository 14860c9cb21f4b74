import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { CommissionField } from "~/components/staff/counter/commission-field.tsx";
import { ProfessionalFields } from "~/components/staff/bookings/professional-fields.tsx";
import { professionalFormValues } from "~/domain/professional-form.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.profesionales.profesional";
import { loadProfessionalEditor, professionalFormAction } from "./gestion.profesionales.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  pageMeta({
    title: `${loaderData?.professional.name ?? "Profesional"} · Profesionales · Gestión`,
    description: "Editar una profesional: servicios, cuenta y horario semanal.",
    path: `/gestion/profesionales/${params.professionalId}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadProfessionalEditor(request, context, params.professionalId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return professionalFormAction(request, context, params.professionalId);
}

export default function EditProfessional({ loaderData, actionData }: Route.ComponentProps) {
  const { professional, services, accounts, commission, notice } = loaderData;
  const errors = actionData?.errors ?? {};
  const stored = professionalFormValues(professional);
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to="/gestion/profesionales">← Profesionales</Link>
      </p>
      <h1>{professional.name}</h1>
      {notice ? (
        <p className="staff-cat__notice" role="status">
          {notice}
        </p>
      ) : null}
      <p className="staff-hint">
        Sus días libres y horas bloqueadas se anotan en <Link to="/gestion/horarios">Horarios</Link>. Desactivarla no
        borra sus citas.
      </p>
      <Form method="post" noValidate className="staff-cat__form">
        <FormAlert
          message={errors.form ?? (Object.keys(errors).length > 0 ? "Revisa los campos marcados." : undefined)}
        />
        <ProfessionalFields
          values={actionData?.values ?? stored.values}
          lists={actionData?.lists ?? stored.lists}
          errors={errors}
          services={services}
          accounts={accounts}
        />
        {commission !== null ? (
          <CommissionField
            of="professional"
            value={actionData?.values.comision ?? commission}
            error={errors.comision}
          />
        ) : null}
        <button type="submit" className="staff-cat__button">
          Guardar cambios
        </button>
      </Form>
    </section>
  );
}
