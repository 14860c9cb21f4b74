/**
 * The buyer's billing details for a factura completa (issue 13): name, NIF/NIE/CIF
 * (checked with its control letter or digit) and a Spanish address. A factura
 * simplificada is allowed only up to 400 € VAT included, so above that the
 * details are required whatever the buyer ticked; below, only when she asks for
 * a factura completa. The checkout form, the profile form, the JSON API and
 * createOrder (which re-checks whatever arrived) all use these rules. Pure.
 *
 * Spain only: the postal code must be a Spanish one (5 digits, province 01–52).
 * The academy's buyers attend in Molins de Rei; a foreign address (and a foreign
 * VAT number) would need its own fields and rules, left for when one asks.
 */
import type { MessageKey } from "~/i18n/messages.ts";
import { requiresFullInvoice } from "./invoice-math.ts";
import { cleanFormText, isSpanishPostalCode } from "./form-text.ts";
import { validateTaxId, type TaxIdProblem } from "./tax-id.ts";

export interface BillingDetails {
  /** A person's full name or a company's name. */
  name: string;
  /** NIF, NIE or CIF, normalized (upper case, no separators, no "ES" prefix). */
  taxId: string;
  /** Street and number. */
  address: string;
  postalCode: string;
  city: string;
}

/** The form fields (checkout, profile) and the JSON API's `billing` keys. */
export const BILLING_FIELDS = [
  "billingName",
  "billingTaxId",
  "billingAddress",
  "billingPostalCode",
  "billingCity",
] as const;

export type BillingField = (typeof BILLING_FIELDS)[number];
export type BillingFormValues = Partial<Record<BillingField, string>>;
/** A field's error as a catalogue key ("checkout.billing.error.*"): the reader's language words it (app/payments/billing-errors.ts). */
export type BillingErrorKey = Extract<MessageKey, `checkout.billing.error.${string}`>;
export type BillingErrorKeys = Partial<Record<BillingField, BillingErrorKey>>;
/** The errors as a form shows them, worded. */
export type BillingFieldErrors = Partial<Record<BillingField, string>>;

/** The checkout's checkbox (name="wantsFullInvoice", value "on"). */
export const WANTS_FULL_INVOICE_FIELD = "wantsFullInvoice";
export const WANTS_FULL_INVOICE_LABEL = "Quiero factura completa (con mis datos fiscales)";
export const FULL_INVOICE_REQUIRED_NOTICE =
  "Para compras de más de 400 € la ley exige factura completa: necesitamos tus datos fiscales.";
/** createOrder's refusal of an order above 400 € without valid details (the browser was bypassed). */
export const BILLING_REQUIRED_MESSAGE =
  "Para compras de más de 400 € la ley exige factura completa: indica tu nombre, NIF, NIE o CIF y dirección.";
/** createOrder's refusal of details that do not pass these rules (likewise). */
export const BILLING_INVALID_MESSAGE =
  "Los datos de facturación no son válidos: revisa el nombre, el NIF, NIE o CIF y la dirección.";

export const BILLING_FIELD_LABELS: Record<BillingField, string> = {
  billingName: "Nombre y apellidos o razón social",
  billingTaxId: "NIF, NIE o CIF",
  billingAddress: "Dirección (calle y número)",
  billingPostalCode: "Código postal",
  billingCity: "Población",
};

export const BILLING_MAX_LENGTH: Record<BillingField, number> = {
  billingName: 120,
  billingTaxId: 20,
  billingAddress: 160,
  billingPostalCode: 5,
  billingCity: 80,
};

const EMPTY: Record<BillingField, BillingErrorKey> = {
  billingName: "checkout.billing.error.nameEmpty",
  billingTaxId: "checkout.billing.error.taxIdEmpty",
  billingAddress: "checkout.billing.error.addressEmpty",
  billingPostalCode: "checkout.billing.error.postalCodeEmpty",
  billingCity: "checkout.billing.error.cityEmpty",
};

const INVALID: Record<BillingField, BillingErrorKey> = {
  billingName: "checkout.billing.error.nameInvalid",
  billingTaxId: "checkout.billing.error.taxIdFormat",
  billingAddress: "checkout.billing.error.addressInvalid",
  billingPostalCode: "checkout.billing.error.postalCodeInvalid",
  billingCity: "checkout.billing.error.cityInvalid",
};

const TAX_ID_PROBLEM: Record<TaxIdProblem, BillingErrorKey> = {
  empty: "checkout.billing.error.taxIdEmpty",
  format: "checkout.billing.error.taxIdFormat",
  check: "checkout.billing.error.taxIdCheck",
};

/** Anything longer than this is refused before any other work (pasted garbage). */
const HARD_LIMIT = 1_000;

type BillingFormResult =
  | { ok: true; details: BillingDetails | null; values: BillingFormValues }
  | { ok: false; errors: BillingErrorKeys; values: BillingFormValues };

