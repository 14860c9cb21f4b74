/**
 * The payment methods the site offers (card, Klarna, SeQura, Scalapay) and their amount bounds. Shared by the
 * checkout page (what to offer, how to label the button) and the server (what
 * it accepts). Every method is a Stripe Checkout `allowed_payment_method_types`
 * value, so the key goes straight to the provider.
 *
 * Bounds are in cents of EUR, inclusive:
 * - Klarna "Paga en 3": 100–150000 (1 € – 1.500 €).
 * - SeQura: 2900–300000. seQura's own limits in Spain start at 29 € for the
 *   3-instalment plan and stop at 3.000 € per purchase; below 29 € none of its
 *   3/6/9/12 plans is offered, so we do not show it.
 * - Scalapay: 500–499999. Scalapay's limits for Pay in 3/4 are 5 € to
 *   4.999,99 € per purchase.
 * Card has no bounds of its own (Stripe's 0,50 € minimum is below any course).
 * If a provider changes its limits, change them here only.
 */
import { euroText } from "./es-format.ts";

export const PAYMENT_METHOD_KEYS = ["card", "klarna", "sequra", "scalapay"] as const;
export type PaymentMethodKey = (typeof PAYMENT_METHOD_KEYS)[number];

interface PaymentMethod {
  key: PaymentMethodKey;
  name: string;
  description: string;
  /** Decorative icon next to the name (the name always carries the meaning): a card or a split payment. */
  icon: "card" | "instalments";
  /** Inclusive lower bound in cents. */
  minAmount?: number;
  /** Inclusive upper bound in cents. */
  maxAmount?: number;
}

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { key: "card", name: "Tarjeta de crédito o débito", description: "Pago único con tarjeta", icon: "card" },
  {
    key: "klarna",
    name: "Klarna - Paga en 3",
    description: "Sin intereses: hoy, 30 días, 60 días",
    icon: "instalments",
    minAmount: 100,
    maxAmount: 150000,
  },
  {
    key: "sequra",
    name: "SeQura",
    description: "Financia en 3, 6, 9 o 12 cuotas sin intereses",
    icon: "instalments",
    minAmount: 2900,
    maxAmount: 300000,
  },
  {
    key: "scalapay",
    name: "Scalapay",
    description: "Paga en 3 o 4 cuotas sin intereses",
    icon: "instalments",
    minAmount: 500,
    maxAmount: 499999,
  },
];

export const DEFAULT_PAYMENT_METHOD: PaymentMethodKey = "card";

export function isPaymentMethodKey(value: unknown): value is PaymentMethodKey {
  return typeof value === "string" && (PAYMENT_METHOD_KEYS as readonly string[]).includes(value);
}

export function paymentMethod(key: PaymentMethodKey): PaymentMethod {
  // The catalogue holds every key of the union, so find() always succeeds.
  return PAYMENT_METHODS.find((m) => m.key === key)!;
}

/** Display name for a stored method key; unknown keys (old data) show as they are. */
/** How a sale at the salon's counter was paid (app/counter), as the staff pages and the orders' export name it. */
export const COUNTER_METHOD_NAMES: Readonly<Record<string, string>> = {
  cash: "Efectivo",
  "card-terminal": "Tarjeta (datáfono)",
  bizum: "Bizum",
  split: "Pago combinado",
};

export function paymentMethodName(key: string): string {
  if (isPaymentMethodKey(key)) return paymentMethod(key).name;
  return Object.hasOwn(COUNTER_METHOD_NAMES, key) ? COUNTER_METHOD_NAMES[key]! : key;
}

export function isWithinBounds(method: PaymentMethod, amountCents: number): boolean {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return false;
  if (method.minAmount !== undefined && amountCents < method.minAmount) return false;
  if (method.maxAmount !== undefined && amountCents > method.maxAmount) return false;
  return true;
}

/** Methods that may pay this amount, in catalogue order (card first). */
export function availableMethods(amountCents: number): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => isWithinBounds(m, amountCents));
}

/** "Pagar 650,00 €" for card (the one money format), otherwise "Continuar con Klarna - Paga en 3". */
export function payButtonLabel(method: PaymentMethodKey, priceCents: number): string {
  if (method === "card") return `Pagar ${euroText(priceCents)}`;
  return `Continuar con ${paymentMethod(method).name}`;
}
