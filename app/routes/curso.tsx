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
import { HIGHLIGHT_BADGE, isBookable, unavailableLabel } from "~/domain/course.ts";
import { nextDateText } from "~/domain/edition-dates.ts";
import { jsonLd, pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/curso";
import { loadCoursePage } from "./curso.server.ts";
import { waitlistJoinAction, type WaitlistActionData } from "~/waitlist/join.server.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadCoursePage(getServices(context).db, params.id, await getOptionalUser(request, context));
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
    jsonLd(coursePageJsonLd(course, editions.filter(isBookable), origin)),
  ];
};

export default function Curso({ loaderData }: Route.ComponentProps) {
  const { course, editions, enrolled, buyerEmail } = loaderData;
  const answer = useActionData<typeof action>();
  const cart = useCart();
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
          {course.highlighted ? <span className="course-badge">{HIGHLIGHT_BADGE}</span> : null}
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
          <h2 id="temario-titulo">Qué aprenderás</h2>
          <ul className="course-features course-features--all">
            {course.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" id={EDITION_CHOICE_ANCHOR} aria-labelledby="convocatorias-titulo">
        <div className="container">
          <h2 id="convocatorias-titulo">Próximas convocatorias</h2>
          {editions.length > 0 ? (
            <>
              <EditionChoices
                key={selected ?? "ninguna"}
                editions={editions}
                selected={selected}
                form={enrolled ? undefined : inCart ? changeFormId : formId}
                legend="Elige la fecha que prefieres"
              />
              {enrolled ? (
                <EnrolledNote title={course.title} />
              ) : inCart ? (
                <>
                  <p>
                    {cartEditionGone
                      ? "Este curso ya está en tu carrito, pero la fecha que elegiste ya no está disponible: elige otra y guárdala."
                      : "Este curso ya está en tu carrito, para la fecha marcada. Si prefieres otra, elígela y guarda el cambio."}{" "}
                    <Link to="/carrito">Ver el carrito</Link>
                  </p>
                  {selected ? <ChangeEditionForm course={course} formId={changeFormId} /> : null}
                </>
              ) : selected ? (
                <p>
                  <button type="submit" form={formId} className="btn">
                    Reservar en la fecha elegida<span className="visually-hidden">: {course.title}</span>
                  </button>
                </p>
              ) : null}
            </>
          ) : (
            <p>Estamos preparando nuevas fechas. Escríbenos por WhatsApp y te avisamos en cuanto se abran.</p>
          )}
          {waitlisted.length > 0 ? (
            <div className="waitlist">
              <p>¿Tu fecha está completa? Déjanos tu correo y te avisamos si alguien deja su plaza.</p>
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
