/**
 * Free text and Spanish postal codes as the forms that ask for an address take
 * them (checkout billing details, the seller's fiscal data), and the longest
 * phone number a form takes. Pure.
 */

/**
 * The most characters a phone number input takes: what the account schema
 * accepts (app/auth/schemas.ts), used as `maxLength` by every phone input
 * (account, booking, Gestión's new appointment).
 */
export const PHONE_MAX_LENGTH = 20;

/** Control characters become spaces, runs of whitespace collapse to one space, trimmed. */
export function cleanFormText(value: string): string {
  return value.replace(/\p{Cc}/gu, " ").replace(/\s+/gu, " ").trim();
}

/** Spanish postal codes: the province (01–52) and three digits. */
const POSTAL_CODE = /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/;

export const POSTAL_CODE_MESSAGE = "El código postal son 5 cifras de España (por ejemplo, 08750).";

export function isSpanishPostalCode(value: string): boolean {
  return POSTAL_CODE.test(value);
}
