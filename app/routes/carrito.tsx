import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useCart } from "~/components/cart/cart-context.tsx";
import { courseImageName } from "~/components/catalogue/course-bits.tsx";
import { coursePath } from "~/components/catalogue/course-jsonld.ts";
import { Picture } from "~/components/picture.tsx";
import { site } from "~/content/site.ts";
import { ChosenEdition } from "~/components/catalogue/chosen-edition.tsx";
import {
  cartTotalCents,
  lineEdition,
  lineEditionPayable,
  type CatalogueCourse,
  type LineEdition,
} from "~/domain/cart.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { checkoutPath } from "~/domain/checkout-lines.ts";
import { WITHDRAWAL_FORM_PATH } from "~/domain/withdrawal.ts";
import { localeOfPath } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/carrito";
import { loadCartCatalogue } from "./carrito.server.ts";
import { skipQueryOnlyRevalidation } from "~/lib/revalidate.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCartCatalogue(request, context);
}

// Dropping ?add= from the URL must not refetch the catalogue.
export const shouldRevalidate = skipQueryOnlyRevalidation;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("cart.meta.title"),
    description: t("cart.meta.description"),
    path: "/carrito",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

export default function Carrito({ loaderData }: Route.ComponentProps) {
  const cart = useCart();
  const t = useT();
  const href = useLocalHref();
  // A string, so the effect below runs once per ?add= (a new function each render would navigate again and again).
  const cartPath = href("/carrito");
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const addId = searchParams.get("add");
  const addEdition = searchParams.get("edition");
  const [dropped, setDropped] = useState<string[]>([]);
  const { courses, enrolledCourseIds, withdrawalEnds } = loaderData;
  const enrolled = useMemo(() => new Set(enrolledCourseIds), [enrolledCourseIds]);

  // ?add=<id>[&edition=<id>] is how "AÑADIR AL CARRITO" (and the course page's "Cambiar a esta
  // fecha" for a course already here) works before JavaScript has loaded.
  const { loaded, add, setEdition } = cart;
  useEffect(() => {
    if (!loaded || addId === null) return;
    const course = courses.find((c) => c.id === addId);
    // Only an edition the live catalogue offers for that course is kept.
    const editionId = course?.editions.find((e) => e.id === addEdition)?.id ?? null;
    if (course) add(course, editionId);
    if (course && editionId) setEdition(course.id, editionId);
    void navigate(cartPath, { replace: true, preventScrollReset: true });
  }, [loaded, add, setEdition, addId, addEdition, courses, navigate, cartPath]);

  // A course the buyer already has leaves the cart, with a notice (it could not be paid for again).
  const { remove, items } = cart;
  useEffect(() => {
    const owned = items.filter((i) => enrolled.has(i.id));
    if (owned.length === 0) return;
    // Named as the page names the course (the stored title may be in the other language).
    const title = (id: string, stored: string) => courses.find((c) => c.id === id)?.title ?? stored;
    setDropped((prev) => [...new Set([...prev, ...owned.map((i) => title(i.id, i.title))])]);
    for (const item of owned) remove(item.id);
  }, [items, remove, enrolled, courses]);

  // Rows always use live catalogue data: a tampered or stale stored price or edition is never shown.
  const byId = new Map(courses.map((c) => [c.id, c]));
  const rows = cart.items.flatMap((item) => {
    const course = byId.get(item.id);
    return course && !enrolled.has(course.id) ? [{ course, line: lineEdition(course, item.editionId) }] : [];
  });
  const total = cartTotalCents(rows.map((r) => r.course));
  // Shown from the live dates; the server checks again from its own.
  const needsEarlyStart = rows.some((r) => r.line.kind === "chosen" && r.line.edition.startsOn <= withdrawalEnds);
  // A line whose edition cannot be booked must get another before paying (the server would refuse it).
  const blocked = rows.filter((r) => !lineEditionPayable(r.line));
  const droppedNotice =
    dropped.length > 0 ? (
      <p role="status" className="cart-page-notice">
        <Rich
          t={t}
          k="cart.dropped"
          values={{ titles: dropped.map((title) => `«${title}»`).join(", ") }}
          tags={{ link: (c) => <Link to={href("/mis-cursos")}>{c}</Link> }}
        />
      </p>
    ) : null;

  // While the stored cart loads, the page is laid out like the empty cart (the usual
  // outcome), so the swap after hydration moves nothing below the heading.
  if (!cart.loaded || addId !== null) return <EmptyCart loading courses={courses} />;
  if (rows.length === 0) return <EmptyCart notice={droppedNotice} courses={courses} />;

  return (
    <section className="container section cart-page">
      <h1>{t("cart.headingCount", { n: rows.length })}</h1>
      {droppedNotice}
      <div className="cart-layout">
        <ul className="cart-items" aria-label={t("cart.itemsLabel")}>
          {rows.map(({ course, line }) => (
            <CartRow key={course.id} course={course} line={line} onRemove={() => cart.remove(course.id)} />
          ))}
        </ul>
        <aside className="cart-summary" aria-labelledby="resumen-titulo">
          <h2 id="resumen-titulo">{t("cart.summary.title")}</h2>
          <dl className="cart-summary__lines">
            <div>
              <dt>{t("cart.summary.subtotal")}</dt>
              <dd>{formatEuros(total)}</dd>
            </div>
            <div>
              <dt>{t("cart.summary.discounts")}</dt>
              <dd>{formatEuros(0)}</dd>
            </div>
            <div className="cart-summary__total">
              <dt>{t("cart.summary.total")}</dt>
              <dd>{formatEuros(total)}</dd>
            </div>
          </dl>
          <p className="cart-summary__withdrawal">
            {t("cart.withdrawal.info")} <Link to={href(WITHDRAWAL_FORM_PATH)}>{t("cart.withdrawal.link")}</Link>.
          </p>
          {needsEarlyStart ? <p className="cart-summary__withdrawal">{t("cart.earlyStart")}</p> : null}
          {/* The same checkout page as one course's, with every line and the edition chosen for it. */}
          {blocked.length > 0 ? (
            <p className="cart-summary__blocked">
              {t("cart.blocked", { titles: blocked.map((r) => `«${r.course.title}»`).join(t("cart.titlesAnd")) })}
            </p>
          ) : (
            <Link
              className="btn cart-summary__pay"
              to={href(
                checkoutPath(
                  rows.map((r) => ({
                    courseId: r.course.id,
                    editionId: r.line.kind === "chosen" ? r.line.edition.id : null,
                  })),
                ),
              )}
            >
              {t("cart.pay")}
            </Link>
          )}
          <button type="button" className="btn btn--outline" onClick={cart.clear}>
            {t("cart.clear")}
          </button>
          <ul className="cart-summary__notes">
            <li>{t("cart.notes.secure")}</li>
            <li>{t("cart.notes.financing")}</li>
            <li>
              <Rich
                t={t}
                k="cart.notes.questions"
                values={{ phone: site.phone.display }}
                tags={{ link: (c) => <a href={site.phone.href}>{c}</a> }}
              />
            </li>
          </ul>
        </aside>
      </div>
    </section>
  );
}

