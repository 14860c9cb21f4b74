/**
 * The booking pages' phrases about prices, deposits, days and statuses, in the
 * page's language (issue 34): the same rules as app/domain/deposit.ts,
 * booking-days.ts and service-text.ts (which the emails keep using), with the
 * words from the "booking" catalogue. Amounts are written by formatEuros, the
 * same in Spanish and Catalan ("15,00 €").
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

/** The price and when it is paid (paymentSplitText in app/domain/deposit.ts). */
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

/** The line under a day: its first free time or why it has none (dayStateLabel in booking-days.ts). */
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