/**
 * Checks the billing fields as typed. `required`: every field must be valid.
 * Not required: all empty gives `details: null` (nothing to save, or the
 * profile's details cleared), but a field filled in makes all of them needed,
 * since half an address is no use on an invoice. `values` are what to show
 * back in the form (cleaned, cut to a sane length).
 */
export function parseBillingForm(input: Readonly<Record<string, unknown>>, options: { required: boolean }): BillingFormResult {
  const values: BillingFormValues = {};
  const errors: BillingErrorKeys = {};
  for (const field of BILLING_FIELDS) {
    const raw = input[field] ?? "";
    values[field] = typeof raw === "string" && raw.length <= HARD_LIMIT ? cleanFormText(raw) : "";
    // A number, an object or a pasted book is not a value anyone typed in this field.
    if (typeof raw !== "string") errors[field] = INVALID[field];
    else if (raw.length > HARD_LIMIT) errors[field] = tooLong(field);
  }
  const anyFilled = BILLING_FIELDS.some((f) => values[f] !== "");
  if (!options.required && !anyFilled && Object.keys(errors).length === 0) return { ok: true, details: null, values };

  for (const field of BILLING_FIELDS) {
    const value = values[field] ?? "";
    if (errors[field]) continue;
    if (value === "") errors[field] = EMPTY[field];
    else if (field !== "billingTaxId" && field !== "billingPostalCode" && value.length > BILLING_MAX_LENGTH[field]) {
      errors[field] = tooLong(field);
    }
  }
  if (values.billingTaxId) {
    const id = validateTaxId(values.billingTaxId);
    if (id.ok) values.billingTaxId = id.value;
    else errors.billingTaxId = TAX_ID_PROBLEM[id.problem];
  }
  if (values.billingPostalCode) {
    const code = values.billingPostalCode.replace(/\s/gu, "");
    values.billingPostalCode = code.slice(0, 20);
    if (!isSpanishPostalCode(code)) errors.billingPostalCode = INVALID.billingPostalCode;
  }
  // Echo at most a little past the limit, so an error page never carries a megabyte back.
  for (const field of BILLING_FIELDS) values[field] = (values[field] ?? "").slice(0, BILLING_MAX_LENGTH[field] + 40);
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return {
    ok: true,
    values,
    details: {
      name: values.billingName!,
      taxId: values.billingTaxId!,
      address: values.billingAddress!,
      postalCode: values.billingPostalCode!,
      city: values.billingCity!,
    },
  };
}

/** Too long: "Como mucho {max} caracteres." (max: BILLING_MAX_LENGTH), or not an id / a postal code at all. */
function tooLong(field: BillingField): BillingErrorKey {
  if (field === "billingTaxId" || field === "billingPostalCode") return INVALID[field];
  return "checkout.billing.error.tooLong";
}

/**
 * Whether the buyer must give her details: always above 400 € (VAT included,
 * the server's total), otherwise only when she ticked the factura completa box.
 */
export function billingRequired(totalCents: number, wantsFullInvoice: boolean): boolean {
  return requiresFullInvoice(totalCents) || wantsFullInvoice;
}

/** The form values of saved details (to prefill a form); empty when there are none. */
export function billingFormValues(details: BillingDetails | null | undefined): BillingFormValues {
  return {
    billingName: details?.name ?? "",
    billingTaxId: details?.taxId ?? "",
    billingAddress: details?.address ?? "",
    billingPostalCode: details?.postalCode ?? "",
    billingCity: details?.city ?? "",
  };
}

/**
 * Re-checks details that arrived from elsewhere (createOrder trusts nothing):
 * the details normalized, or null when any field is missing or invalid.
 */
export function checkBillingDetails(details: BillingDetails | null | undefined): BillingDetails | null {
  if (!details) return null;
  const parsed = parseBillingForm(billingFormValues(details), { required: true });
  return parsed.ok ? parsed.details : null;
}

/** The stored columns (orders.billing_*, users.billing_*) of details, all null when there are none. */
export function billingColumns(details: BillingDetails | null) {
  return {
    billing_name: details?.name ?? null,
    billing_tax_id: details?.taxId ?? null,
    billing_address: details?.address ?? null,
    billing_postal_code: details?.postalCode ?? null,
    billing_city: details?.city ?? null,
  };
}

/** The details stored on an order or an account row, or null when it has none. */
export function billingDetailsOf(row: { [K in keyof ReturnType<typeof billingColumns>]: string | null }): BillingDetails | null {
  if (!row.billing_name && !row.billing_tax_id) return null;
  return {
    name: row.billing_name ?? "",
    taxId: row.billing_tax_id ?? "",
    address: row.billing_address ?? "",
    postalCode: row.billing_postal_code ?? "",
    city: row.billing_city ?? "",
  };
}
