/**
 * How the invoice PDF writes amounts, dates, rates and free text (es-ES). Pure helpers of
 * app/invoices/pdf.server.ts, kept apart so they can be tested and reused (the email, Gestión).
 */
import { euroText } from "../domain/es-format.ts";
import { lazy } from "../lib/lazy.ts";

/**
 * 127900 → "1.279,00 €", -8264 → "−82,64 €" (true minus sign; a no-break space before €): the
 * site's one money format (app/domain/es-format.ts), the same text as the pages and emails.
 */
export function formatEuros(cents: number): string {
  return euroText(cents);
}

const percent = lazy(() => new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 }));

/** 2100 → "21 %", 550 → "5,5 %" (es-ES puts a space before %, as ca-ES does), or "Exento" (the PDF passes its language's word). */
export function formatVatRate(vatRateBp: number, exempt: boolean, exemptWord = "Exento"): string {
  return exempt ? exemptWord : `${percent().format(vatRateBp / 100)}\u00a0%`;
}

/** "2026-11-24" → "24/11/2026". */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-");
  return `${day}/${month}/${year}`;
}

const quantity = lazy(() => new Intl.NumberFormat("es-ES"));

export function formatQuantity(value: number): string {
  return quantity().format(value);
}

/**
 * The characters the embedded fonts have (scripts/build-invoice-fonts.ts: Basic Latin, Latin-1,
 * Latin Extended-A but ŉ, typographic punctuation, € and −).
 */
const PRINTABLE =
  /^[\u0020-\u007e\u00a0-\u0148\u014a-\u017f\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020\u2022\u2026\u2039\u203a\u20ac\u2122\u2212]$/u;

const FOLDS: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "\u2013",
  "\u2015": "\u2014",
  "\u2032": "'",
  "\u2033": '"',
  "\u2044": "/",
  "\u02bc": "\u2019",
  "\u0149": "\u2019n",
};

/**
 * Text as the fonts can print it: whitespace runs become one space; a character the fonts lack is
 * folded to its base letter (ș → s, ǎ → a) or a close sign, else "?" (never an empty box).
 */
export function printable(text: string): string {
  return [...text.replace(/\s+/gu, (ws) => (ws === "\u00a0" ? ws : " "))]
    .map((ch) => {
      if (PRINTABLE.test(ch)) return ch;
      if (ch in FOLDS) return FOLDS[ch];
      const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
      return base !== "" && [...base].every((c) => PRINTABLE.test(c)) ? base : "?";
    })
    .join("");
}
