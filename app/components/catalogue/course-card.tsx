import { Link } from "react-router";
import { AddToCartButton } from "~/components/cart/add-to-cart.tsx";
import { ZoomableImage } from "~/components/image-modal.tsx";
import type { Course } from "~/domain/course.ts";
import { formatEuros, monthlyFinancingText } from "~/domain/pricing.ts";
import { useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import { courseImageName, MoreInfoLink } from "./course-bits.tsx";
import { coursePath } from "./course-jsonld.ts";
import { nextEditionText } from "./course-text.ts";

// The words come from the "catalogue" namespace: the pages that show these send it.

/** Price, struck original price and the financing note of a course card. */
function CoursePrice({ course }: { course: Pick<Course, "priceCents" | "originalPriceCents"> }) {
  const t = useT();
  return (
    <div className="course-price">
      <p className="course-price__amounts">
        <span className="course-price__now">
          <span className="visually-hidden">{t("catalogue.card.priceLabel")}</span>
          {formatEuros(course.priceCents)}
        </span>{" "}
        {course.originalPriceCents > course.priceCents ? (
          <del className="course-price__before">
            <span className="visually-hidden">{t("catalogue.card.beforeLabel")}</span>
            {formatEuros(course.originalPriceCents)}
          </del>
        ) : null}
      </p>
      <p className="course-price__financing">
        {t("catalogue.card.financing", { amount: monthlyFinancingText(course.priceCents) })}
      </p>
    </div>
  );
}

/**
 * `enrolled`: the signed-in buyer already has a place (no add button, a link to Mis cursos).
 * `priority`: the first card of a list, whose image is the page's largest paint on a phone.
 */
export function CourseCard({
  course,
  headingLevel = 3,
  enrolled = false,
  priority = false,
}: {
  course: Course;
  headingLevel?: 2 | 3;
  enrolled?: boolean;
  priority?: boolean;
}) {
  const t = useT();
  const href = useLocalHref();
  const Heading = `h${headingLevel}` as const;
  const titleId = `curso-${course.id}`;
  return (
    <article
      className={`course-card${course.highlighted ? " course-card--highlighted" : ""}`}
      aria-labelledby={titleId}
    >
      <div className="course-card__media">
        <ZoomableImage
          name={courseImageName(course.image)}
          alt={t("catalogue.card.imageAlt", { title: course.title })}
          sizes="(min-width: 1140px) 550px, (min-width: 700px) 48vw, 92vw"
          className="course-card__img"
          priority={priority}
          deferred
        />
        {course.highlighted ? <span className="course-badge">{t("catalogue.card.badge")}</span> : null}
      </div>
      <div className="course-card__body">
        <p className="course-level">{course.level}</p>
        <Heading id={titleId} className="course-card__title">
          <Link to={href(coursePath(course.id))}>{course.title}</Link>
        </Heading>
        <p className="course-card__description">{course.description}</p>
        <ul className="course-features">
          {course.features.slice(0, 3).map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <CourseOffer course={course} enrolled={enrolled} />
      </div>
    </article>
  );
}

/** Facts, price and the two buttons: the same on the card and on the course page. */
/** `addFormId`: the id of the add-to-cart form, for edition radios elsewhere on the page. */
export function CourseOffer({
  course,
  addFormId,
  enrolled = false,
}: {
  course: Course;
  addFormId?: string;
  enrolled?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const href = useLocalHref();
  return (
    <>
      <ul className="course-facts">
        <li>
          <span className="visually-hidden">{t("catalogue.card.durationLabel")}</span>
          {course.duration}
        </li>
        <li>{t("catalogue.card.classSize", { n: course.classSize })}</li>
        <li>{t("catalogue.card.nextEdition", { date: nextEditionText(t, locale, course) })}</li>
      </ul>
      <CoursePrice course={course} />
      <div className="course-card__actions">
        {enrolled ? <EnrolledNote title={course.title} /> : <AddToCartButton course={course} formId={addFormId} />}
        <MoreInfoLink title={course.title} to={href(coursePath(course.id))} />
      </div>
    </>
  );
}

/** In place of the add button for a course the buyer already has. */
export function EnrolledNote({ title }: { title: string }) {
  const t = useT();
  const href = useLocalHref();
  return (
    <p className="course-enrolled">
      <strong>{t("catalogue.card.enrolled")}</strong>{" "}
      <Link to={href("/mis-cursos")}>
        {t("catalogue.card.viewInMyCourses")}
        <span className="visually-hidden">: {title}</span>
      </Link>
    </p>
  );
}
