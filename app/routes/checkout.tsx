import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FieldError, FormAlert } from "~/components/auth/field.tsx";
import { courseImageName } from "~/components/catalogue/course-bits.tsx";
import { defaultEditionId, EditionChoices } from "~/components/catalogue/edition-choices.tsx";
import { Picture } from "~/components/picture.tsx";
import { DEFAULT_PAYMENT_METHOD, isPaymentMethodKey, payButtonLabel, type PaymentMethodKey } from "~/domain/payment-methods.ts";
import { discountCents, formatEuros, formatLongDate, formatMonthYear, monthlyFinancingEuros } from "~/domain/pricing.ts";
import { EARLY_START_LABEL, WITHDRAWAL_FORM_PATH, WITHDRAWAL_INFO } from "~/domain/withdrawal.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/checkout";
import { checkoutAction, loadCheckout } from "./checkout.server.ts";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title: loaderData ? `Pagar ${loaderData.course.title}` : "Pago del curso",
    description: "Paga tu formación de forma segura con tarjeta o en cuotas sin intereses con Klarna, SeQura o Scalapay.",
    path: `/checkout/${params.courseId}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadCheckout(context, params.courseId, new URL(request.url));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return checkoutAction(request, context, params.courseId);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { course, methods, buyer, editions, wantedEdition, withdrawalEnds } = loaderData;
  // The server decides from its own dates; the box is offered when any edition on offer starts that soon.
  const soon = editions.filter((e) => e.startsOn <= withdrawalEnds);
  const errors = actionData?.errors ?? {};
  const edition = defaultEditionId(editions, actionData?.values?.edition || wantedEdition);
  const previous = actionData?.values?.method;
  const initial: PaymentMethodKey =
    isPaymentMethodKey(previous) && methods.some((m) => m.key === previous) ? previous : DEFAULT_PAYMENT_METHOD;
  const [method, setMethod] = useState<PaymentMethodKey>(initial);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const discount = discountCents(course);

  return (
    <section className="container section checkout-page">
      <h1>Finalizar compra</h1>
      <div className="checkout-layout">
        <section className="checkout-summary card" aria-labelledby="resumen-curso">
          <Picture name={courseImageName(course.image)} alt="" sizes="(min-width: 900px) 480px, 100vw" className="checkout-summary__img" />
          <h2 id="resumen-curso">{course.title}</h2>
          <p className="checkout-summary__meta">
            <span>{course.level}</span> · <span>{course.duration}</span> · <span>Máx. {course.classSize} alumnos</span>
          </p>
          <p className="checkout-summary__next">
            Próxima convocatoria:{" "}
            <strong>{course.nextEdition ? formatMonthYear(course.nextEdition.startsOn) : "nuevas fechas próximamente"}</strong>
          </p>
          <h3>Qué aprenderás</h3>
          <ul className="checkout-summary__features">
            {course.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <dl className="checkout-summary__prices">
            <div>
              <dt>Precio original</dt>
              <dd>
                <del>{formatEuros(course.originalPriceCents)}</del>
              </dd>
            </div>
            <div>
              <dt>Descuento</dt>
              <dd>−{formatEuros(discount)}</dd>
            </div>
            <div className="checkout-summary__total">
              <dt>Total</dt>
              <dd>{formatEuros(course.priceCents)}</dd>
            </div>
          </dl>
          <p className="checkout-summary__financing">
            O financia desde {monthlyFinancingEuros(course.priceCents)}€/mes sin intereses.
          </p>
        </section>

        <Form method="post" className="checkout-form card" aria-labelledby="pago-titulo" noValidate>
          <h2 id="pago-titulo">Pago</h2>
          {editions.length > 0 ? (
            <div className="checkout-editions">
              <EditionChoices
                key={edition ?? "ninguna"}
                editions={editions}
                selected={edition}
                legend="Convocatoria"
                errorId={errors.edition ? "edition-error" : undefined}
              />
              {errors.edition ? <FieldError id="edition-error">{errors.edition}</FieldError> : null}
            </div>
          ) : null}
          <fieldset className="checkout-methods" disabled={busy} aria-describedby={errors.method ? "method-error" : undefined}>
            <legend>Método de pago</legend>
            {methods.map((m) => (
              <label key={m.key} className="checkout-method">
                <input
                  type="radio"
                  name="method"
                  value={m.key}
                  checked={method === m.key}
                  onChange={() => setMethod(m.key)}
                />
                <MethodIcon kind={m.icon} />
                <span className="checkout-method__text">
                  <span className="checkout-method__name">{m.name}</span>
                  <span className="checkout-method__desc">{m.description}</span>
                </span>
              </label>
            ))}
            {errors.method ? <FieldError id="method-error">{errors.method}</FieldError> : null}
          </fieldset>
          {method === "card" ? (
            <p className="checkout-note">
              Introducirás los datos de tu tarjeta en la página de pago segura de Stripe: nunca pasan por nuestra web.
            </p>
          ) : (
            <p className="checkout-note">Te llevaremos a la página segura de pago para completar la financiación.</p>
          )}

          <section className="checkout-billing" aria-labelledby="facturacion">
            <h3 id="facturacion">Datos de facturación</h3>
            <dl>
              <div>
                <dt>Nombre</dt>
                <dd>{buyer.name}</dd>
              </div>
              <div>
                <dt>Correo electrónico</dt>
                <dd>{buyer.email}</dd>
              </div>
            </dl>
          </section>

          <fieldset className="checkout-consents" disabled={busy}>
            <legend className="visually-hidden">Condiciones</legend>
            <div className="checkout-check">
              <input
                id="terms"
                type="checkbox"
                name="terms"
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? "terms-error" : undefined}
              />
              <label htmlFor="terms">
                He leído y acepto los <Link to="/terms">términos y condiciones</Link> y la{" "}
                <Link to="/privacy">política de privacidad</Link>.
              </label>
              {errors.terms ? <FieldError id="terms-error">{errors.terms}</FieldError> : null}
            </div>
            <p className="checkout-note" id="withdrawal-info">
              {WITHDRAWAL_INFO}{" "}
              <Link to={WITHDRAWAL_FORM_PATH}>Derecho de desistimiento y formulario</Link>.
            </p>
            {soon.length > 0 ? (
              <div className="checkout-check">
                <input
                  id="waiver"
                  type="checkbox"
                  name="waiver"
                  aria-invalid={errors.waiver ? true : undefined}
                  aria-describedby={errors.waiver ? "waiver-hint waiver-error" : "waiver-hint"}
                />
                <label htmlFor="waiver">{EARLY_START_LABEL}</label>
                <p className="checkout-note" id="waiver-hint">
                  {soon.length === editions.length
                    ? "Obligatorio: la formación empieza antes de que acabe tu plazo de desistimiento."
                    : `Obligatorio solo si eliges una convocatoria que empieza el ${formatLongDate(withdrawalEnds)} o antes.`}
                </p>
                {errors.waiver ? <FieldError id="waiver-error">{errors.waiver}</FieldError> : null}
              </div>
            ) : null}
          </fieldset>

          <FormAlert message={errors.form} />
          <button type="submit" className="btn checkout-pay" disabled={busy}>
            {busy ? "Procesando..." : payButtonLabel(method, course.priceCents)}
          </button>
          <p className="checkout-guarantee">
            <span className="checkout-guarantee__badge">Garantía 30 días</span> Si el curso no es lo que esperabas, te
            devolvemos el dinero durante los primeros 30 días.
          </p>
        </Form>
      </div>
    </section>
  );
}

/** Decorative: a card, or a calendar of instalments for the financing methods. */
function MethodIcon({ kind }: { kind: "card" | "instalments" }) {
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
