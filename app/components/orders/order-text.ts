/**
 * An order's or a cart line's phrases that depend on data, with the words of
 * the "orders" namespace (issue 34): an edition's dates and a purchase status's
 * label. The rules are the ones of app/domain/edition-dates.ts and
 * purchase-status.ts (which the CSV exports and the audit log keep using in Spanish).
 */
import { formatLongDate } from "~/domain/pricing.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";

/**
 * "9 de febrero de 2027 – 11 de febrero de 2027" ("9 de febrer de 2027 – …" in
 * Catalan); one day (no end, or the same end) → one date; no start yet →
 * "Fecha por confirmar".
 */
export function editionDatesIn(t: Translate, startsOn: string | null, endsOn: string | null): string {
  if (!startsOn) return t("orders.edition.undated");
  if (!endsOn || endsOn === startsOn) return formatLongDate(startsOn, t.locale);
  return `${formatLongDate(startsOn, t.locale)} – ${formatLongDate(endsOn, t.locale)}`;
}

/** The badges a purchase can show (the stored statuses, folded as purchaseStatusView folds them). */
export type PurchaseStatusName = "completed" | "pending" | "failed" | "refunded" | "partially-refunded" | "cancelled";

const STATUS_KEYS: Record<PurchaseStatusName, MessageKey> = {
  completed: "orders.status.completed",
  pending: "orders.status.pending",
  failed: "orders.status.failed",
  refunded: "orders.status.refunded",
  "partially-refunded": "orders.status.partiallyRefunded",
  cancelled: "orders.status.cancelled",
};

/**
 * Which badge an order shows: "paid" and "completed" (older data, the API) are
 * one; a paid order of which part was given back is a partial refund; any
 * unknown value shows as pending.
 */
export function purchaseStatusName(
  status: string | null | undefined,
  amounts?: { refundedCents: number; totalCents: number },
): PurchaseStatusName {
  if (status === "paid" || status === "completed") {
    const partial = amounts && amounts.refundedCents > 0 && amounts.refundedCents < amounts.totalCents;
    return partial ? "partially-refunded" : "completed";
  }
  return status === "failed" || status === "refunded" || status === "cancelled" || status === "partially-refunded"
    ? status
    : "pending";
}

/** A status's label in the language of `t`. */
export function purchaseStatusLabel(t: Translate, name: PurchaseStatusName): string {
  return t(STATUS_KEYS[name]);
}
