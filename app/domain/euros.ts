/**
 * Euro amounts typed by the staff ("280", "279,99", "1.250,50", "1250.5 €") to
 * integer cents, and back to the text a form field shows. es-ES writes a comma
 * for decimals and a dot between thousands; a lone dot followed by one or two
 * digits is read as a decimal point too, because that is what people type.
 */

/** Largest price a course may have (100.000 €): anything above is a typo. */
const MAX_EUROS_CENTS = 100_000_00;

type EurosResult = { ok: true; cents: number } | { ok: false; error: string };

export const EUROS_MESSAGES = {
  empty: "Escribe un importe en euros",
  invalid: "Escribe el importe en euros, por ejemplo 280 o 279,99",
  negative: "El importe no puede ser negativo",
  decimals: "El importe admite como mucho dos decimales",
  tooLarge: "El importe es demasiado alto (máximo 100.000 €)",
} as const;

const GROUPED = /^\d{1,3}(?:\.\d{3})+$/; // 1.250 or 12.500.000
const PLAIN = /^\d+$/;

/** "1.250,50" → 125050. Rejects negatives, more than two decimals and absurd values. */
export function parseEuros(input: string): EurosResult {
  const text = input
    .trim()
    .replace(/\s*(?:€|eur|euros)$/iu, "")
    .replace(/[\s\u00a0\u202f]/gu, "");
  if (text === "") return { ok: false, error: EUROS_MESSAGES.empty };
  if (text.length > 20) return { ok: false, error: EUROS_MESSAGES.invalid };
  if (text.startsWith("-")) return { ok: false, error: EUROS_MESSAGES.negative };

  let whole: string;
  let fraction = "";
  const comma = text.indexOf(",");
  if (comma !== -1) {
    if (text.indexOf(",", comma + 1) !== -1) return { ok: false, error: EUROS_MESSAGES.invalid };
    whole = text.slice(0, comma);
    fraction = text.slice(comma + 1);
    if (!(PLAIN.test(whole) || GROUPED.test(whole))) return { ok: false, error: EUROS_MESSAGES.invalid };
  } else if (GROUPED.test(text)) {
    whole = text; // "1.250": a thousands dot
  } else {
    const dot = text.lastIndexOf(".");
    if (dot !== -1 && text.indexOf(".") === dot) {
      whole = text.slice(0, dot);
      fraction = text.slice(dot + 1);
    } else {
      whole = text;
    }
    if (!PLAIN.test(whole)) return { ok: false, error: EUROS_MESSAGES.invalid };
  }
  if (fraction !== "" && !PLAIN.test(fraction)) return { ok: false, error: EUROS_MESSAGES.invalid };
  if (comma !== -1 && fraction === "") return { ok: false, error: EUROS_MESSAGES.invalid };
  if (fraction.length > 2) return { ok: false, error: EUROS_MESSAGES.decimals };

  const digits = whole.replaceAll(".", "").replace(/^0+(?=\d)/u, "");
  if (digits.length > 7) return { ok: false, error: EUROS_MESSAGES.tooLarge };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, "0") || "0");
  if (!Number.isSafeInteger(cents)) return { ok: false, error: EUROS_MESSAGES.invalid };
  if (cents > MAX_EUROS_CENTS) return { ok: false, error: EUROS_MESSAGES.tooLarge };
  return { ok: true, cents };
}

/** 125050 → "1250,50", 28000 → "280": what a form field shows for a stored amount. */
export function centsToEurosInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, "0")}`;
}
