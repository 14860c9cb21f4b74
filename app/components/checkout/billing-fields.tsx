import { useEffect, useState } from "react";
import { Field } from "~/components/auth/field.tsx";
import {
  BILLING_MAX_LENGTH,
  WANTS_FULL_INVOICE_FIELD,
  type BillingField,
  type BillingFieldErrors,
  type BillingFormValues,
} from "~/domain/billing-details.ts";
import { useT } from "~/i18n/react.tsx";

/** The fields' labels and hints, in the page's language (the checkout's and the profile's loaders send "checkout.billing"). */
interface BillingTexts {
  labels: Record<BillingField, string>;
  taxIdHint: string;
  postalCodeHint: string;
}

function useBillingTexts(): BillingTexts {
  const t = useT();
  return {
    labels: {
      billingName: t("checkout.billing.label.billingName"),
      billingTaxId: t("checkout.billing.label.billingTaxId"),
      billingAddress: t("checkout.billing.label.billingAddress"),
      billingPostalCode: t("checkout.billing.label.billingPostalCode"),
      billingCity: t("checkout.billing.label.billingCity"),
    },
    taxIdHint: t("checkout.billing.hint.taxId"),
    postalCodeHint: t("checkout.billing.hint.postalCode"),
  };
}

const INPUTS: Record<BillingField, { autoComplete: string; inputMode?: "numeric" }> = {
  billingName: { autoComplete: "billing name" },
  billingTaxId: { autoComplete: "off" },
  billingAddress: { autoComplete: "billing address-line1" },
  billingPostalCode: { autoComplete: "billing postal-code", inputMode: "numeric" },
  billingCity: { autoComplete: "billing address-level2" },
};

function Inputs({
  values,
  errors,
  needed,
  texts,
}: {
  values: BillingFormValues;
  errors: BillingFieldErrors;
  needed: boolean;
  texts: BillingTexts;
}) {
  const field = (name: BillingField, hint?: string) => (
    <Field
      name={name}
      label={texts.labels[name]}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
      hint={hint}
      required={needed}
      // A little room over the limit, so a pasted value with spaces still fits and is cleaned by the server.
      maxLength={BILLING_MAX_LENGTH[name] + 20}
      {...INPUTS[name]}
    />
  );
  return (
    <>
      {field("billingName")}
      {field("billingTaxId", texts.taxIdHint)}
      {field("billingAddress")}
      <div className="auth-form__row">
        {field("billingPostalCode", texts.postalCodeHint)}
        {field("billingCity")}
      </div>
    </>
  );
}

/**
 * "Datos de facturación" at checkout: above 400 € the fields are required (the
 * law's factura completa) and the box is not shown; otherwise the buyer ticks
 * "Quiero factura completa". Without JavaScript the fields are always there and
 * the server reads them only when the box is ticked; with it, they hide while
 * the box is clear.
 */
export function CheckoutBillingFields({
  required,
  wantsFullInvoice,
  values,
  errors,
  disabled,
}: {
  required: boolean;
  wantsFullInvoice: boolean;
  values: BillingFormValues;
  errors: BillingFieldErrors;
  disabled?: boolean;
}) {
  const t = useT();
  const texts = useBillingTexts();
  const [wants, setWants] = useState(wantsFullInvoice);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setWants(wantsFullInvoice), [wantsFullInvoice]);
  const needed = required || wants;
  return (
    <fieldset className="checkout-invoice" disabled={disabled} aria-describedby="billing-hint">
      <legend>{t("checkout.billing.legend")}</legend>
      {required ? (
        <p className="checkout-note" id="billing-hint">
          {t("checkout.billing.requiredNotice")}
        </p>
      ) : (
        <>
          <div className="checkout-check">
            <input
              id="wants-full-invoice"
              type="checkbox"
              name={WANTS_FULL_INVOICE_FIELD}
              checked={wants}
              onChange={(e) => setWants(e.currentTarget.checked)}
            />
            <label htmlFor="wants-full-invoice">{t("checkout.billing.wants")}</label>
          </div>
          <p className="checkout-note" id="billing-hint">
            {t("checkout.billing.simplified")}
            {hydrated ? null : ` ${t("checkout.billing.noScript")}`}
          </p>
        </>
      )}
      <div hidden={hydrated && !needed}>
        <Inputs values={values} errors={errors} needed={needed} texts={texts} />
      </div>
    </fieldset>
  );
}

/** The same fields in the profile: all optional together (all empty clears them). */
export function ProfileBillingFields({ values, errors }: { values: BillingFormValues; errors: BillingFieldErrors }) {
  const texts = useBillingTexts();
  return <Inputs values={values} errors={errors} needed={false} texts={texts} />;
}
