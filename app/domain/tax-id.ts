/**
 * Spanish tax identifiers as a buyer types them on a factura completa: the
 * NIF of a person (DNI number + control letter), the NIE of a foreign
 * resident (X/Y/Z + 7 digits + letter), the special NIFs K/L/M and the
 * NIF of a legal entity (still called "CIF": letter + 7 digits + control).
 * Pure; never throws, whatever the input.
 */

type TaxIdKind = "NIF" | "NIE" | "CIF";

/** Why an id was refused: nothing written, no known pattern, or a wrong control letter or digit. */
export type TaxIdProblem = "empty" | "format" | "check";
type TaxIdResult =
  | { ok: true; value: string; kind: TaxIdKind }
  | { ok: false; problem: TaxIdProblem; message: string };

/** The problems in Spanish, for the operator's configuration checks (seller.ts); forms show billing-details.ts's keys. */
export const TAX_ID_MESSAGES = {
  empty: "Escribe tu NIF, NIE o CIF.",
  format: "El NIF, NIE o CIF no tiene un formato válido.",
  check: "La letra o el dígito de control del NIF, NIE o CIF no es correcto. Revísalo.",
} as const;

/** Control letters of a DNI/NIE number, indexed by the number mod 23. */
const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
/** Control letters of a CIF, indexed by the control digit. */
const CIF_LETTERS = "JABCDEFGHI";

const NIF = /^(\d{8})([A-Z])$/;
const NIE = /^([XYZ])(\d{7})([A-Z])$/;
/** K: Spaniards under 14 without DNI; L: Spaniards not resident; M: foreigners without NIE. */
const SPECIAL_NIF = /^([KLM])(\d{7})([A-Z])$/;
const CIF = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/;

/** Entity types whose CIF ends in a letter: public bodies, churches, non-resident entities… */
const CIF_LETTER_ONLY = "PQRSNW";
/** Entity types whose CIF ends in a digit: S.A., S.L., comunidades de bienes, comunidades de propietarios. */
const CIF_DIGIT_ONLY = "ABEH";

/** Longest identifier worth looking at (with an "ES" prefix and some separators). */
const MAX_INPUT_LENGTH = 40;

/** Upper case, without whitespace, dots or hyphens. */
function clean(raw: string): string {
  return raw.toUpperCase().replace(/[\s.-]/gu, "");
}

/** The control digit (0–9) of the 7 digits of a CIF. */
export function cifControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 0) {
      // 1st, 3rd, 5th and 7th digits: doubled, and the digits of the product added.
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += d;
    }
  }
  return (10 - (sum % 10)) % 10;
}

/** The control letter of a DNI/NIE number (up to 8 digits). */
export function nifControlLetter(digits: string): string {
  return NIF_LETTERS[Number(digits) % 23];
}

/** Classifies an already cleaned id: its kind, "format" when it matches no pattern, "check" when the control fails. */
function classify(id: string): TaxIdKind | "format" | "check" {
  let m = NIF.exec(id);
  if (m) return nifControlLetter(m[1]) === m[2] ? "NIF" : "check";

  m = NIE.exec(id);
  if (m) {
    const prefix = String("XYZ".indexOf(m[1]));
    return nifControlLetter(prefix + m[2]) === m[3] ? "NIE" : "check";
  }

  m = SPECIAL_NIF.exec(id);
  if (m) return nifControlLetter(m[2]) === m[3] ? "NIF" : "check";

  m = CIF.exec(id);
  if (m) {
    const [, entity, digits, control] = m;
    const digit = cifControlDigit(digits);
    const isLetter = control >= "A";
    if (isLetter && CIF_DIGIT_ONLY.includes(entity)) return "check";
    if (!isLetter && CIF_LETTER_ONLY.includes(entity)) return "check";
    const expected = isLetter ? CIF_LETTERS[digit] : String(digit);
    return control === expected ? "CIF" : "check";
  }
  return "format";
}

/**
 * The id as stored and printed: upper case, without spaces, dots or hyphens,
 * and without a leading "ES" country prefix when what follows is a valid id
 * (an intra-community VAT number written for a Spanish company).
 */
export function normalizeTaxId(raw: string): string {
  const id = clean(raw);
  if (id.startsWith("ES")) {
    const rest = id.slice(2);
    const kind = classify(rest);
    if (kind !== "format" && kind !== "check") return rest;
  }
  return id;
}

/** Checks a NIF, NIE or CIF as typed, and gives it back normalized. */
export function validateTaxId(raw: string): TaxIdResult {
  if (typeof raw !== "string") return { ok: false, problem: "format", message: TAX_ID_MESSAGES.format };
  if (raw.length > MAX_INPUT_LENGTH * 4) return { ok: false, problem: "format", message: TAX_ID_MESSAGES.format };
  const value = normalizeTaxId(raw);
  if (value === "") return { ok: false, problem: "empty", message: TAX_ID_MESSAGES.empty };
  if (value.length > MAX_INPUT_LENGTH) return { ok: false, problem: "format", message: TAX_ID_MESSAGES.format };
  const kind = classify(value);
  if (kind === "format") return { ok: false, problem: "format", message: TAX_ID_MESSAGES.format };
  if (kind === "check") return { ok: false, problem: "check", message: TAX_ID_MESSAGES.check };
  return { ok: true, value, kind };
}
