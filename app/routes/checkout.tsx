import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FieldError, FormAlert } from "~/components/auth/field.tsx";
import { CheckoutBillingFields } from "~/components/checkout/billing-fields.tsx";
import { CheckoutSummary, MethodIcon } from "~/components/checkout/checkout-summary.tsx";
import { lineEditionPayable } from "~/domain/cart.ts";
import { editionFieldName } from "~/domain/checkout-lines.ts";
import {
  DEFAULT_PAYMENT_METHOD,
  isPaymentMethodKey,
  payButtonLabel,
  type PaymentMethodKey,
} from "~/domain/payment-methods.ts";
import { EARLY_START_LABEL, WITHDRAWAL_FORM_PATH, WITHDRAWAL_INFO } from "~/domain/withdrawal.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/checkout";
import { checkoutAction, loadCheckout } from "./checkout.server.ts";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title:
      loaderData?.lines.length === 1
        ? `Pagar ${loaderData.lines[0]!.course.title}`
        : loaderData
          ? "Pagar tus cursos"
          : "Pago del curso",
    description:
      "Paga tu formación de forma segura con tarjeta o en cuotas sin intereses con Klarna, SeQura o Scalapay.",
    path: params.courseId ? `/checkout/${params.courseId}` : "/checkout",
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
  const { lines, methods, buyer, withdrawalEnds, cursos, totalCents, billing } = loaderData;
  // The server decides from its own dates; the box is offered when a chosen edition starts that soon.
  const soon = lines.some((l) => l.edition.kind === "chosen" && l.edition.edition.startsOn <= withdrawalEnds);
  // A line whose edition can no longer be booked must get another on its course page first.
  const blocked = lines.filter((l) => !lineEditionPayable(l.edition));
  const errors = actionData?.errors ?? {};
  const previous = actionData?.values?.method;
  const initial: PaymentMethodKey =
    isPaymentMethodKey(previous) && methods.some((m) => m.key === previous) ? previous : DEFAULT_PAYMENT_METHOD;
  const [method, setMethod] = useState<PaymentMethodKey>(initial);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  return (
    <section className="container section checkout-page">
      <h1>Finalizar compra</h1>
      <div className="checkout-layout">
        <CheckoutSummary
          lines={lines}
          originalCents={loaderData.originalCents}
          discountCents={loaderData.discountCents}
          totalCents={totalCents}
        />

        <Form method="post" className="checkout-form card" aria-labelledby="pago-titulo" noValidate>
          <h2 id="pago-titulo">Pago</h2>
          {cursos ? <input type="hidden" name="cursos" value={cursos} /> : null}
          {/* The editions chosen on the course pages, shown in the summary; the server checks each again. */}
          {lines.map(({ course, edition }) =>
            edition.kind === "chosen" ? (
              <input
                key={course.id}
                type="hidden"
                name={editionFieldName(course.id, lines.length)}
                value={edition.edition.id}
              />
            ) : null,
          )}
          {errors.edition ? <FormAlert message={errors.edition} /> : null}
          <fieldset
            className="checkout-methods"
            disabled={busy}
            aria-describedby={errors.method ? "method-error" : undefined}
          >
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

          <section className="checkout-billing" aria-labelledby="comprador">
            <h3 id="comprador">Tus datos</h3>
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

          <CheckoutBillingFields
            required={billing.required}
            // After a refused submit: what was sent; else the saved details, and the box ticked when there are some.
            wantsFullInvoice={
              actionData?.values ? actionData.values.wantsFullInvoice : Boolean(billing.values.billingTaxId)
            }
            values={actionData?.values?.billing ?? billing.values}
            errors={errors}
            disabled={busy}
          />

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
              {WITHDRAWAL_INFO} <Link to={WITHDRAWAL_FORM_PATH}>Derecho de desistimiento y formulario</Link>.
            </p>
            {soon ? (
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
                  Obligatorio: la formación empieza antes de que acabe tu plazo de desistimiento.
                </p>
                {errors.waiver ? <FieldError id="waiver-error">{errors.waiver}</FieldError> : null}
              </div>
            ) : null}
          </fieldset>

          <FormAlert message={errors.form} />
          {blocked.length > 0 ? (
            <p className="checkout-blocked" id="checkout-blocked">
              Antes de pagar, elige otra fecha para {blocked.map((l) => `«${l.course.title}»`).join(" y ")}.
            </p>
          ) : null}
          <button
            type="submit"
            className="btn checkout-pay"
            disabled={busy || blocked.length > 0}
            aria-describedby={blocked.length > 0 ? "checkout-blocked" : undefined}
          >
            {busy ? "Procesando..." : payButtonLabel(method, totalCents)}
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
