import { Link, useActionData } from "react-router";
import { ChangeEditionForm } from "~/components/cart/add-to-cart.tsx";
import { useCart } from "~/components/cart/cart-context.tsx";
import { EDITION_CHOICE_ANCHOR } from "~/components/catalogue/chosen-edition.tsx";
import { courseImageName } from "~/components/catalogue/course-bits.tsx";
import { CourseOffer, EnrolledNote } from "~/components/catalogue/course-card.tsx";
import { coursePageJsonLd, coursePath } from "~/components/catalogue/course-jsonld.ts";
import { defaultEditionId, EditionChoices } from "~/components/catalogue/edition-choices.tsx";
import { WaitlistForm, type WaitlistFormState } from "~/components/catalogue/waitlist-form.tsx";
import { ZoomableImage } from "~/components/image-modal.tsx";
import { imageUrl } from "~/components/picture.tsx";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import { getOptionalUser } from "~/auth/session.server.ts";
import { nextEditionText } from "~/components/catalogue/course-text.ts";
import { isBookable, unavailableLabel } from "~/domain/course.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import { jsonLd, pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/curso";
import { loadCoursePage } from "./curso.server.ts";
import { waitlistJoinAction, type WaitlistActionData } from "~/waitlist/join.server.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  return {
    ...(await loadCoursePage(getServices(context).db, params.id, await getOptionalUser(request, context), locale)),
    messages: messagesFor(locale, ["catalogue"]),
  };
}

/** POST: "Avísame si queda una plaza" on a full edition (the add-to-cart form posts to the cart). */
export async function action({ request, context, params }: Route.ActionArgs) {
  return waitlistJoinAction(request, context, params.id);
}

/** The action's answer, for the one edition's form it concerns. */
function waitlistState(answer: WaitlistActionData | undefined, editionId: string): WaitlistFormState {
  if (!answer) return {};
  if ("waitlist" in answer) return answer.waitlist.editionId === editionId ? { result: answer.waitlist } : {};
  return answer.editionId === editionId ? { errors: answer.waitlistErrors, email: answer.email } : {};
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  // A 404 has no loader data: the root's "common" slice has no word for it, so the Spanish title stays.
  if (!loaderData) return [{ title: `Página no encontrada · ${site.name}` }];
  const { course, editions } = loaderData;
  const t = translator(locale, loaderData.messages);
  const origin = rootOrigin(matches);
  return [
    ...pageMeta({
      title: t("catalogue.course.meta.title", { title: course.title, duration: course.duration }),
      description: t("catalogue.course.meta.description", {
        description: course.description,
        date: nextEditionText(t, locale, course),
      }),
      path: coursePath(course.id),
      origin,
      image: imageUrl(courseImageName(course.image), 1200, "jpeg"),
      type: "product",
      locale,
    }),
    jsonLd(coursePageJsonLd(course, editions.filter(isBookable), origin, locale)),
  ];
};

export default function Curso({ loaderData }: Route.ComponentProps) {
  const { course, editions, enrolled, buyerEmail } = loaderData;
  const answer = useActionData<typeof action>();
  const cart = useCart();
  const t = useT();
  const href = useLocalHref();
  const full = enrolled ? [] : editions.filter((e) => unavailableLabel(e) === "Completo");
  // An answer for an edition no longer listed as full (e.g. "not-full") still shows under its own form.
  const answered = answer && "waitlist" in answer ? answer.waitlist.editionId : answer?.editionId;
  const waitlisted = editions.filter((e) => full.includes(e) || (!enrolled && e.id === answered));
  // This page is the one place the edition is chosen (the cart and checkout show it, with a link
  // back here). The radios belong to the add-to-cart form at the top (form attribute), or, for a
  // course already in the cart, to the form that changes its edition: no JavaScript needed.
  const formId = `anadir-${course.id}`;
  const changeFormId = `cambiar-${course.id}`;
  const inCart = cart.loaded ? cart.items.find((i) => i.id === course.id) : undefined;
  const selected = defaultEditionId(editions, inCart?.editionId);
  // The cart's edition can no longer be booked: the radios mark another, to be saved.
  const cartEditionGone = Boolean(inCart?.editionId) && selected !== inCart?.editionId;
  return (
    <>
      <nav className="container breadcrumbs" aria-label={t("catalogue.course.breadcrumbs")}>
        <ol>
          <li>
            <Link to={href("/")}>{t("catalogue.course.home")}</Link>
          </li>
          <li>
            <Link to={href("/formaciones")}>{t("catalogue.course.courses")}</Link>
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
            alt={t("catalogue.card.imageAlt", { title: course.title })}
            sizes="(min-width: 900px) 520px, 92vw"
            className="course-detail__img"
            priority
          />
          {course.highlighted ? <span className="course-badge">{t("catalogue.card.badge")}</span> : null}
        </div>
        <div className="course-detail__summary">
          <p className="course-level">{course.level}</p>
          <h1>{course.title}</h1>
          <p className="course-detail__lead">{course.description}</p>
          <CourseOffer course={course} addFormId={formId} enrolled={enrolled} />
        </div>
      </section>

      <section className="section section--blush" aria-labelledby="temario-titulo">
        <div className="container">
          <h2 id="temario-titulo">{t("catalogue.course.learn")}</h2>
          <ul className="course-features course-features--all">
            {course.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" id={EDITION_CHOICE_ANCHOR} aria-labelledby="convocatorias-titulo">
        <div className="container">
          <h2 id="convocatorias-titulo">{t("catalogue.course.editions")}</h2>
          {editions.length > 0 ? (
            <>
              <EditionChoices
                key={selected ?? "ninguna"}
                editions={editions}
                selected={selected}
                form={enrolled ? undefined : inCart ? changeFormId : formId}
                legend={t("catalogue.course.chooseDate")}
              />
              {enrolled ? (
                <EnrolledNote title={course.title} />
              ) : inCart ? (
                <>
                  <p>
                    {cartEditionGone ? t("catalogue.course.inCartGone") : t("catalogue.course.inCart")}{" "}
                    <Link to={href("/carrito")}>{t("catalogue.course.viewCart")}</Link>
                  </p>
                  {selected ? <ChangeEditionForm course={course} formId={changeFormId} /> : null}
                </>
              ) : selected ? (
                <p>
                  <button type="submit" form={formId} className="btn">
                    {t("catalogue.course.reserve")}
                    <span className="visually-hidden">: {course.title}</span>
                  </button>
                </p>
              ) : null}
            </>
          ) : (
            <p>{t("catalogue.course.noDates")}</p>
          )}
          {waitlisted.length > 0 ? (
            <div className="waitlist">
              <p>{t("catalogue.course.waitlistIntro")}</p>
              {waitlisted.map((edition) => (
                <WaitlistForm
                  key={edition.id}
                  edition={edition}
                  buyerEmail={buyerEmail}
                  state={waitlistState(answer, edition.id)}
                />
              ))}
            </div>
          ) : null}
          <p className="muted">{t("catalogue.course.noFit")}</p>
          <p>
            <Link to={href("/formaciones")}>{t("catalogue.course.allCourses")}</Link>
          </p>
        </div>
      </section>
    </>
  );
}
