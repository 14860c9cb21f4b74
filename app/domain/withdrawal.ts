/**
 * The buyer's 14-day right of withdrawal for an in-person course (arts. 102–108
 * TRLGDCU). The course is a service, not digital content: the right is never
 * waived. When an edition starts inside the 14 days the buyer must expressly
 * ask for it to start early, and if she withdraws after it started she pays for
 * the part already given (art. 108.3). Pure: "today" is a Madrid date.
 */
import { addDays } from "./calendar-dates.ts";

/** Natural days to withdraw, counted from the day of purchase. */
export const WITHDRAWAL_DAYS = 14;

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
