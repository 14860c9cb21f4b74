/**
 * The staff's product form (/gestion/productos…) and its stock adjustment:
 * what each field must hold, with the Spanish message shown under it. Pure:
 * the server validates every submission here; the page reuses the limits and
 * labels. Prices are typed in euros ("12,50") and read by the shared parser
 * (~/domain/euros.ts) into integer cents, VAT included.
 *
 * Whether a product may be sold below zero is the owner's call: her form
 * posts `allowNegativeStock` ("0" or "1"); anyone else's form does not carry
 * the field at all, so a missing one means "leave it as it is".
 */
import { centsToEurosInput, parseEuros } from "../domain/euros.ts";
import { formErrors } from "../domain/form-errors.ts";
import { z } from "../lib/zod.ts";
import { COUNTER_VAT_RATES_BP, MAX_LINE_CENTS } from "./sale-math.ts";

export type VatRateBp = (typeof COUNTER_VAT_RATES_BP)[number];

export const PRODUCT_LIMITS = {
  nameMax: 80,
  barcodeMax: 64,
  /** Whole units on the shelf when the product is created. */
  stockMax: 99_999,
  /** Most units one adjustment may add or take away. */
  deltaMax: 99_999,
  reasonMax: 120,
  /** A typo guard: the most a line may be at the counter (10.000 €). */
  priceMaxCents: MAX_LINE_CENTS,
} as const;

/** The edit page posts its details or a stock adjustment: which one, by `intent`. */
export const PRODUCT_SAVE_INTENT = "guardar";
export const STOCK_ADJUST_INTENT = "ajustar-existencias";

/** At or below this many units (and above zero) the list marks a product as running low. */
export const LOW_STOCK_UNITS = 2;

/** The VAT rates as the form's choices say them. */
export const VAT_RATE_LABELS: Record<VatRateBp, string> = {
  2100: "21 % (general)",
  1000: "10 % (reducido)",
  400: "4 % (superreducido)",
};

/** "21 %": a rate in basis points as the list shows it. */
export function vatRateText(bp: number): string {
  const percent = bp / 100;
  return `${Number.isInteger(percent) ? percent : String(percent).replace(".", ",")} %`;
}

/** Reasons offered for a stock adjustment (any other text is accepted too). */
export const STOCK_REASON_SUGGESTIONS = ["Recuento", "Rotura", "Entrada de mercancía", "Caducado", "Uso en cabina"];

export const PRODUCT_MESSAGES = {
  name: "Escribe el nombre del producto",
  nameLong: `El nombre admite como mucho ${PRODUCT_LIMITS.nameMax} caracteres`,
  nameCaLong: `El nombre en catalán admite como mucho ${PRODUCT_LIMITS.nameMax} caracteres`,
  price: "Escribe el precio",
  priceZero: "El precio debe ser mayor que 0 €",
  priceMax: "El precio admite como mucho 10.000 €",
  vatRate: "Elige el IVA: 21 %, 10 % o 4 %",
  stock: `Las existencias son unidades enteras, entre 0 y ${PRODUCT_LIMITS.stockMax}`,
  barcode: `El código de barras admite solo letras y números, como mucho ${PRODUCT_LIMITS.barcodeMax}`,
  barcodeTaken: "Ya hay otro producto con ese código de barras",
  allowNegativeStock: "Elige si se puede vender sin existencias",
  ownerOnly: "Solo la propietaria puede permitir vender un producto sin existencias",
  delta: `Escribe cuántas unidades añadir (por ejemplo 5) o quitar (por ejemplo -2), como mucho ${PRODUCT_LIMITS.deltaMax}`,
  reason: "Escribe el motivo del ajuste, por ejemplo «Recuento» o «Rotura»",
  reasonLong: `El motivo admite como mucho ${PRODUCT_LIMITS.reasonMax} caracteres`,
} as const;

/** One line: trimmed, runs of spaces and line breaks made one space. */
const oneLine = (value: string) => value.replace(/\s+/gu, " ").trim();

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "1");

const productFieldsSchema = z.object({
  name: z
    .string({ error: PRODUCT_MESSAGES.name })
    .max(PRODUCT_LIMITS.nameMax * 4, PRODUCT_MESSAGES.nameLong)
    .transform(oneLine)
    .pipe(z.string().min(1, PRODUCT_MESSAGES.name).max(PRODUCT_LIMITS.nameMax, PRODUCT_MESSAGES.nameLong)),
  /** Empty: the Catalan ticket shows the Spanish name. */
  nameCa: z
    .string()
    .max(PRODUCT_LIMITS.nameMax * 4, PRODUCT_MESSAGES.nameCaLong)
    .optional()
    .transform((value) => oneLine(value ?? ""))
    .refine((value) => value.length <= PRODUCT_LIMITS.nameMax, PRODUCT_MESSAGES.nameCaLong)
    .transform((value) => (value === "" ? null : value)),
  price: z.string({ error: PRODUCT_MESSAGES.price }).transform((value, ctx) => {
    const result = parseEuros(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    if (result.cents === 0) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.priceZero });
      return z.NEVER;
    }
    if (result.cents > PRODUCT_LIMITS.priceMaxCents) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.priceMax });
      return z.NEVER;
    }
    return result.cents;
  }),
  vatRate: z
    .string({ error: PRODUCT_MESSAGES.vatRate })
    .transform(Number)
    .refine((n): n is VatRateBp => (COUNTER_VAT_RATES_BP as readonly number[]).includes(n), PRODUCT_MESSAGES.vatRate)
    .transform((n) => n as VatRateBp),
  /** Empty: no barcode. */
  barcode: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine(
      (value) => value.length <= PRODUCT_LIMITS.barcodeMax && /^[A-Za-z0-9]*$/u.test(value),
      PRODUCT_MESSAGES.barcode,
    )
    .transform((value) => (value === "" ? null : value)),
  /** Absent: not the owner's form, the stored choice stays. */
  allowNegativeStock: z
    .enum(["0", "1"], { error: PRODUCT_MESSAGES.allowNegativeStock })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "1")),
  active: checkbox,
});

