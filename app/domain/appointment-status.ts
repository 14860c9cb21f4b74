/**
 * What each appointment status means (issue 15), in one place: which
 * appointments a client or the staff can still cancel or move, and which keep
 * their time in the diary. A `held` appointment (a guest who has not confirmed
 * yet) keeps its time only while its hold lasts (as the queries ask: `takesTimeWhere`
 * in app/bookings/slots.server.ts). The statuses are listed at
 * `appointments.status` in app/db/schema.ts. Pure.
 */

/** Still to happen and still changeable: their slots are taken. */
const OPEN_STATUSES = ["held", "confirmed"] as const;

/** Kept their time whatever the clock says: confirmed, or already happened (attended, no-show). */
export const KEPT_STATUSES = ["confirmed", "attended", "no_show"] as const;

const has = (list: readonly string[], status: string) => list.includes(status);

export const isOpenStatus = (status: string): boolean => has(OPEN_STATUSES, status);
export const isKeptStatus = (status: string): boolean => has(KEPT_STATUSES, status);