function CartRow({ course, line, onRemove }: { course: CatalogueCourse; line: LineEdition; onRemove: () => void }) {
  const t = useT();
  const href = useLocalHref();
  return (
    <li className="cart-item">
      <Picture name={courseImageName(course.image)} alt="" sizes="120px" className="cart-item__img" />
      <div className="cart-item__info">
        <h2 className="cart-item__title">
          <Link to={href(coursePath(course.id))}>{course.title}</Link>
        </h2>
        <p className="cart-item__meta">
          <span>{course.level}</span>
          <span>{course.duration}</span>
          <span>{t("cart.row.maxStudents", { n: course.classSize })}</span>
        </p>
      </div>
      {/* A row of its own across the card, under the picture and the title. The edition is
          chosen on the course page only; here it is shown, with the way back to change it. */}
      <ChosenEdition course={course} line={line} className="cart-item__edition chosen-edition" />
      <div className="cart-item__price">
        <p className="cart-item__now">
          <span className="visually-hidden">{t("cart.row.price")} </span>
          {formatEuros(course.priceCents)}
        </p>
        {course.originalPriceCents > course.priceCents ? (
          <p>
            <del className="cart-item__before">
              <span className="visually-hidden">{t("cart.row.before")} </span>
              {formatEuros(course.originalPriceCents)}
            </del>
          </p>
        ) : null}
        <button type="button" className="cart-item__remove" onClick={onRemove}>
          {t("cart.row.remove")}
          <span className="visually-hidden"> {course.title}</span>
        </button>
      </div>
    </li>
  );
}

