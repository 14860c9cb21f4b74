import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { EditionFields } from "~/components/staff/catalogue-fields.tsx";
import { EDITION_STATUS_LABELS } from "~/components/staff/catalogue-labels.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.cursos.convocatoria";
import { editionAction, loadEdition } from "./gestion.cursos.convocatoria.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  pageMeta({
    title: loaderData
      ? `Convocatoria del ${formatLongDate(loaderData.edition.startsOn)} · ${loaderData.course.title} · Gestión`
      : "Convocatoria · Gestión",
    description: "Editar, cerrar, reabrir o cancelar una convocatoria.",
    path: `/gestion/cursos/${params.courseId}/convocatorias/${params.editionId}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadEdition(request, context, params.courseId, params.editionId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return editionAction(request, context, params.courseId, params.editionId);
}

export default function StaffEdition({ loaderData, actionData }: Route.ComponentProps) {
  const { course, edition, notice } = loaderData;
  const errors = actionData?.errors ?? {};
  const here = `/gestion/cursos/${course.id}/convocatorias/${edition.id}`;
  const cancelled = edition.status === "cancelled";
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to={`/gestion/cursos/${course.id}#convocatorias`}>← {course.title}</Link>
      </p>
      <h1>
        Convocatoria del {formatLongDate(edition.startsOn)} · {course.title}
      </h1>
      {notice ? (
        <p className="staff-cat__notice" role="status">
          {notice}
        </p>
      ) : null}
      <p>
        Estado: <strong>{EDITION_STATUS_LABELS[edition.status]}</strong> · Plazas ocupadas: {edition.seatsTaken} de{" "}
        {edition.seats} · <Link to={`/gestion/convocatorias/${edition.id}/alumnos`}>Ver alumnas</Link>
      </p>
      {cancelled ? (
        <p>Esta convocatoria está cancelada y ya no se puede modificar.</p>
      ) : (
        <>
          <Form method="post" noValidate className="staff-cat__form">
            <input type="hidden" name="intent" value="save" />
            <FormAlert
              message={errors.form ?? (Object.keys(errors).length > 0 ? "Revisa los campos marcados." : undefined)}
            />
            <EditionFields
              values={actionData?.values?.startsOn !== undefined ? actionData.values : loaderData.values}
              errors={errors}
              seatsTaken={edition.seatsTaken}
            />
            <button type="submit" className="staff-cat__button">
              Guardar convocatoria
            </button>
          </Form>
          <h2>Ventas</h2>
          <div className="staff-cat__actions">
            <Form method="post">
              <input type="hidden" name="intent" value={edition.status === "closed" ? "reopen" : "close"} />
              <button type="submit" className="staff-cat__button staff-cat__button--secondary">
                {edition.status === "closed" ? "Reabrir convocatoria" : "Cerrar convocatoria (no más ventas)"}
              </button>
            </Form>
            <Link className="staff-cat__button staff-cat__button--danger" to={`${here}/cancelar`}>
              Cancelar convocatoria…
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
