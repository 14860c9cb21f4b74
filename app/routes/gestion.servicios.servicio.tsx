import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { CommissionField } from "~/components/staff/counter/commission-field.tsx";
import { ServiceFields } from "~/components/staff/bookings/service-fields.tsx";
import { REVIEW_INTENT } from "~/components/staff/bookings/labels.ts";
import { serviceFormValues } from "~/domain/service-form.ts";
import { serviceCatalanValues } from "~/lib/catalan-form.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.servicios.servicio";
import { isReviewPost, loadServiceEditor, reviewServiceAction, serviceFormAction } from "./gestion.servicios.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  pageMeta({
    title: `${loaderData?.service.name ?? "Servicio"} · Servicios · Gestión`,
    description: "Editar un servicio de la carta.",
    path: `/gestion/servicios/${params.serviceId}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadServiceEditor(request, context, params.serviceId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (await isReviewPost(request)) return reviewServiceAction(request, context, params.serviceId);
  return serviceFormAction(request, context, params.serviceId);
}

export default function EditService({ loaderData, actionData }: Route.ComponentProps) {
  const { service, professionals, commission, notice } = loaderData;
  const errors = actionData?.errors ?? {};
  const form = serviceFormValues({ ...service, professionalIds: service.professionals.map((p) => p.id) });
  const stored = { ...form, values: { ...form.values, ...serviceCatalanValues(service) } };
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to="/gestion/servicios">← Servicios</Link>
      </p>
      <h1>{service.name}</h1>
      {notice ? (
        <p className="staff-cat__notice" role="status">
          {notice}
        </p>
      ) : null}
      {service.reviewPending ? (
        <div className="staff-notice">
          <p>
            <span className="status-badge status-badge--warning">Sin revisar</span> Este servicio es una propuesta de
            partida. Si sus datos están bien, márcalo como revisado; si no, corrígelos abajo y guárdalos.
          </p>
          <Form method="post" className="staff-cat__review">
            <input type="hidden" name="intent" value={REVIEW_INTENT} />
            <button type="submit" className="staff-cat__button">
              Marcar como revisado
            </button>
          </Form>
        </div>
      ) : null}
      <p className="staff-hint">
        Identificador: <code>{service.id}</code>. Desactivarlo lo quita de la carta y de las reservas; las citas ya
        hechas conservan sus datos.
      </p>
      <Form method="post" noValidate className="staff-cat__form">
        <FormAlert message={Object.keys(errors).length > 0 ? "Revisa los campos marcados." : undefined} />
        <ServiceFields
          values={actionData?.values ?? stored.values}
          lists={actionData?.lists ?? stored.lists}
          errors={errors}
          professionals={professionals}
        />
        {commission !== null ? (
          <CommissionField of="service" value={actionData?.values.comision ?? commission} error={errors.comision} />
        ) : null}
        <button type="submit" className="staff-cat__button">
          {service.reviewPending ? "Guardar y marcar como revisado" : "Guardar cambios"}
        </button>
      </Form>
    </section>
  );
}
