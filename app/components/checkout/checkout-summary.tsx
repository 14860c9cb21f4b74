import { courseImageName } from "~/components/catalogue/course-bits.tsx";
import { Picture } from "~/components/picture.tsx";
import type { Course } from "~/domain/course.ts";
import { nextDateText } from "~/domain/edition-dates.ts";
import { formatEuros, monthlyFinancingEuros } from "~/domain/pricing.ts";

type SummaryCourse = Pick<
  Course,
  "id" | "title" | "image" | "level" | "duration" | "classSize" | "features" | "nextEdition" | "priceCents" | "originalPriceCents"
>;

/**
 * The order summary of the checkout page: one course in full (picture, what you
 * will learn), several as a list; then original price, discount and total.
 */
export function CheckoutSummary({
  courses,
  originalCents,
  discountCents,
  totalCents,
}: {
  courses: readonly SummaryCourse[];
  originalCents: number;
  discountCents: number;
  totalCents: number;
}) {
  const [only] = courses;
  const single = courses.length === 1 && only ? only : null;
  return (
    <section className="checkout-summary card" aria-labelledby="resumen-curso">
      {single ? (
        <>
          <Picture name={courseImageName(single.image)} alt="" sizes="(min-width: 900px) 480px, 100vw" className="checkout-summary__img" />
          <h2 id="resumen-curso">{single.title}</h2>
          <CourseFacts course={single} />
          <p className="checkout-summary__next">
            Próxima convocatoria:{" "}
            <strong>{nextDateText(single)}</strong>
          </p>
          <h3>Qué aprenderás</h3>
          <ul className="checkout-summary__features">
            {single.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <h2 id="resumen-curso">Resumen del pedido ({courses.length} cursos)</h2>
          <ul className="checkout-summary__lines">
            {courses.map((course) => (
              <li key={course.id} className="checkout-summary__line">
                <h3>{course.title}</h3>
                <CourseFacts course={course} />
                <p className="checkout-summary__line-price">
                  {course.originalPriceCents > course.priceCents ? (
                    <>
                      <del>
                        <span className="visually-hidden">Antes: </span>
                        {formatEuros(course.originalPriceCents)}
                      </del>{" "}
                    </>
                  ) : null}
                  <strong>{formatEuros(course.priceCents)}</strong>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      <dl className="checkout-summary__prices">
        <div>
          <dt>Precio original</dt>
          <dd>
            <del>{formatEuros(originalCents)}</del>
          </dd>
        </div>
        <div>
          <dt>Descuento</dt>
          <dd>−{formatEuros(discountCents)}</dd>
        </div>
        <div className="checkout-summary__total">
          <dt>Total</dt>
          <dd>{formatEuros(totalCents)}</dd>
        </div>
      </dl>
      <p className="checkout-summary__financing">O financia desde {monthlyFinancingEuros(totalCents)}€/mes sin intereses.</p>
    </section>
  );
}

function CourseFacts({ course }: { course: Pick<Course, "level" | "duration" | "classSize"> }) {
  return (
    <p className="checkout-summary__meta">
      <span>{course.level}</span> · <span>{course.duration}</span> · <span>Máx. {course.classSize} alumnos</span>
    </p>
  );
}

/** Decorative: a card, or a calendar of instalments for the financing methods. */
export function MethodIcon({ kind }: { kind: "card" | "instalments" }) {
  return (
    <svg className="checkout-method__icon" aria-hidden="true" focusable="false" width="28" height="28" viewBox="0 0 28 28">
      {kind === "card" ? (
        <>
          <rect x="2" y="6" width="24" height="16" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M2 11h24" stroke="currentColor" strokeWidth="3" />
          <path d="M6 17h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </>
      ) : (
        <>
          <rect x="3" y="5" width="22" height="19" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M3 11h22M9 3v4M19 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <path d="M8 16h3M12.5 16h3M17 16h3" stroke="currentColor" strokeWidth="3" />
        </>
      )}
    </svg>
  );
}
