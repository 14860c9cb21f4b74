import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FieldError, FormAlert } from "~/components/auth/field.tsx";
import { CheckoutBillingFields } from "~/components/checkout/billing-fields.tsx";
import { CheckoutSummary, MethodIcon } from "~/components/checkout/checkout-summary.tsx";
import { lineEditionPayable } from "~/domain/cart.ts";
import { editionFieldName } from "~/domain/checkout-lines.ts";
import { euroText } from "~/domain/es-format.ts";
import { DEFAULT_PAYMENT_METHOD, isPaymentMethodKey, type PaymentMethodKey } from "~/domain/payment-methods.ts";
import { WITHDRAWAL_FORM_PATH } from "~/domain/withdrawal.ts";
import { localeOfPath } from "~/i18n/locales.ts";
import { translator, type Translate } from "~/i18n/messages.ts";
import { Rich, useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/checkout";
import { checkoutAction, loadCheckout } from "./checkout.server.ts";

export const meta: Route.MetaFunction = ({ matches, params, loaderData, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title:
      loaderData?.lines.length === 1
        ? t("checkout.meta.titleOne", { title: loaderData.lines[0]!.course.title })
        : loaderData
          ? t("checkout.meta.titleMany")
          : t("checkout.meta.titleFallback"),
    description: t("checkout.meta.description"),
    path: params.courseId ? `/checkout/${params.courseId}` : "/checkout",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

/** "Pagar 650,00 €" for card (the one money format), otherwise "Continuar con Klarna - Paga en 3". */
function payButtonLabel(t: Translate, method: { key: PaymentMethodKey; name: string }, totalCents: number): string {
  return method.key === "card"
    ? t("checkout.pay.card", { amount: euroText(totalCents) })
    : t("checkout.pay.other", { method: method.name });
}

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
  const t = useT();
  const href = useLocalHref();
  const chosen = methods.find((m) => m.key === method) ?? { key: method, name: method };

  return (
    <section className="container section checkout-page">
      <h1>{t("checkout.title")}</h1>
      <div className="checkout-layout">
        <CheckoutSummary
          lines={lines}
          originalCents={loaderData.originalCents}
          discountCents={loaderData.discountCents}
          totalCents={totalCents}
        />

        <Form method="post" className="checkout-form card" aria-labelledby="pago-titulo" noValidate>
          <h2 id="pago-titulo">{t("checkout.form.title")}</h2>
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
            <legend>{t("checkout.method.legend")}</legend>
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
            <p className="checkout-note">{t("checkout.note.card")}</p>
          ) : (
            <p className="checkout-note">{t("checkout.note.financing")}</p>
          )}

          <section className="checkout-billing" aria-labelledby="comprador">
            <h3 id="comprador">{t("checkout.buyer.title")}</h3>
            <dl>
              <div>
                <dt>{t("checkout.buyer.name")}</dt>
                <dd>{buyer.name}</dd>
              </div>
              <div>
                <dt>{t("checkout.buyer.email")}</dt>
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
            <legend className="visually-hidden">{t("checkout.consents.legend")}</legend>
            <div className="checkout-check">
              <input
                id="terms"
                type="checkbox"
                name="terms"
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? "terms-error" : undefined}
              />
              <label htmlFor="terms">
                <Rich
                  t={t}
                  k="checkout.consents.terms"
                  tags={{
                    terms: (c) => <Link to={href("/terms")}>{c}</Link>,
                    privacy: (c) => <Link to={href("/privacy")}>{c}</Link>,
                  }}
                />
              </label>
              {errors.terms ? <FieldError id="terms-error">{errors.terms}</FieldError> : null}
            </div>
            <p className="checkout-note" id="withdrawal-info">
              {t("checkout.withdrawal.info")}{" "}
              <Link to={href(WITHDRAWAL_FORM_PATH)}>{t("checkout.withdrawal.link")}</Link>.
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
                <label htmlFor="waiver">{t("checkout.waiver.label")}</label>
                <p className="checkout-note" id="waiver-hint">
                  {t("checkout.waiver.hint")}
                </p>
                {errors.waiver ? <FieldError id="waiver-error">{errors.waiver}</FieldError> : null}
              </div>
            ) : null}
          </fieldset>

          <FormAlert message={errors.form} />
          {blocked.length > 0 ? (
            <p className="checkout-blocked" id="checkout-blocked">
              {t("checkout.blocked", {
                titles: blocked.map((l) => `«${l.course.title}»`).join(t("checkout.titlesAnd")),
              })}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn checkout-pay"
            disabled={busy || blocked.length > 0}
            aria-describedby={blocked.length > 0 ? "checkout-blocked" : undefined}
          >
            {busy ? t("checkout.processing") : payButtonLabel(t, chosen, totalCents)}
          </button>
          <p className="checkout-guarantee">
            <span className="checkout-guarantee__badge">{t("checkout.guarantee.badge")}</span>{" "}
            {t("checkout.guarantee.text")}
          </p>
        </Form>
      </div>
    </section>
  );
}
