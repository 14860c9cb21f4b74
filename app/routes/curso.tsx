import { Link } from "react-router";
import { courseImageName } from "~/components/catalogue/course-bits.tsx";
import { CourseOffer, nextDateText } from "~/components/catalogue/course-card.tsx";
import { coursePageJsonLd, coursePath } from "~/components/catalogue/course-jsonld.ts";
import { ZoomableImage } from "~/components/image-modal.tsx";
import { imageUrl } from "~/components/picture.tsx";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import type { CourseEdition } from "~/domain/course.ts";
import { formatWeekdayDate } from "~/domain/pricing.ts";
import { jsonLd, pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/curso";
import { loadCoursePage } from "./curso.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadCoursePage(getServices(context).db, params.id);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `Página no encontrada · ${site.name}` }];
  const { course, editions } = loaderData;
  const origin = rootOrigin(matches);
  return [
    ...pageMeta({
      title: `${course.title}: curso de uñas (${course.duration})`,
      description: `${course.description} Próxima convocatoria: ${nextDateText(course)}.`,
      path: coursePath(course.id),
      origin,
      image: imageUrl(courseImageName(course.image), 1200, "jpeg"),
      type: "product",
    }),
    jsonLd(coursePageJsonLd(course, editions, origin)),
  ];
};

function seatsText(edition: CourseEdition): string {
  if (edition.seatsLeft === 1) return "Queda 1 plaza";
  return `Quedan ${edition.seatsLeft} plazas de ${edition.seats}`;
}

export default function Curso({ loaderData }: Route.ComponentProps) {
  const { course, editions } = loaderData;
  return (
    <>
      <nav className="container breadcrumbs" aria-label="Migas de pan">
        <ol>
          <li>
            <Link to="/">Inicio</Link>
          </li>
          <li>
            <Link to="/formaciones">Formaciones</Link>
          </li>
          <li>
            <span aria-current="page">{course.title}</span>
          </li>
        </ol>
      </nav>

      <section className="container course-detail">
        <div className="course-detail__media">
          <ZoomableImage
            name={courseImageName(course.image)}
            alt={`Curso ${course.title}`}
            sizes="(min-width: 900px) 520px, 92vw"
            className="course-detail__img"
            priority
          />
          {course.highlighted ? <span className="course-badge">Más Popular</span> : null}
        </div>
        <div className="course-detail__summary">
          <p className="course-level">{course.level}</p>
          <h1>{course.title}</h1>
          <p className="course-detail__lead">{course.description}</p>
          <CourseOffer course={course} />
        </div>
      </section>

      <section className="section section--blush" aria-labelledby="temario-titulo">
        <div className="container">
          <h2 id="temario-titulo">Qué aprenderás</h2>
          <ul className="course-features course-features--all">
            {course.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="convocatorias-titulo">
        <div className="container">
          <h2 id="convocatorias-titulo">Próximas convocatorias</h2>
          {editions.length > 0 ? (
            <ul className="editions">
              {editions.map((edition) => (
                <li key={edition.id} className="edition">
                  <p className="edition__dates">
                    {edition.endsOn && edition.endsOn !== edition.startsOn ? (
                      <>
                        Del <time dateTime={edition.startsOn}>{formatWeekdayDate(edition.startsOn)}</time> al{" "}
                        <time dateTime={edition.endsOn}>{formatWeekdayDate(edition.endsOn)}</time>
                      </>
                    ) : (
                      <time dateTime={edition.startsOn}>{formatWeekdayDate(edition.startsOn)}</time>
                    )}
                  </p>
                  {edition.schedule ? (
                    <p className="edition__schedule">{`Horario: ${edition.schedule}`}</p>
                  ) : null}
                  <p className="edition__seats">{seatsText(edition)}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p>Estamos preparando nuevas fechas. Escríbenos por WhatsApp y te avisamos en cuanto se abran.</p>
          )}
          <p className="muted">
            ¿Ninguna fecha te encaja? Escríbenos y te avisamos en cuanto abramos nuevas convocatorias.
          </p>
          <p>
            <Link to="/formaciones">Ver todas las formaciones</Link>
          </p>
        </div>
      </section>
    </>
  );
}
