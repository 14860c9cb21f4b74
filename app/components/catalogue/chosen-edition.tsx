import { Link } from "react-router";
import { site } from "~/content/site.ts";
import type { LineEdition } from "~/domain/cart.ts";
import { editionDatesText, UNDATED_EDITION_NOTICE } from "~/domain/edition-dates.ts";
import { coursePath } from "./course-jsonld.ts";

/** The id of the course page's section where the edition is chosen (the one place it is). */
export const EDITION_CHOICE_ANCHOR = "convocatorias";

/** The course page, at its choice of edition: where every "Cambiar fecha" leads. */
export function editionChoicePath(courseId: string): string {
  return `${coursePath(courseId)}#${EDITION_CHOICE_ANCHOR}`;
}

/**
 * A cart or checkout line's edition, as chosen on the course page: its dates,
 * schedule and place, with a link back to that page to change it. A chosen
 * edition that can no longer be booked, or a course whose editions are all
 * full, says so and links to the course page to choose another.
 */
export function ChosenEdition({
  course,
  line,
  className = "chosen-edition",
}: {
  course: { id: string; title: string };
  line: LineEdition;
  className?: string;
}) {
  const forCourse = <span className="visually-hidden"> de {course.title}</span>;
  switch (line.kind) {
    case "chosen": {
      const { edition } = line;
      return (
        <div className={className}>
          <dl className="chosen-edition__facts">
            <div>
              <dt>Convocatoria{forCourse}</dt>
              <dd>{editionDatesText(edition.startsOn, edition.endsOn)}</dd>
            </div>
            {edition.schedule ? (
              <div>
                <dt>Horario</dt>
                <dd>{edition.schedule}</dd>
              </div>
            ) : null}
            <div>
              <dt>Lugar</dt>
              <dd>{site.address.full}</dd>
            </div>
          </dl>
          <Link to={editionChoicePath(course.id)} className="chosen-edition__change">
            Cambiar fecha{forCourse}
          </Link>
        </div>
      );
    }
    case "unavailable":
    case "sold-out":
      return (
        <div className={`${className} chosen-edition--problem`}>
          <p className="chosen-edition__problem">
            {line.kind === "unavailable"
              ? "La fecha que elegiste ya no está disponible: se ha completado o se ha cerrado la inscripción."
              : "Completo: no quedan plazas en ninguna convocatoria."}
          </p>
          <Link to={editionChoicePath(course.id)} className="chosen-edition__change">
            {line.kind === "unavailable" ? "Elegir otra fecha" : "Ver las convocatorias"}
            {forCourse}
          </Link>
        </div>
      );
    case "undated":
      return (
        <div className={className}>
          <p>{UNDATED_EDITION_NOTICE}.</p>
        </div>
      );
  }
}
