import { Link } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { courseImageName } from "~/components/catalogue/course-bits.tsx";
import { Picture } from "~/components/picture.tsx";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import { enrollmentStage, enrollmentStageText } from "~/domain/enrollment-stage.ts";
import { hasAccess } from "~/domain/access-window.ts";
import { editionDatesText } from "~/domain/edition-dates.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { listMyCourses } from "~/orders/queries.server.ts";
import type { Route } from "./+types/mis-cursos";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mis cursos",
    description: "Tus formaciones de Alejandra Nails: fechas de cada convocatoria, acceso y calendario.",
    path: "/mis-cursos",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const courses = await listMyCourses(getServices(context).db, getUser(context).id);
  return { courses, now: new Date().toISOString(), today: todayInMadrid() };
}

export default function MisCursos({ loaderData }: Route.ComponentProps) {
  const { courses, now, today } = loaderData;
  return (
    <section className="container section my-courses">
      <h1>Mis cursos</h1>
      {courses.length === 0 ? (
        <div className="my-courses__empty">
          <p>Todavía no tienes ningún curso. Cuando completes una compra, aparecerá aquí con sus fechas.</p>
          <Link className="btn" to="/formaciones">
            Ver formaciones
          </Link>
        </div>
      ) : (
        <ul className="my-courses__list">
          {courses.map((c) => {
            const active = hasAccess(c.accessUntil, new Date(now));
            return (
              <li key={c.enrollmentId} className="card my-course">
                <Picture name={courseImageName(c.image ?? "")} alt="" sizes="160px" className="my-course__img" />
                <div className="my-course__body">
                  <h2 className="my-course__title">{c.title}</h2>
                  <dl className="my-course__facts">
                    <div>
                      <dt>Convocatoria</dt>
                      <dd>{editionDatesText(c.editionStartsOn, c.editionEndsOn)}</dd>
                    </div>
                    {c.duration ? (
                      <div>
                        <dt>Duración</dt>
                        <dd>{c.duration}</dd>
                      </div>
                    ) : null}
                    <div>
                      <dt>Acceso</dt>
                      <dd>
                        {active ? "Hasta el " : "Terminó el "}
                        {formatLongDate(c.accessUntil)}
                      </dd>
                    </div>
                    <div>
                      <dt>Estado</dt>
                      <dd>
                        {enrollmentStageText(
                          enrollmentStage(c.editionStartsOn, c.editionEndsOn, today),
                          c.editionStartsOn,
                        )}
                      </dd>
                    </div>
                    <div>
                      <dt>Lugar</dt>
                      <dd>{site.address.full}</dd>
                    </div>
                  </dl>
                  {c.editionStartsOn ? (
                    <p>
                      <a
                        className="btn btn--outline"
                        href={`/api/pedidos/${c.orderId}/calendario.ics?curso=${encodeURIComponent(c.courseId)}`}
                        download
                      >
                        Añadir al calendario (.ics)<span className="visually-hidden">: {c.title}</span>
                      </a>
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
