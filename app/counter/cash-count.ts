/**
 * Counting the till (cierre de caja, issue 35), in integer cents. Pure.
 *
 * The close counts the cash by denomination: how many notes and coins of each
 * euro value are in the drawer. The count is stored as it was typed
 * (`cash_days.counted_detail`, JSON `{ denominationCents: count }`, only the
 * denominations present) and its total is compared with the cash expected:
 * the opening float, plus cash sales (net of change, tips included: they are in
 * the drawer too) and cash put in, less cash taken out and cash given back.
 */

export interface Denomination {
  cents: number;
  kind: "note" | "coin";
  /** "50 €", "20 céntimos". */
  label: string;
}

const NOTES = [50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500];
const COINS = [200, 100, 50, 20, 10, 5, 2, 1];

function denominationLabel(cents: number): string {
  if (cents >= 100) return `${cents / 100} €`;
  return cents === 1 ? "1 céntimo" : `${cents} céntimos`;
}

/** The euro's notes (500 € … 5 €) and coins (2 € … 1 céntimo), largest first. */
export const DENOMINATIONS: readonly Denomination[] = [
  ...NOTES.map((cents) => ({ cents, kind: "note" as const, label: denominationLabel(cents) })),
  ...COINS.map((cents) => ({ cents, kind: "coin" as const, label: denominationLabel(cents) })),
];

const KNOWN: ReadonlySet<number> = new Set(DENOMINATIONS.map((d) => d.cents));

/** Most pieces of one denomination a count may state (a typo guard: a roll of coins is 50). */
export const MAX_PIECES = 9_999;

/** Most a float or a single movement may be (a typo guard): 10.000 €. */
export const MAX_TILL_CENTS = 1_000_000;
/** Longest reason of a movement or a reopening. */
export const TILL_REASON_MAX = 200;
/** Longest note of a close. */
export const TILL_NOTE_MAX = 500;

/** `{ denominationCents: count }`: how many pieces of each value were counted. */
export type CashCount = Record<string, number>;

export type CountProblem = "unknown-denomination" | "not-whole" | "too-many";

export type CountResult =
  | { ok: true; totalCents: number; detail: CashCount }
  | { ok: false; problems: { denomination: string; problem: CountProblem }[] };

/**
 * The total of a count, or why it is not one. Every key must be a euro
 * denomination in cents and every count a whole number from 0 to MAX_PIECES.
 * The detail returned keeps only the denominations present, largest first.
 */
export function countedTotal(detail: Readonly<Record<string, unknown>>): CountResult {
  const problems: { denomination: string; problem: CountProblem }[] = [];
  const counts = new Map<number, number>();
  for (const [key, value] of Object.entries(detail)) {
    const cents = /^\d{1,5}$/u.test(key) ? Number(key) : NaN;
    if (!KNOWN.has(cents)) {
      problems.push({ denomination: key, problem: "unknown-denomination" });
    } else if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
      problems.push({ denomination: key, problem: "not-whole" });
    } else if (value > MAX_PIECES) {
      problems.push({ denomination: key, problem: "too-many" });
    } else if (value > 0) {
      counts.set(cents, value);
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const out: CashCount = {};
  let totalCents = 0;
  for (const { cents } of DENOMINATIONS) {
    const count = counts.get(cents);
    if (count === undefined) continue;
    out[String(cents)] = count;
    totalCents += cents * count;
  }
  return { ok: true, totalCents, detail: out };
}

/** The form field of a denomination's count: "d500" for 5 €. */
export function countFieldName(cents: number): string {
  return `d${cents}`;
}

export const COUNT_MESSAGES: Record<CountProblem, string> = {
  "unknown-denomination": "Ese valor no es un billete ni una moneda de euro",
  "not-whole": "Escribe cuántas piezas hay: un número entero, sin decimales (vacío es 0)",
  "too-many": `Como mucho ${MAX_PIECES} piezas de un mismo valor`,
};

/**
 * The count typed in the close form, one field per denomination ("d500": how
 * many 5 € notes). An empty field counts as none. Errors by field name.
 */
export function parseCountForm(
  values: Readonly<Record<string, string>>,
): { ok: true; totalCents: number; detail: CashCount } | { ok: false; errors: Record<string, string> } {
  const detail: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const { cents } of DENOMINATIONS) {
    const field = countFieldName(cents);
    const text = (values[field] ?? "").trim();
    if (text === "") continue;
    if (!/^\d{1,6}$/u.test(text)) errors[field] = COUNT_MESSAGES["not-whole"];
    else detail[String(cents)] = Number(text);
  }
  const result = countedTotal(detail);
  if (!result.ok) {
    for (const p of result.problems) errors[countFieldName(Number(p.denomination))] = COUNT_MESSAGES[p.problem];
  }
  if (Object.keys(errors).length > 0 || !result.ok) return { ok: false, errors };
  return result;
}

export interface ExpectedCashInput {
  /** The opening float. */
  float: number;
  /** Cash brought in by the day's sales (net of change). */
  cashSales: number;
  /** Cash put into the till. */
  cashIn: number;
  /** Cash taken out of the till. */
  cashOut: number;
  /** Cash given back for returns. */
  cashReturns: number;
}

/** The cash that should be in the till: float + sales + in − out − returns. */
export function expectedCash({ float, cashSales, cashIn, cashOut, cashReturns }: ExpectedCashInput): number {
  return float + cashSales + cashIn - cashOut - cashReturns;
}
