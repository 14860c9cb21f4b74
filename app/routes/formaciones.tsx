import { Link, useSearchParams } from "react-router";
import { CourseCard } from "~/components/catalogue/course-card.tsx";
import { courseListJsonLd } from "~/components/catalogue/course-jsonld.ts";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import { getOptionalUser } from "~/auth/session.server.ts";
import { COURSE_FILTERS, filterCourses, groupSizeText, parseCourseFilter, type Course } from "~/domain/course.ts";
import { jsonLd, pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/formaciones";
import { loadCourseList } from "./formaciones.server.ts";
import { skipQueryOnlyRevalidation } from "~/lib/revalidate.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCourseList(getServices(context).db, await getOptionalUser(request, context));
}

// The loader ignores ?categoria=, so switching filters filters in place without a request.
export const shouldRevalidate = skipQueryOnlyRevalidation;

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const origin = rootOrigin(matches);
  const filter = parseCourseFilter(new URLSearchParams(location.search).get("categoria"));
  const label = COURSE_FILTERS.find((f) => f.id === filter)?.name;
  return [
    ...pageMeta({
      title: filter === "todos" ? "Formaciones y cursos de uñas" : `Formaciones de uñas: ${label}`,
      description:
        "Cursos de uñas en Molins de Rei con certificado: iniciación, técnico manicurista, Expert Nails y acrílico intensivo. Grupos reducidos, materiales incluidos y financiación sin intereses.",
      // Filtered views are subsets of one page: a single canonical URL.
      path: "/formaciones",
      origin,
    }),
    jsonLd(courseListJsonLd(loaderData?.courses ?? [], origin)),
  ];
};

/** What every course offers, with the group sizes the catalogue's courses have. */
const benefitsFor = (courses: readonly Course[]) => [
  {
    // The academy's own certificate: not an official (state-recognised) qualification.
    title: "Certificado de la academia",
    text: "Al terminar recibes el certificado de la academia, con las horas cursadas y las técnicas que dominas.",
  },
  {
    title: groupSizeText(courses),
    text: "Grupos reducidos para que la formadora corrija tu técnica de cerca y resuelva todas tus dudas.",
  },
  {
    title: "Materiales incluidos",
    // The same sentence the assistant answers with (site.ts), capitalised.
    text: `${site.academy.materialsIncluded.charAt(0).toUpperCase()}${site.academy.materialsIncluded.slice(1)}: solo tienes que venir.`,
  },
];

export default function Formaciones({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const filter = parseCourseFilter(searchParams.get("categoria"));
  const courses = filterCourses(loaderData.courses, filter);
  const { enrolledCourseIds } = loaderData;
  const activeLabel = COURSE_FILTERS.find((f) => f.id === filter)?.name ?? "";

  return (
    <>
      <section className="courses-hero">
        <div className="container">
          <p className="courses-hero__eyebrow">Academia {site.name}</p>
          <h1>Formaciones de uñas</h1>
          <p className="courses-hero__lead">
            Aprende con nosotras el oficio de técnica de uñas: cursos prácticos, grupos reducidos y un certificado que
            abre puertas.
          </p>
          <dl className="courses-stats">
            <div>
              <dt>Alumnas certificadas</dt>
              <dd>{site.academy.students}</dd>
            </div>
            <div>
              <dt>Años de experiencia</dt>
              <dd>{site.founder.yearsExperience}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="cursos-titulo">
        <div className="container">
          <h2 id="cursos-titulo">Nuestros cursos</h2>
          <nav className="course-filter" aria-label="Filtrar cursos por nivel">
            <ul>
              {COURSE_FILTERS.map((option) => {
                const active = option.id === filter;
                return (
                  <li key={option.id}>
                    <Link
                      to={option.id === "todos" ? "/formaciones" : `/formaciones?categoria=${option.id}`}
                      className={`filter-pill${active ? " filter-pill--active" : ""}`}
                      aria-current={active ? "true" : undefined}
                      preventScrollReset
                    >
                      {option.name}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <p className="visually-hidden" role="status">
            {`${activeLabel}: ${courses.length} ${courses.length === 1 ? "curso" : "cursos"}`}
          </p>
          {courses.length > 0 ? (
            <div className="course-grid">
              {courses.map((course, i) => (
                <CourseCard
                  key={course.id}
                  course={course}
                  enrolled={enrolledCourseIds.includes(course.id)}
                  priority={i === 0}
                />
              ))}
            </div>
          ) : (
            <p>Ahora mismo no hay cursos en esta categoría. Consulta todos los cursos o escríbenos.</p>
          )}
        </div>
      </section>

      <section className="section section--blush" aria-labelledby="ventajas-titulo">
        <div className="container">
          <h2 id="ventajas-titulo">Por qué formarte con nosotras</h2>
          <ul className="benefits">
            {benefitsFor(loaderData.courses).map((b) => (
              <li key={b.title} className="benefit">
                <h3>{b.title}</h3>
                <p>{b.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section courses-cta" aria-labelledby="cta-titulo">
        <div className="container">
          <h2 id="cta-titulo">¿No sabes qué curso elegir?</h2>
          <p>Cuéntanos tu experiencia y tus objetivos y te recomendamos la formación que mejor encaja contigo.</p>
          <div className="courses-cta__actions">
            <a
              className="btn"
              href={site.whatsapp.link("¡Hola! Me gustaría que me aconsejarais sobre qué formación de uñas elegir.")}
              target="_blank"
              rel="noopener noreferrer"
            >
              Escríbenos por WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
            <Link className="btn btn--outline" to="/contacto">
              Ver contacto
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
