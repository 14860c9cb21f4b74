/**
 * The seller's legal identity (issue 13): who issues the invoices and who the
 * legal pages name as the site's owner (LSSI-CE art. 10). One set of fields,
 * kept in Gestión (/gestion/datos-fiscales) or in the configuration (SELLER_*),
 * read by app/invoices/seller.server.ts. Pure: validation and what is missing.
 */
import { cleanFormText, isSpanishPostalCode, POSTAL_CODE_MESSAGE } from "./form-text.ts";
import { validateTaxId } from "./tax-id.ts";

export interface SellerData {
  /** A person's full name or a company's name. */
  legalName: string;
  nif: string;
  /** Street and number of the fiscal address. */
  address: string;
  postalCode: string;
  city: string;
  province: string;
  /** Registro Mercantil entry, for a company; empty for a self-employed person. */
  registry: string;
  /** The invoice series prefix ("AN" → AN2026-000001, rectificativas ANR2026-000001). */
  seriesPrefix: string;
}

export const SELLER_FIELDS = [
  "legalName",
  "nif",
  "address",
  "postalCode",
  "city",
  "province",
  "registry",
  "seriesPrefix",
] as const satisfies readonly (keyof SellerData)[];

export type SellerField = (typeof SELLER_FIELDS)[number];

/** What an invoice cannot be issued without (RD 1619/2012 art. 6.1). */
const REQUIRED_SELLER_FIELDS = ["legalName", "nif", "address", "postalCode", "city", "province"] as const;

export type RequiredSellerField = (typeof REQUIRED_SELLER_FIELDS)[number];

const isRequired = (field: SellerField): field is RequiredSellerField =>
  (REQUIRED_SELLER_FIELDS as readonly SellerField[]).includes(field);

/** The error of a required field left empty in Gestión. */
export const SELLER_REQUIRED_MESSAGES: Record<RequiredSellerField, string> = {
  legalName: "Escribe el nombre y apellidos o la razón social.",
  nif: "Escribe el NIF.",
  address: "Escribe la dirección fiscal: calle y número.",
  postalCode: "Escribe el código postal.",
  city: "Escribe el municipio.",
  province: "Escribe la provincia.",
};

export const SELLER_FIELD_LABELS: Record<SellerField, string> = {
  legalName: "Nombre y apellidos o razón social",
  nif: "NIF",
  address: "Dirección fiscal (calle y número)",
  postalCode: "Código postal",
  city: "Municipio",
  province: "Provincia",
  registry: "Datos registrales",
  seriesPrefix: "Prefijo de la serie de facturas",
};

export const DEFAULT_SERIES_PREFIX = "AN";

const MAX_LENGTH: Record<SellerField, number> = {
  legalName: 120,
  nif: 20,
  address: 160,
  postalCode: 5,
  city: 80,
  province: 80,
  registry: 250,
  seriesPrefix: 6,
};

/** The required fields still empty, in form order. */
export function missingSellerFields(data: Partial<SellerData>): RequiredSellerField[] {
  return REQUIRED_SELLER_FIELDS.filter((field) => !data[field]?.trim());
}

type SellerValues = Partial<Record<SellerField, string>>;
type SellerErrors = Partial<Record<SellerField, string>>;

type SellerFormResult = { ok: true; data: SellerData } | { ok: false; errors: SellerErrors; values: SellerValues };

/**
 * Cleans and checks the given fields (the others are left out): a filled field
 * must be valid: the NIF's check letter or digit, a Spanish postal code, a short
 * series prefix of capitals and digits.
 */
function checkSellerFields(input: Partial<Record<SellerField, unknown>>, fields: readonly SellerField[]) {
  const values: SellerValues = {};
  const errors: SellerErrors = {};
  for (const field of fields) {
    const raw = input[field];
    const value = typeof raw === "string" ? cleanFormText(raw) : "";
    values[field] = value;
    if (value.length > MAX_LENGTH[field] && field !== "nif" && field !== "postalCode") {
      errors[field] = `Como mucho ${MAX_LENGTH[field]} caracteres.`;
    }
  }
  if (values.nif) {
    const id = validateTaxId(values.nif);
    if (id.ok) values.nif = id.value;
    else errors.nif = id.message;
  }
  if (values.postalCode && !isSpanishPostalCode(values.postalCode)) errors.postalCode = POSTAL_CODE_MESSAGE;
  if (values.seriesPrefix !== undefined) {
    const prefix = values.seriesPrefix.toUpperCase();
    values.seriesPrefix = prefix;
    if (prefix && !/^[A-Z][A-Z0-9]{0,5}$/.test(prefix)) {
      errors.seriesPrefix = "El prefijo empieza por una letra y lleva solo letras y cifras (hasta 6), por ejemplo AN.";
    }
  }
  return { values, errors };
}

/**
 * Checks the SELLER_* configuration. Empty fields are allowed (Gestión may
 * supply them; `missingSellerFields` says what invoices still wait for).
 */
export function parseSellerForm(input: Partial<Record<SellerField, unknown>>): SellerFormResult {
  const { values, errors } = checkSellerFields(input, SELLER_FIELDS);
  const prefix = values.seriesPrefix ?? "";
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return {
    ok: true,
    data: {
      legalName: values.legalName ?? "",
      nif: values.nif ?? "",
      address: values.address ?? "",
      postalCode: values.postalCode ?? "",
      city: values.city ?? "",
      province: values.province ?? "",
      registry: values.registry ?? "",
      seriesPrefix: prefix || DEFAULT_SERIES_PREFIX,
    },
  };
}

type SellerUpdateResult =
  { ok: true; changes: Partial<SellerData> } | { ok: false; errors: SellerErrors; values: SellerValues };

/**
 * Checks what the owner sent from Gestión, as a change to the stored data:
 * only the fields the form carried (a field it did not carry keeps its value,
 * app/invoices/seller.server.ts merges). Each must be valid, and a required one
 * may not be sent empty; an optional one may (the registry; an empty series
 * prefix is AN). A form that carries none of the fields is refused with the
 * required fields' errors: a save never stores nothing.
 */
export function parseSellerUpdate(input: Partial<Record<SellerField, unknown>>): SellerUpdateResult {
  const given = SELLER_FIELDS.filter((field) => typeof input[field] === "string");
  const { values, errors } = checkSellerFields(input, given);
  for (const field of given.length > 0 ? given : REQUIRED_SELLER_FIELDS) {
    if (isRequired(field) && !values[field] && !errors[field]) errors[field] = SELLER_REQUIRED_MESSAGES[field];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  const changes: Partial<SellerData> = { ...values };
  if (changes.seriesPrefix === "") changes.seriesPrefix = DEFAULT_SERIES_PREFIX;
  return { ok: true, changes };
}

/** "Calle Major 1, 08750 Molins de Rei (Barcelona)". */
export function sellerAddressLine(data: Pick<SellerData, "address" | "postalCode" | "city" | "province">): string {
  const place = [data.postalCode, data.city].filter(Boolean).join(" ");
  const province = data.province && data.province !== data.city ? ` (${data.province})` : "";
  return [data.address, place].filter(Boolean).join(", ") + (place ? province : "");
}
