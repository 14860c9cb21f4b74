/**
 * How long a seat freed for the waiting list is held for the person it is
 * offered to: a salon setting (Gestión → Convocatorias, the owner), read when
 * each offer is made. Pure: shared by the page, its action and the server.
 */
export const WAITLIST_OFFER_HOURS = { default: 12, min: 1, max: 72 } as const;

export const WAITLIST_OFFER_HOURS_ERROR = `Escribe un número entero de horas entre ${WAITLIST_OFFER_HOURS.min} y ${WAITLIST_OFFER_HOURS.max}.`;

/** A whole number of hours within the bounds, or null (form input or the stored text). */
export function parseOfferHours(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^\s*\d{1,3}\s*$/.test(raw)) return null;
  const hours = Number(raw);
  return hours >= WAITLIST_OFFER_HOURS.min && hours <= WAITLIST_OFFER_HOURS.max ? hours : null;
}
