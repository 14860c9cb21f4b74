import { describe, expect, it } from "vitest";
import { dateText, decimalText, euroText, MINUS_SIGN, MONEY_SPACE } from "./es-format.ts";

// The functions replace Intl in the browser (see es-format.ts); here each is held
// to Intl's own es-ES output, value by value, over the range the site uses.
// Grouped from four digits on ("1.649,00 €"), as the invoices always were: one money format everywhere.
const intlEuros = new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR", useGrouping: "always" });
const intlWholeEuros = new Intl.NumberFormat("es-ES", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
  useGrouping: "always",
});
/** Some ICU versions put U+202F before "€"; the site always writes U+00A0, and a true minus sign. */
const money = (text: string) => text.replace(/[\s\u202f]+/gu, MONEY_SPACE).replace("-", MINUS_SIGN);

/**
 * Integer cents: every value up to ±200 €, then a stride (prime, so every last digit
 * comes round) up to ±200.000 €, then each power of ten and its neighbours.
 */
function centsToCheck(): number[] {
  const values: number[] = [];
  for (let c = -20_000; c <= 20_000; c++) values.push(c);
  for (let c = 20_001; c <= 20_000_000; c += 997) values.push(c, -c);
  for (let p = 1e5; p <= 1e12; p *= 10) values.push(p - 1, p, p + 1, -p);
  return values;
}

/** The inputs whose two texts differ, with both texts (an empty list when all agree). */
function differences<T>(inputs: Iterable<T>, ours: (x: T) => string, theirs: (x: T) => string) {
  const out: string[] = [];
  for (const x of inputs) if (ours(x) !== theirs(x)) out.push(`${String(x)}: ${ours(x)} ≠ ${theirs(x)}`);
  return out.slice(0, 5);
}

describe("euroText", () => {
  it("writes cents as Intl's es-ES currency format does, up to ±10.000.000.000 €", () => {
    const cents = centsToCheck();
    expect(cents.length).toBeGreaterThan(80_000);
    expect(
      differences(
        cents,
        (c) => euroText(c),
        (c) => money(intlEuros.format(c / 100)),
      ),
    ).toEqual([]);
  });

  it("writes whole euros as Intl does with no decimals (rounded half up)", () => {
    // Prices are never negative, and Intl writes -0,50 € rounded as "-1 €" or "-0 €" by version.
    const cents = centsToCheck().filter((c) => c >= 0);
    expect(
      differences(
        cents,
        (c) => euroText(c, true),
        (c) => money(intlWholeEuros.format(c / 100)),
      ),
    ).toEqual([]);
  });

  it("groups from four digits, with a no-break space before € and a true minus sign", () => {
    expect(euroText(164_900)).toBe(`1.649,00${MONEY_SPACE}€`);
    expect(euroText(123_400)).toBe(`1.234,00${MONEY_SPACE}€`);
    expect(euroText(99_999)).toBe(`999,99${MONEY_SPACE}€`);
    expect(euroText(1_234_500)).toBe(`12.345,00${MONEY_SPACE}€`);
    expect(euroText(-5)).toBe(`\u22120,05${MONEY_SPACE}€`);
    expect(euroText(-0.4)).toBe(`0,00${MONEY_SPACE}€`);
    expect(euroText(123_456_789_00, true)).toBe(`123.456.789${MONEY_SPACE}€`);
  });
});

describe("decimalText", () => {
  it("writes hours of notice (every minute up to a week) as Intl's es-ES with two decimals and no grouping", () => {
    const intl = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2, useGrouping: false });
    const hours = Array.from({ length: 7 * 24 * 60 + 1 }, (_, minutes) => minutes / 60);
    expect(
      differences(
        hours,
        (h) => decimalText(h),
        (h) => intl.format(h),
      ),
    ).toEqual([]);
  });

  it("writes a rating (0 to 5 in tenths) as Intl's es-ES with one decimal", () => {
    const intl = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 });
    for (let tenths = 0; tenths <= 50; tenths++) {
      expect(decimalText(tenths / 10, 1)).toBe(intl.format(tenths / 10));
    }
    expect(decimalText(4.2, 1)).toBe("4,2");
    expect(decimalText(-1.5, 1)).toBe("-1,5");
  });
});

describe("dateText", () => {
  const formats = [
    [{ year: true }, { month: "long", year: "numeric" }],
    [
      { day: true, year: true },
      { day: "numeric", month: "long", year: "numeric" },
    ],
    [
      { weekday: true, day: true, year: true },
      { weekday: "long", day: "numeric", month: "long", year: "numeric" },
    ],
    [
      { weekday: true, day: true },
      { weekday: "long", day: "numeric", month: "long" },
    ],
  ] as const;

  it.each(formats)("writes %j as Intl's es-ES for every day from 1990 to 2100", (parts, options) => {
    const intl = new Intl.DateTimeFormat("es-ES", { ...options, timeZone: "UTC" });
    const days: Date[] = [];
    for (let t = Date.UTC(1990, 0, 1); t <= Date.UTC(2100, 11, 31); t += 86_400_000) days.push(new Date(t));
    expect(days.length).toBe(40_542);
    expect(
      differences(
        days,
        (d) => dateText(d, parts),
        (d) => intl.format(d),
      ),
    ).toEqual([]);
  });

  it("reads the examples the site shows", () => {
    const day = new Date(Date.UTC(2026, 10, 24));
    expect(dateText(day, { year: true })).toBe("noviembre de 2026");
    expect(dateText(day, { weekday: true, day: true, year: true })).toBe("martes, 24 de noviembre de 2026");
    expect(dateText(new Date(Date.UTC(2027, 1, 10)), { weekday: true, day: true })).toBe("miércoles, 10 de febrero");
  });

  it("throws on an invalid date, as Intl does", () => {
    expect(() => dateText(new Date(Number.NaN), { year: true })).toThrow(RangeError);
  });
});
