import { Link, useSearchParams } from "react-router";
import { CourseCard } from "~/components/catalogue/course-card.tsx";
import { courseListJsonLd } from "~/components/catalogue/course-jsonld.ts";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import { getOptionalUser } from "~/auth/session.server.ts";
import { FILTER_KEYS, groupSizeLabel } from "~/components/catalogue/course-text.ts";
import { COURSE_FILTERS, filterCourses, parseCourseFilter, type Course } from "~/domain/course.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator, type Translate } from "~/i18n/messages.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import { jsonLd, pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/formaciones";
import { loadCourseList } from "./formaciones.server.ts";
import { skipQueryOnlyRevalidation } from "~/lib/revalidate.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  return {
    ...(await loadCourseList(getServices(context).db, await getOptionalUser(request, context), locale)),
    messages: messagesFor(locale, ["catalogue"]),
  };
}

// The loader ignores ?categoria=, so switching filters filters in place without a request.
export const shouldRevalidate = skipQueryOnlyRevalidation;

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const origin = rootOrigin(matches);
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  const filter = parseCourseFilter(new URLSearchParams(location.search).get("categoria"));
  return [
    ...pageMeta({
      title:
        filter === "todos"
          ? t("catalogue.meta.title")
          : t("catalogue.meta.titleFiltered", { label: t(FILTER_KEYS[filter]) }),
      description: t("catalogue.meta.description"),
      // Filtered views are subsets of one page: a single canonical URL.
      path: "/formaciones",
      origin,
      locale,
    }),
    jsonLd(courseListJsonLd(loaderData?.courses ?? [], origin, { locale, name: t("catalogue.jsonLd.listName") })),
  ];
};

/** What every course offers, with the group sizes the catalogue's courses have. */
const benefitsFor = (t: Translate, courses: readonly Course[]) => [
  {
    // The academy's own certificate: not an official (state-recognised) qualification.
    title: t("catalogue.benefits.certificate.title"),
    text: t("catalogue.benefits.certificate.text"),
  },
  {
    title: groupSizeLabel(t, courses),
    text: t("catalogue.benefits.groups.text"),
  },
  {
    title: t("catalogue.benefits.materials.title"),
    // The same sentence as the assistant's answer about materials.
    text: t("catalogue.benefits.materials.text"),
  },
];

export default function Formaciones({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const filter = parseCourseFilter(searchParams.get("categoria"));
  const courses = filterCourses(loaderData.courses, filter);
  const { enrolledCourseIds } = loaderData;
  const t = useT();
  const href = useLocalHref();
  const activeLabel = t(FILTER_KEYS[filter]);

  return (
    <>
      <section className="courses-hero">
        <div className="container">
          <p className="courses-hero__eyebrow">{t("catalogue.hero.eyebrow", { salon: site.name })}</p>
          <h1>{t("catalogue.hero.title")}</h1>
          <p className="courses-hero__lead">{t("catalogue.hero.lead")}</p>
          <dl className="courses-stats">
            <div>
              <dt>{t("catalogue.stats.students")}</dt>
              <dd>{site.academy.students}</dd>
            </div>
            <div>
              <dt>{t("catalogue.stats.years")}</dt>
              <dd>{site.founder.yearsExperience}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="cursos-titulo">
        <div className="container">
          <h2 id="cursos-titulo">{t("catalogue.list.title")}</h2>
          <nav className="course-filter" aria-label={t("catalogue.list.filterLabel")}>
            <ul>
              {COURSE_FILTERS.map((option) => {
                const active = option.id === filter;
                return (
                  <li key={option.id}>
                    <Link
                      to={href(option.id === "todos" ? "/formaciones" : `/formaciones?categoria=${option.id}`)}
                      className={`filter-pill${active ? " filter-pill--active" : ""}`}
                      aria-current={active ? "true" : undefined}
                      preventScrollReset
                    >
                      {t(FILTER_KEYS[option.id])}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <p className="visually-hidden" role="status">
            {t("catalogue.list.status", { label: activeLabel, n: courses.length })}
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
            <p>{t("catalogue.list.empty")}</p>
          )}
        </div>
      </section>

      <section className="section section--blush" aria-labelledby="ventajas-titulo">
        <div className="container">
          <h2 id="ventajas-titulo">{t("catalogue.benefits.title")}</h2>
          <ul className="benefits">
            {benefitsFor(t, loaderData.courses).map((b) => (
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
          <h2 id="cta-titulo">{t("catalogue.cta.title")}</h2>
          <p>{t("catalogue.cta.text")}</p>
          <div className="courses-cta__actions">
            <a
              className="btn"
              href={site.whatsapp.link(t("catalogue.cta.whatsappMessage"))}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t("catalogue.cta.whatsapp")}
              <span className="visually-hidden">{t("catalogue.newTab")}</span>
            </a>
            <Link className="btn btn--outline" to={href("/contacto")}>
              {t("catalogue.cta.contact")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
