/**
 * How an appointment's price, señal, day and status read, in one place for
 * every reader: the booking pages (the page's language), the client's emails
 * and calendar file (the booking's language), and the salon's notices and the
 * diary (Spanish). Each function takes the translator of its reader; the words
 * are the "booking" catalogue's. Amounts are written by formatEuros, the same
 * in Spanish and Catalan ("15,00 €"); the rules (which señal counts toward the
 * price) stay in app/domain/deposit.ts.
 */
import type { DayState } from "~/domain/booking-days.ts";
import type { DepositState } from "~/domain/deposit.ts";
import { formatEuros } from "~/domain/pricing.ts";
import type { ServiceCategoryId } from "~/domain/service-categories.ts";
import { formatTime } from "~/domain/salon-time.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";

/** "25,00 €", or "desde 40,00 €" ("des de 40,00 €") for a "desde" price. */
export function servicePriceText(t: Translate, cents: number, from: boolean): string {
  return from ? t("booking.price.from", { price: formatEuros(cents) }) : formatEuros(cents);
}

/**
 * The price and when it is paid: "25,00 €, se paga en el salón" without a
 * señal; with one, what is charged when booking and what is left for the salon:
 * "25,00 €: señal de 10,00 € al reservar y 15,00 € en el salón".
 */
export function paymentSplit(t: Translate, priceCents: number, priceFrom: boolean, depositCents: number): string {
  const price = servicePriceText(t, priceCents, priceFrom);
  if (depositCents <= 0) return t("booking.payment.atSalon", { price });
  const rest = Math.max(0, priceCents - depositCents);
  if (rest === 0 && !priceFrom) return t("booking.payment.allAsDeposit", { price });
  return t("booking.payment.split", {
    price,
    deposit: formatEuros(depositCents),
    rest: priceFrom ? t("booking.payment.restFrom", { amount: formatEuros(rest) }) : formatEuros(rest),
  });
}

const DEPOSIT_STATE_KEYS: Record<DepositState, MessageKey> = {
  unpaid: "booking.depositState.unpaid",
  paid: "booking.depositState.paid",
  "refund-pending": "booking.depositState.refundPending",
  refunded: "booking.depositState.refunded",
};

/** "10,00 €, pagada en la web; se descuenta del precio". */
export function depositStateLine(t: Translate, deposit: { cents: number; state: DepositState }): string {
  return t(DEPOSIT_STATE_KEYS[deposit.state], { amount: formatEuros(deposit.cents) });
}

/** The line under a day in the calendar: its first free time ("Desde las 09:30") or why it has none. */
export function dayStateText(t: Translate, state: DayState, firstStart: number | null, anyone: boolean): string {
  switch (state) {
    case "free":
      return firstStart === null ? t("booking.days.free") : t("booking.days.from", { time: formatTime(firstStart) });
    case "full":
      return t("booking.days.full");
    case "closed":
      return t("booking.days.closed");
    case "off":
      return anyone ? t("booking.days.offAnyone") : t("booking.days.off");
  }
}

export const CATEGORY_KEYS: Record<ServiceCategoryId, MessageKey> = {
  manos: "booking.category.manos",
  pies: "booking.category.pies",
  facial: "booking.category.facial",
  diseno: "booking.category.diseno",
};

const STATUS_KEYS: Record<string, MessageKey> = {
  held: "booking.status.held",
  confirmed: "booking.status.confirmed",
  cancelled: "booking.status.cancelled",
  expired: "booking.status.expired",
  attended: "booking.status.attended",
  no_show: "booking.status.noShow",
};

/** An appointment's status as its client reads it. */
export function statusText(t: Translate, status: string): string {
  const key = STATUS_KEYS[status];
  return key ? t(key) : status;
}
