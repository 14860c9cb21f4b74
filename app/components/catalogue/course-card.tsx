import { Link } from "react-router";
import { AddToCartButton } from "~/components/cart/add-to-cart.tsx";
import { ZoomableImage } from "~/components/image-modal.tsx";
import { HIGHLIGHT_BADGE, type Course } from "~/domain/course.ts";
import { nextDateText } from "~/domain/edition-dates.ts";
import { formatEuros, monthlyFinancingText } from "~/domain/pricing.ts";
import { courseImageName, MoreInfoLink } from "./course-bits.tsx";
import { coursePath } from "./course-jsonld.ts";

/** Price, struck original price and the financing note of a course card. */
function CoursePrice({ course }: { course: Pick<Course, "priceCents" | "originalPriceCents"> }) {
  return (
    <div className="course-price">
      <p className="course-price__amounts">
        <span className="course-price__now">
          <span className="visually-hidden">Precio: </span>
          {formatEuros(course.priceCents)}
        </span>{" "}
        {course.originalPriceCents > course.priceCents ? (
          <del className="course-price__before">
            <span className="visually-hidden">Antes: </span>
            {formatEuros(course.originalPriceCents)}
          </del>
        ) : null}
      </p>
      <p className="course-price__financing">financia desde {monthlyFinancingText(course.priceCents)} sin intereses</p>
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
          alt={`Curso ${course.title}`}
          sizes="(min-width: 1140px) 550px, (min-width: 700px) 48vw, 92vw"
          className="course-card__img"
          priority={priority}
          deferred
        />
        {course.highlighted ? <span className="course-badge">{HIGHLIGHT_BADGE}</span> : null}
      </div>
      <div className="course-card__body">
        <p className="course-level">{course.level}</p>
        <Heading id={titleId} className="course-card__title">
          <Link to={coursePath(course.id)}>{course.title}</Link>
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
  return (
    <>
      <ul className="course-facts">
        <li>
          <span className="visually-hidden">Duración: </span>
          {course.duration}
        </li>
        <li>Máx. {course.classSize} alumnos</li>
        <li>Próxima convocatoria: {nextDateText(course)}</li>
      </ul>
      <CoursePrice course={course} />
      <div className="course-card__actions">
        {enrolled ? <EnrolledNote title={course.title} /> : <AddToCartButton course={course} formId={addFormId} />}
        <MoreInfoLink title={course.title} to={coursePath(course.id)} />
      </div>
    </>
  );
}

/** In place of the add button for a course the buyer already has. */
export function EnrolledNote({ title }: { title: string }) {
  return (
    <p className="course-enrolled">
      <strong>Ya estás inscrita</strong>{" "}
      <Link to="/mis-cursos">
        Ver en Mis cursos<span className="visually-hidden">: {title}</span>
      </Link>
    </p>
  );
}
