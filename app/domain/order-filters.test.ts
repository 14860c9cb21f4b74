import { describe, expect, it } from "vitest";
import {
  MAX_ORDERS_PAGE,
  createdAtRange,
  hasOrderFilters,
  isCalendarDate,
  orderFiltersSearch,
  parseOrderFilters,
  type OrderFilters,
} from "./order-filters.ts";
import { addDays, madridDayStart } from "./calendar-dates.ts";

const EMPTY_ORDER_FILTERS: OrderFilters = { status: null, method: null, courseId: null, from: null, to: null, q: "" };

/** "2027-03-28" → the UTC instant of 00:00 that day in Madrid, as ISO text (createdAtRange's bounds). */
const madridDayStartUtc = (day: string) => madridDayStart(day).toISOString();
const nextDay = (day: string) => addDays(day, 1);

const parse = (query: string) => parseOrderFilters(new URLSearchParams(query));

describe("parseOrderFilters", () => {
  it("reads every filter from the Spanish query names", () => {
    const r = parse(
      "estado=paid&metodo=klarna&curso=formacion-inicio&desde=2027-01-01&hasta=2027-01-31&q=%20Ana%40x.es%20&pagina=3",
    );
    expect(r.filters).toEqual({
      status: "paid",
      method: "klarna",
      courseId: "formacion-inicio",
      from: "2027-01-01",
      to: "2027-01-31",
      q: "Ana@x.es",
    });
    expect(r.page).toBe(3);
    expect(r.notes).toEqual([]);
  });

  it("gives no filters, page 1 and no notes for an empty query", () => {
    expect(parse("")).toEqual({ filters: EMPTY_ORDER_FILTERS, page: 1, notes: [] });
    expect(parse("estado=&metodo=&pagina=")).toEqual({ filters: EMPTY_ORDER_FILTERS, page: 1, notes: [] });
  });

  it("ignores an unknown status, method or course with a note each", () => {
    const r = parse("estado=borrado&metodo=bizum&curso=%3Cscript%3E");
    expect(r.filters).toEqual(EMPTY_ORDER_FILTERS);
    expect(r.notes).toHaveLength(3);
    expect(r.notes[0]).toMatch(/estado/u);
    expect(r.notes[1]).toMatch(/método/u);
    expect(r.notes[2]).toMatch(/curso/u);
  });

  it("ignores impossible dates and swaps a reversed range", () => {
    const bad = parse("desde=2027-02-30&hasta=mañana");
    expect(bad.filters.from).toBeNull();
    expect(bad.filters.to).toBeNull();
    expect(bad.notes).toHaveLength(2);
    const reversed = parse("desde=2027-03-10&hasta=2027-03-01");
    expect(reversed.filters).toMatchObject({ from: "2027-03-01", to: "2027-03-10" });
    expect(reversed.notes[0]).toMatch(/al revés/u);
  });

  it("clamps the page and ignores one that is not a number", () => {
    expect(parse("pagina=0").page).toBe(1);
    expect(parse("pagina=99999999").page).toBe(MAX_ORDERS_PAGE);
    const r = parse("pagina=-2");
    expect(r.page).toBe(1);
    expect(r.notes).toHaveLength(1);
    expect(parse("pagina=1e9").page).toBe(1);
    expect(parse("pagina=" + "9".repeat(400)).page).toBe(1);
  });

  it("cleans and caps the search text", () => {
    expect(parse("q=%20a%0A%00b%20%20c").filters.q).toBe("a b c");
    const long = parse(`q=${"x".repeat(5000)}`);
    expect(long.filters.q).toHaveLength(100);
    expect(long.notes[0]).toMatch(/acortado/u);
  });

  it("reads only the first of repeated parameters", () => {
    expect(parse("estado=paid&estado=pending").filters.status).toBe("paid");
    expect(parse("estado=partially-refunded")).toMatchObject({ filters: { status: "partially-refunded" }, notes: [] });
  });
});

describe("orderFiltersSearch", () => {
  it("round-trips through the parser, leaving out empty filters and page 1", () => {
    const filters = { ...EMPTY_ORDER_FILTERS, status: "refunded" as const, q: "a&b=c", from: "2027-01-01" };
    const search = orderFiltersSearch(filters, 2);
    expect(search).toBe("?estado=refunded&desde=2027-01-01&q=a%26b%3Dc&pagina=2");
    expect(parse(search.slice(1))).toEqual({ filters, page: 2, notes: [] });
    expect(orderFiltersSearch(EMPTY_ORDER_FILTERS)).toBe("");
    expect(hasOrderFilters(EMPTY_ORDER_FILTERS)).toBe(false);
    expect(hasOrderFilters(filters)).toBe(true);
  });
});

describe("Madrid days as UTC instants", () => {
  it("starts a winter day at 23:00 UTC and a summer day at 22:00 UTC the day before", () => {
    expect(madridDayStartUtc("2027-01-15")).toBe("2027-01-14T23:00:00.000Z");
    expect(madridDayStartUtc("2027-07-15")).toBe("2027-07-14T22:00:00.000Z");
  });

  it("handles the clock changes (last Sundays of March and October)", () => {
    expect(madridDayStartUtc("2027-03-28")).toBe("2027-03-27T23:00:00.000Z");
    expect(madridDayStartUtc("2027-03-29")).toBe("2027-03-28T22:00:00.000Z");
    expect(madridDayStartUtc("2027-10-31")).toBe("2027-10-30T22:00:00.000Z");
    expect(madridDayStartUtc("2027-11-01")).toBe("2027-10-31T23:00:00.000Z");
  });

  it("makes an inclusive day range into [from 00:00, day after to 00:00)", () => {
    expect(createdAtRange({ from: "2027-01-01", to: "2027-01-31" })).toEqual({
      fromIso: "2026-12-31T23:00:00.000Z",
      toIso: "2027-01-31T23:00:00.000Z",
    });
    expect(createdAtRange({ from: null, to: null })).toEqual({ fromIso: null, toIso: null });
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
    expect(nextDay("2027-12-31")).toBe("2028-01-01");
  });

  it("accepts only real calendar dates", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-1-01")).toBe(false);
    expect(isCalendarDate("0001-01-01")).toBe(false);
  });
});
