import { Link } from "react-router";
import { EDITION_STATUS_LABELS } from "~/components/staff/catalogue-labels.ts";
import { getServices } from "~/context.server.ts";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { CATEGORY_LABELS } from "~/domain/course-form.ts";
import { isCourseCategory } from "~/domain/course.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { lacksCatalan, listStaffCourses } from "~/catalogue/staff-queries.server.ts";
import type { Route } from "./+types/gestion.cursos";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Cursos · Gestión",
    description: "Catálogo de cursos de la academia: precios, convocatorias y publicación.",
    path: "/gestion/cursos",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const courses = await listStaffCourses(getServices(context).db, todayInMadrid());
  return { courses: courses.map((c) => ({ ...c, untranslated: lacksCatalan(c) })) };
}

export default function StaffCourses({ loaderData }: Route.ComponentProps) {
  const { courses } = loaderData;
  return (
    <section className="staff-cat">
      <div className="staff-cat__heading">
        <h1>Cursos</h1>
        <Link className="staff-cat__button" to="/gestion/cursos/nuevo">
          Nuevo curso
        </Link>
      </div>
      {courses.length === 0 ? (
        <p>Todavía no hay cursos. Crea el primero con «Nuevo curso».</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-cat__table">
            <caption>Todos los cursos, publicados o no, en el orden de la web</caption>
            <thead>
              <tr>
                <th scope="col">Curso</th>
                <th scope="col">Categoría</th>
                <th scope="col">Precio</th>
                <th scope="col">Estado</th>
                <th scope="col">Próxima convocatoria</th>
                <th scope="col">Plazas</th>
              </tr>
            </thead>
            <tbody>
              {courses.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link to={`/gestion/cursos/${c.id}`}>{c.title}</Link>
                    <span className="staff-cat__slug">{c.id}</span>
                    {c.untranslated ? <span className="staff-cat__slug">Sin texto en catalán</span> : null}
                  </th>
                  <td>{isCourseCategory(c.category) ? CATEGORY_LABELS[c.category] : c.category}</td>
                  <td>{formatEuros(c.priceCents)}</td>
                  <td>{c.published ? "Publicado" : "No publicado"}</td>
                  <td>
                    {c.nextEdition ? (
                      <>
                        <Link to={`/gestion/cursos/${c.id}/convocatorias/${c.nextEdition.id}`}>
                          {formatLongDate(c.nextEdition.startsOn)}
                        </Link>
                        {c.nextEdition.status !== "open" ? ` (${EDITION_STATUS_LABELS[c.nextEdition.status]})` : null}
                      </>
                    ) : (
                      "Sin fechas"
                    )}
                  </td>
                  <td>{c.nextEdition ? `${c.nextEdition.seatsTaken} de ${c.nextEdition.seats}` : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
