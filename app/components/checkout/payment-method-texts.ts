/**
 * The payment methods' names and descriptions in the page's language (the
 * catalogue's "checkout.method.*"; ~/domain/payment-methods.ts keeps the facts
 * and the Spanish names the emails and the staff pages use).
 */
import { isPaymentMethodKey, paymentMethodName, type PaymentMethodKey } from "~/domain/payment-methods.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";

const KEYS = {
  card: { name: "checkout.method.card.name", description: "checkout.method.card.description" },
  klarna: { name: "checkout.method.klarna.name", description: "checkout.method.klarna.description" },
  sequra: { name: "checkout.method.sequra.name", description: "checkout.method.sequra.description" },
  scalapay: { name: "checkout.method.scalapay.name", description: "checkout.method.scalapay.description" },
} as const satisfies Record<PaymentMethodKey, { name: MessageKey; description: MessageKey }>;

/** How a counter sale was paid (app/counter/sale-math.ts, CounterOrderMethod), in the client's language. */
const COUNTER_KEYS: Readonly<Record<string, MessageKey>> = {
  cash: "counter.method.cash",
  "card-terminal": "counter.method.cardTerminal",
  bizum: "counter.method.bizum",
  split: "counter.method.split",
};

/** A method's name as the page writes it; an unknown stored key keeps paymentMethodName's answer. */
export function paymentMethodNameIn(t: Translate, key: string): string {
  if (isPaymentMethodKey(key)) return t(KEYS[key].name);
  return Object.hasOwn(COUNTER_KEYS, key) ? t(COUNTER_KEYS[key]!) : paymentMethodName(key);
}

export function paymentMethodDescriptionIn(t: Translate, key: PaymentMethodKey): string {
  return t(KEYS[key].description);
}
