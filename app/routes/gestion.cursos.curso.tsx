import { Form, Link } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { courseImageName } from "~/components/catalogue/course-bits.tsx";
import { Picture } from "~/components/picture.tsx";
import { CourseFields, ImageUploadForm } from "~/components/staff/catalogue-fields.tsx";
import { EDITION_STATUS_LABELS } from "~/components/staff/catalogue-labels.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.cursos.curso";
import { loadStaffCoursePage, staffCourseAction } from "./gestion.cursos.curso.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  pageMeta({
    title: `${loaderData?.course.title ?? "Curso"} · Cursos · Gestión`,
    description: "Editar un curso, su imagen y sus convocatorias.",
    path: `/gestion/cursos/${params.courseId}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadStaffCoursePage(request, context, params.courseId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return staffCourseAction(request, context, params.courseId);
}

function datesText(startsOn: string, endsOn: string | null): string {
  return endsOn && endsOn !== startsOn
    ? `Del ${formatLongDate(startsOn)} al ${formatLongDate(endsOn)}`
    : formatLongDate(startsOn);
}

export default function StaffCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { course, editions, sold, today, notice } = loaderData;
  const errors = actionData?.errors ?? {};
  const base = `/gestion/cursos/${course.id}`;
  return (
    <section className="staff-cat">
      <p className="staff-cat__back">
        <Link to="/gestion/cursos">← Cursos</Link>
      </p>
      <h1>{course.title}</h1>
      {notice ? (
        <p className="staff-cat__notice" role="status">
          {notice}
        </p>
      ) : null}

      <div className="staff-cat__status">
        <p>
          Estado: <strong>{course.published ? "Publicado" : "No publicado"}</strong>
          {course.published ? (
            <>
              {" · "}
              <Link to={`/formaciones/${course.id}`}>Ver en la web</Link>
            </>
          ) : null}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value={course.published ? "unpublish" : "publish"} />
          <button type="submit" className="staff-cat__button staff-cat__button--secondary">
            {course.published ? "Retirar de la web" : "Publicar"}
          </button>
        </Form>
      </div>

      <h2 id="datos">Datos del curso</h2>
      <Form method="post" noValidate className="staff-cat__form" aria-labelledby="datos">
        <input type="hidden" name="intent" value="save" />
        <FormAlert
          message={errors.form ?? (Object.keys(errors).length > 0 ? "Revisa los campos marcados." : undefined)}
        />
        <CourseFields values={actionData?.values ?? loaderData.values} errors={errors} slugLocked={sold} />
        <button type="submit" className="staff-cat__button">
          Guardar cambios
        </button>
      </Form>

      <h2 id="imagen">Imagen</h2>
      <div className="staff-cat__image">
        <Picture name={courseImageName(course.image)} alt={`Imagen actual del curso ${course.title}`} sizes="320px" />
        <ImageUploadForm courseId={course.id} />
      </div>

      <div className="staff-cat__heading">
        <h2 id="convocatorias">Convocatorias</h2>
        <Link className="staff-cat__button" to={`${base}/convocatorias/nueva`}>
          Añadir convocatoria
        </Link>
      </div>
      {editions.length === 0 ? (
        <p>Este curso no tiene convocatorias.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-cat__table">
            <caption>Convocatorias de {course.title}, por fecha de inicio</caption>
            <thead>
              <tr>
                <th scope="col">Fechas</th>
                <th scope="col">Horario</th>
                <th scope="col">Plazas ocupadas</th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {editions.map((e) => (
                <tr key={e.id} className={e.startsOn < today ? "staff-cat__past" : undefined}>
                  <th scope="row">
                    <Link to={`${base}/convocatorias/${e.id}`}>{datesText(e.startsOn, e.endsOn)}</Link>
                  </th>
                  <td>{e.schedule || "—"}</td>
                  <td>
                    {e.seatsTaken} de {e.seats}
                  </td>
                  <td>
                    {EDITION_STATUS_LABELS[e.status]}
                    {e.startsOn < today ? " (pasada)" : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