/** The courses, suggested by the empty cart (and shown while it loads, so nothing moves). */
function CourseSuggestions({ courses }: { courses: CatalogueCourse[] }) {
  const t = useT();
  const href = useLocalHref();
  if (courses.length === 0) return null;
  return (
    <section className="cart-suggestions" aria-labelledby="cart-suggestions-title">
      <h2 id="cart-suggestions-title">{t("cart.suggestions.title")}</h2>
      <ul className="cart-suggestions__list">
        {courses.slice(0, 4).map((course, i) => (
          <li key={course.id} className="cart-suggestion card">
            <Picture
              name={courseImageName(course.image)}
              alt=""
              sizes="(min-width: 1024px) 260px, (min-width: 600px) 45vw, 100vw"
              // On a phone the first suggestion is in the first view and the page's largest
              // paint: fetched at once, not when the lazy loader gets to it; the others wait
              // until the visitor nears them.
              priority={i === 0}
              deferred
              className="cart-suggestion__img"
            />
            <h3 className="cart-suggestion__title">
              <Link to={href(coursePath(course.id))}>{course.title}</Link>
            </h3>
            <p className="cart-suggestion__meta">
              {course.duration} · <strong>{formatEuros(course.priceCents)}</strong>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The empty cart, or the same layout while the stored cart is still loading. */
function EmptyCart({
  loading = false,
  notice = null,
  courses,
}: {
  loading?: boolean;
  notice?: React.ReactNode;
  courses: CatalogueCourse[];
}) {
  const t = useT();
  const href = useLocalHref();
  const emptyTitle = t("cart.empty.title");
  const emptyText = t("cart.empty.text");
  return (
    <section className="container section cart-page cart-empty">
      <h1 className="cart-empty__title">
        {loading ? (
          <>
            <span>{t("cart.heading")}</span>
            {/* Invisible: the empty cart's longer heading, so a line it wraps onto is already there. */}
            <span className="cart-empty__ghost" aria-hidden="true">
              {emptyTitle}
            </span>
          </>
        ) : (
          emptyTitle
        )}
      </h1>
      {notice}
      <div className="cart-empty__lead">
        {loading ? (
          <>
            <p role="status">{t("cart.empty.loading")}</p>
            {/* Invisible: holds the room the empty cart's sentence will take, so the swap moves nothing. */}
            <p className="cart-empty__ghost" aria-hidden="true">
              {emptyText}
            </p>
          </>
        ) : (
          // A new paragraph, not "Cargando…" rewritten: text that changes its start counts as a shift.
          <p key="empty">{emptyText}</p>
        )}
      </div>
      {loading ? (
        <noscript>
          <p>{t("cart.empty.noscript")}</p>
        </noscript>
      ) : null}
      <p>
        <Link className="btn" to={href("/formaciones")}>
          {t("cart.empty.browse")}
        </Link>
      </p>
      <CourseSuggestions courses={courses} />
    </section>
  );
}
