import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { ServiceFields } from "~/components/staff/bookings/service-fields.tsx";
import { NEW_SERVICE_VALUES } from "~/domain/service-form.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.servicios.nuevo";
import { serviceFormAction } from "./gestion.servicios.server.ts";
import { loadNewService } from "./gestion.servicios.nuevo.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Nuevo servicio · Gestión",
    description: "Añadir un servicio a la carta del salón.",
    path: "/gestion/servicios/nuevo",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return loadNewService(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return serviceFormAction(request, context, null);
}

export default function NewService({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to="/gestion/servicios">← Servicios</Link>
      </p>
      <h1>Nuevo servicio</h1>
      <Form method="post" noValidate className="staff-cat__form">
        <FormAlert message={Object.keys(errors).length > 0 ? "Revisa los campos marcados." : undefined} />
        <ServiceFields
          values={actionData?.values ?? NEW_SERVICE_VALUES.values}
          lists={actionData?.lists ?? NEW_SERVICE_VALUES.lists}
          errors={errors}
          professionals={loaderData.professionals}
        />
        <button type="submit" className="staff-cat__button">
          Crear servicio
        </button>
      </Form>
    </section>
  );
}
