import { useEffect, useState } from "react";
import { Field } from "~/components/auth/field.tsx";
import {
  BILLING_FIELD_LABELS,
  BILLING_MAX_LENGTH,
  FULL_INVOICE_REQUIRED_NOTICE,
  WANTS_FULL_INVOICE_FIELD,
  WANTS_FULL_INVOICE_LABEL,
  type BillingField,
  type BillingFieldErrors,
  type BillingFormValues,
} from "~/domain/billing-details.ts";

const INPUTS: Record<BillingField, { autoComplete: string; inputMode?: "numeric" }> = {
  billingName: { autoComplete: "billing name" },
  billingTaxId: { autoComplete: "off" },
  billingAddress: { autoComplete: "billing address-line1" },
  billingPostalCode: { autoComplete: "billing postal-code", inputMode: "numeric" },
  billingCity: { autoComplete: "billing address-level2" },
};

function Inputs({ values, errors, needed }: { values: BillingFormValues; errors: BillingFieldErrors; needed: boolean }) {
  const field = (name: BillingField, hint?: string) => (
    <Field
      name={name}
      label={BILLING_FIELD_LABELS[name]}
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
      {field("billingTaxId", "Con su letra o dígito de control, por ejemplo 12345678Z.")}
      {field("billingAddress")}
      <div className="auth-form__row">
        {field("billingPostalCode", "Solo direcciones en España.")}
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
  const [wants, setWants] = useState(wantsFullInvoice);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setWants(wantsFullInvoice), [wantsFullInvoice]);
  const needed = required || wants;
  return (
    <fieldset className="checkout-invoice" disabled={disabled} aria-describedby="billing-hint">
      <legend>Datos de facturación</legend>
      {required ? (
        <p className="checkout-note" id="billing-hint">
          {FULL_INVOICE_REQUIRED_NOTICE}
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
            <label htmlFor="wants-full-invoice">{WANTS_FULL_INVOICE_LABEL}</label>
          </div>
          <p className="checkout-note" id="billing-hint">
            Si no, recibirás una factura simplificada.
            {hydrated ? null : " Rellena estos datos solo si marcas la casilla."}
          </p>
        </>
      )}
      <div hidden={hydrated && !needed}>
        <Inputs values={values} errors={errors} needed={needed} />
      </div>
    </fieldset>
  );
}

/** The same fields in the profile: all optional together (all empty clears them). */
export function ProfileBillingFields({ values, errors }: { values: BillingFormValues; errors: BillingFieldErrors }) {
  return <Inputs values={values} errors={errors} needed={false} />;
}
