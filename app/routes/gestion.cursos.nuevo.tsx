import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { CourseFields } from "~/components/staff/catalogue-fields.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.cursos.nuevo";
import { newCourseAction } from "./gestion.cursos.nuevo.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Nuevo curso · Gestión",
    description: "Crear un curso en el catálogo de la academia.",
    path: "/gestion/cursos/nuevo",
    origin: rootOrigin(matches),
    noindex: true,
  });

// A loader, so a client navigation here still passes the staff check.
export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return newCourseAction(request, context);
}

export default function NewCourse({ actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to="/gestion/cursos">← Cursos</Link>
      </p>
      <h1>Nuevo curso</h1>
      <p>El curso se crea sin publicar: podrás añadir la imagen y las convocatorias antes de que aparezca en la web.</p>
      <Form method="post" noValidate className="staff-cat__form">
        <FormAlert message={Object.keys(errors).length > 0 ? "Revisa los campos marcados." : undefined} />
        <CourseFields values={actionData?.values ?? { category: "iniciacion" }} errors={errors} />
        <button type="submit" className="staff-cat__button">
          Crear curso
        </button>
      </Form>
    </section>
  );
}
