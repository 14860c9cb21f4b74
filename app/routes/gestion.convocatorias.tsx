import { Form, Link } from "react-router";
import { EditionsTable } from "~/components/staff/editions-table.tsx";
import { CourseFilter } from "~/components/staff/filter-fields.tsx";
import { FilterNotes } from "~/components/staff/pager.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.convocatorias";
import { loadEditionList } from "./gestion.convocatorias.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Convocatorias · Gestión",
    description: "Convocatorias de los cursos: fechas, plazas y alumnos.",
    path: "/gestion/convocatorias",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadEditionList(request, context);
}

export default function StaffEditions({ loaderData }: Route.ComponentProps) {
  const { courses, courseId, notes, upcoming, past } = loaderData;
  return (
    <section className="staff-section">
      <h1>Convocatorias</h1>
      <FilterNotes id="convocatorias-avisos" notes={notes} />
      <Form method="get" className="staff-filters" role="search" aria-label="Filtrar convocatorias">
        <CourseFilter id="f-curso" name="curso" courses={courses} selected={courseId} />
        <div className="staff-filters__actions">
          <button type="submit" className="staff-button">
            Filtrar
          </button>
          {courseId ? <Link to="/gestion/convocatorias">Ver todos los cursos</Link> : null}
        </div>
      </Form>

      <h2>Próximas y en curso</h2>
      {upcoming.length ? (
        <EditionsTable
          caption="Convocatorias próximas y en curso, de la más cercana a la más lejana"
          editions={upcoming}
        />
      ) : (
        <p>No hay convocatorias próximas.</p>
      )}

      <h2>Pasadas</h2>
      {past.length ? (
        <EditionsTable caption="Convocatorias pasadas, de la más reciente a la más antigua" editions={past} />
      ) : (
        <p>No hay convocatorias pasadas.</p>
      )}
    </section>
  );
}
