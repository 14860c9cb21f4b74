/**
 * The buyer's 14-day right of withdrawal for an in-person course (arts. 102–108
 * TRLGDCU). The course is a service, not digital content: the right is never
 * waived. When an edition starts inside the 14 days the buyer must expressly
 * ask for it to start early, and if she withdraws after it started she pays for
 * the part already given (art. 108.3). Pure: "today" is a Madrid date.
 */
import { addDays } from "./calendar-dates.ts";

/** Natural days to withdraw, counted from the day of purchase. */
const WITHDRAWAL_DAYS = 14;

/** The last day of the withdrawal period for a purchase made on `today` (YYYY-MM-DD). */
export function withdrawalPeriodEnds(today: string): string {
  return addDays(today, WITHDRAWAL_DAYS);
}

/** True when an edition starting on `startsOn` begins before the buyer's withdrawal period ends. */
export function startsWithinWithdrawalPeriod(startsOn: string, today: string): boolean {
  return startsOn <= withdrawalPeriodEnds(today);
}

/** True when any of the editions (start dates) needs the buyer's express request to start early. */
export function needsEarlyStartRequest(startDates: readonly (string | null | undefined)[], today: string): boolean {
  return startDates.some((d) => typeof d === "string" && startsWithinWithdrawalPeriod(d, today));
}

export const EARLY_START_LABEL =
  "Pido expresamente que la formación empiece antes de que acabe mi plazo de desistimiento de 14 días, y sé que, si desisto después de que haya empezado, pagaré la parte del curso ya impartida (art. 108.3 del TRLGDCU).";

export const EARLY_START_REQUIRED_MESSAGE =
  "La fecha elegida empieza antes de que acaben tus 14 días de desistimiento: marca la casilla para pedir que la formación empiece antes";

/** Plain information shown at checkout and repeated in the confirmation email. */
export const WITHDRAWAL_INFO =
  "Tienes 14 días naturales desde la compra para desistir sin dar explicaciones: escríbenos (puedes usar el formulario de desistimiento) y te devolvemos el importe en un máximo de 14 días.";

export const WITHDRAWAL_FORM_PATH = "/terms#desistimiento";

/** True while the buyer may still withdraw from an order paid on `paidOn` (a Madrid date): 14 natural days. */
export function withdrawalOpen(paidOn: string, today: string): boolean {
  return today <= withdrawalPeriodEnds(paidOn);
}

/** Whole days from `from` to `to` (YYYY-MM-DD), inclusive of both. */
function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * What a line gives back when the buyer withdraws on `today` after asking for
 * an early start (art. 108.3): the part not yet given, price × remaining days ÷
 * the edition's days, in cents rounded down. The day of the withdrawal counts as
 * given. A line not started yet gives back everything; one already over, nothing.
 */
export function proportionalRefundCents(
  line: { priceCents: number; startsOn: string | null; endsOn: string | null },
  today: string,
): number {
  const { priceCents, startsOn } = line;
  if (!startsOn || today < startsOn) return priceCents;
  const endsOn = line.endsOn && line.endsOn >= startsOn ? line.endsOn : startsOn;
  if (today >= endsOn) return 0;
  const total = daysInclusive(startsOn, endsOn);
  const remaining = daysInclusive(today, endsOn) - 1;
  return Math.floor((priceCents * remaining) / total);
}

/** True when an edition of the order has already started and the buyer asked for the early start. */
export function startedEarly(
  waiverAt: string | null,
  startDates: readonly (string | null)[],
  today: string,
): boolean {
  return waiverAt !== null && startDates.some((d) => d !== null && d <= today);
}

/** The form value of step 2 of a withdrawal ("Confirmar desistimiento"), shared by the page and its action. */
export const CONFIRM_INTENT = "confirmar-desistimiento";
