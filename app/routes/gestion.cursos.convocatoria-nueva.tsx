import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { EditionFields } from "~/components/staff/catalogue-fields.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.cursos.convocatoria-nueva";
import { loadNewEdition, newEditionAction } from "./gestion.cursos.convocatoria.server.ts";

export const meta: Route.MetaFunction = ({ params, matches }) =>
  pageMeta({
    title: "Nueva convocatoria · Gestión",
    description: "Añadir una convocatoria a un curso.",
    path: `/gestion/cursos/${params.courseId}/convocatorias/nueva`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadNewEdition(context, params.courseId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return newEditionAction(request, context, params.courseId);
}

export default function NewEdition({ loaderData, actionData }: Route.ComponentProps) {
  const { course } = loaderData;
  const errors = actionData?.errors ?? {};
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to={`/gestion/cursos/${course.id}#convocatorias`}>← {course.title}</Link>
      </p>
      <h1>Nueva convocatoria de {course.title}</h1>
      <Form method="post" noValidate className="staff-cat__form">
        <FormAlert message={Object.keys(errors).length > 0 ? "Revisa los campos marcados." : undefined} />
        <EditionFields values={actionData?.values ?? loaderData.values} errors={errors} />
        <button type="submit" className="staff-cat__button">
          Añadir convocatoria
        </button>
      </Form>
    </section>
  );
}
