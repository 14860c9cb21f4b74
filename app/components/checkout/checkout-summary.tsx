import { ChosenEdition } from "~/components/catalogue/chosen-edition.tsx";
import { courseImageName } from "~/components/catalogue/course-bits.tsx";
import { Picture } from "~/components/picture.tsx";
import type { LineEdition } from "~/domain/cart.ts";
import type { Course } from "~/domain/course.ts";
import { euroText } from "~/domain/es-format.ts";
import { formatEuros, monthlyFinancingEuros } from "~/domain/pricing.ts";
import { useT } from "~/i18n/react.tsx";

type SummaryCourse = Pick<
  Course,
  "id" | "title" | "image" | "level" | "duration" | "classSize" | "features" | "priceCents" | "originalPriceCents"
>;

/**
 * The order summary of the checkout page: one course in full (picture, the
 * edition chosen, what you will learn), several as a list with each one's
 * edition; then original price, discount and total.
 */
export function CheckoutSummary({
  lines,
  originalCents,
  discountCents,
  totalCents,
}: {
  lines: readonly { course: SummaryCourse; edition: LineEdition }[];
  originalCents: number;
  discountCents: number;
  totalCents: number;
}) {
  const t = useT();
  const [only] = lines;
  const single = lines.length === 1 && only ? only : null;
  return (
    <section className="checkout-summary card" aria-labelledby="resumen-curso">
      {single ? (
        <>
          <Picture
            name={courseImageName(single.course.image)}
            alt=""
            sizes="(min-width: 900px) 480px, 100vw"
            className="checkout-summary__img"
          />
          <h2 id="resumen-curso">{single.course.title}</h2>
          <CourseFacts course={single.course} />
          <ChosenEdition
            course={single.course}
            line={single.edition}
            className="checkout-summary__edition chosen-edition"
          />
          <h3>{t("checkout.summary.learn")}</h3>
          <ul className="checkout-summary__features">
            {single.course.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <h2 id="resumen-curso">{t("checkout.summary.many", { n: lines.length })}</h2>
          <ul className="checkout-summary__lines">
            {lines.map(({ course, edition }) => (
              <li key={course.id} className="checkout-summary__line">
                <h3>{course.title}</h3>
                <CourseFacts course={course} />
                <ChosenEdition course={course} line={edition} className="checkout-summary__edition chosen-edition" />
                <p className="checkout-summary__line-price">
                  {course.originalPriceCents > course.priceCents ? (
                    <>
                      <del>
                        <span className="visually-hidden">{t("checkout.summary.before")} </span>
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
          <dt>{t("checkout.summary.original")}</dt>
          <dd>
            <del>{formatEuros(originalCents)}</del>
          </dd>
        </div>
        <div>
          <dt>{t("checkout.summary.discount")}</dt>
          <dd>−{formatEuros(discountCents)}</dd>
        </div>
        <div className="checkout-summary__total">
          <dt>{t("checkout.summary.total")}</dt>
          <dd>{formatEuros(totalCents)}</dd>
        </div>
      </dl>
      <p className="checkout-summary__financing">
        {t("checkout.summary.financing", { amount: euroText(monthlyFinancingEuros(totalCents) * 100) })}
      </p>
    </section>
  );
}

function CourseFacts({ course }: { course: Pick<Course, "level" | "duration" | "classSize"> }) {
  const t = useT();
  return (
    <p className="checkout-summary__meta">
      <span>{course.level}</span> · <span>{course.duration}</span> ·{" "}
      <span>{t("checkout.summary.maxStudents", { n: course.classSize })}</span>
    </p>
  );
}

/** Decorative: a card, or a calendar of instalments for the financing methods. */
export function MethodIcon({ kind }: { kind: "card" | "instalments" }) {
  return (
    <svg
      className="checkout-method__icon"
      aria-hidden="true"
      focusable="false"
      width="28"
      height="28"
      viewBox="0 0 28 28"
    >
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
