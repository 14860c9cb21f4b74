import { Link } from "react-router";
import { courseImageName } from "~/components/catalogue/course-bits.tsx";
import { Picture } from "~/components/picture.tsx";
import { ImageUploadForm } from "~/components/staff/catalogue-fields.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.cursos.imagen";
import { loadImagePage, uploadImageAction } from "./gestion.cursos.imagen.server.ts";

export const meta: Route.MetaFunction = ({ params, matches }) =>
  pageMeta({
    title: "Imagen del curso · Gestión",
    description: "Subir la imagen de un curso.",
    path: `/gestion/cursos/${params.courseId}/imagen`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadImagePage(context, params.courseId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return uploadImageAction(request, context, params.courseId);
}

/** Where an upload that was refused lands (the course page holds the same form). */
export default function CourseImage({ loaderData, actionData }: Route.ComponentProps) {
  const { course } = loaderData;
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to={`/gestion/cursos/${course.id}`}>← {course.title}</Link>
      </p>
      <h1>Imagen de {course.title}</h1>
      <div className="staff-cat__image">
        <Picture name={courseImageName(course.image)} alt={`Imagen actual del curso ${course.title}`} sizes="320px" />
        <ImageUploadForm courseId={course.id} error={actionData?.error} />
      </div>
    </section>
  );
}