const stockField = z
  .string({ error: PRODUCT_MESSAGES.stock })
  .trim()
  .regex(/^\d{1,5}$/u, PRODUCT_MESSAGES.stock)
  .transform(Number)
  .refine((n) => n <= PRODUCT_LIMITS.stockMax, PRODUCT_MESSAGES.stock);

export interface ProductInput {
  name: string;
  /** null: the Catalan ticket shows the Spanish name. */
  nameCa: string | null;
  /** VAT included. */
  priceCents: number;
  vatRateBp: VatRateBp;
  barcode: string | null;
  /** undefined: not the owner's form, keep what is stored (a new product: not allowed). */
  allowNegativeStock: boolean | undefined;
  active: boolean;
}

/** A new product also says how many units are on the shelf. */
export interface NewProductInput extends ProductInput {
  stock: number;
}

type Parsed<T> = { ok: true; input: T } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

/** The posted values to show again: each capped, never the whole of a huge paste. */
function echo(values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) out[key] = value.slice(0, 400);
  return out;
}

function toInput(s: z.infer<typeof productFieldsSchema>): ProductInput {
  return {
    name: s.name,
    nameCa: s.nameCa,
    priceCents: s.price,
    vatRateBp: s.vatRate,
    barcode: s.barcode,
    allowNegativeStock: s.allowNegativeStock,
    active: s.active,
  };
}

/** A posted edit of a product (its stock changes only through an adjustment). */
export function parseProductForm(values: Record<string, string>): Parsed<ProductInput> {
  const parsed = productFieldsSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: formErrors(parsed.error), values: echo(values) };
  return { ok: true, input: toInput(parsed.data) };
}

/** A posted new product: the same fields and its starting stock; every field's error at once. */
export function parseNewProductForm(values: Record<string, string>): Parsed<NewProductInput> {
  const fields = productFieldsSchema.safeParse(values);
  const stock = stockField.safeParse(values.stock ?? "");
  if (!fields.success || !stock.success) {
    return {
      ok: false,
      errors: {
        ...(fields.success ? {} : formErrors(fields.error)),
        ...(stock.success ? {} : { stock: stock.error.issues[0]?.message ?? PRODUCT_MESSAGES.stock }),
      },
      values: echo(values),
    };
  }
  return { ok: true, input: { ...toInput(fields.data), stock: stock.data } };
}

const stockAdjustmentSchema = z.object({
  delta: z
    .string({ error: PRODUCT_MESSAGES.delta })
    .trim()
    .regex(/^[+\-−]?\s*\d{1,5}$/u, PRODUCT_MESSAGES.delta)
    .transform((v) => {
      const n = Number(v.replace(/[\s+]/gu, "").replace("−", "-"));
      return n === 0 ? 0 : n; // no -0
    })
    .refine((n) => n !== 0 && Math.abs(n) <= PRODUCT_LIMITS.deltaMax, PRODUCT_MESSAGES.delta),
  reason: z
    .string({ error: PRODUCT_MESSAGES.reason })
    .max(PRODUCT_LIMITS.reasonMax * 4, PRODUCT_MESSAGES.reasonLong)
    .transform(oneLine)
    .pipe(z.string().min(1, PRODUCT_MESSAGES.reason).max(PRODUCT_LIMITS.reasonMax, PRODUCT_MESSAGES.reasonLong)),
});

export interface StockAdjustmentInput {
  /** Units added (positive) or taken away (negative); never 0. */
  delta: number;
  reason: string;
}

/** A posted stock adjustment: "+5" / "5" / "-2" units and why. */
export function parseStockAdjustment(values: Record<string, string>): Parsed<StockAdjustmentInput> {
  const parsed = stockAdjustmentSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: formErrors(parsed.error), values: echo(values) };
  return { ok: true, input: parsed.data };
}

/** A stored product as its form shows it. */
export function productFormValues(p: {
  name: string;
  nameCa: string | null;
  priceCents: number;
  vatRateBp: number;
  barcode: string | null;
  allowNegativeStock: boolean;
  active: boolean;
}): Record<string, string> {
  return {
    name: p.name,
    nameCa: p.nameCa ?? "",
    price: centsToEurosInput(p.priceCents),
    vatRate: String(p.vatRateBp),
    barcode: p.barcode ?? "",
    allowNegativeStock: p.allowNegativeStock ? "1" : "0",
    active: p.active ? "on" : "",
  };
}

/** The values of a new product's empty form. */
export const NEW_PRODUCT_VALUES: Readonly<Record<string, string>> = {
  vatRate: "2100",
  stock: "0",
  allowNegativeStock: "0",
  active: "on",
};

export type StockLevel = "out" | "low" | "ok";

/** How the list marks a stock: none left (zero or below), running low, or fine. */
export function stockLevel(stock: number): StockLevel {
  if (stock <= 0) return "out";
  return stock <= LOW_STOCK_UNITS ? "low" : "ok";
}
