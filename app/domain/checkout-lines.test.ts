import { describe, expect, it } from "vitest";
import {
  checkoutPath,
  editionFieldName,
  formatCheckoutLines,
  MAX_CHECKOUT_LINES,
  parseCheckoutLines,
} from "./checkout-lines.ts";

describe("checkout lines", () => {
  it("reads courses with and without an edition", () => {
    expect(parseCheckoutLines("expert-nails:ed-1, formacion-inicio")).toEqual([
      { courseId: "expert-nails", editionId: "ed-1" },
      { courseId: "formacion-inicio", editionId: null },
    ]);
  });

  it("drops empty, repeated and overlong parts, and caps the number of lines", () => {
    expect(parseCheckoutLines(",a:,a:x,:e,b")).toEqual([
      { courseId: "a", editionId: null },
      { courseId: "b", editionId: null },
    ]);
    expect(parseCheckoutLines(`${"x".repeat(101)},c:${"e".repeat(201)},d`)).toEqual([{ courseId: "d", editionId: null }]);
    const many = Array.from({ length: 30 }, (_, i) => `c${i}`).join(",");
    expect(parseCheckoutLines(many)).toHaveLength(MAX_CHECKOUT_LINES);
    expect(parseCheckoutLines("a".repeat(10_000))).toEqual([]);
    expect(parseCheckoutLines(null)).toEqual([]);
  });

  it("round-trips through the URL", () => {
    const lines = [
      { courseId: "a", editionId: "e1" },
      { courseId: "b", editionId: null },
    ];
    expect(formatCheckoutLines(lines)).toBe("a:e1,b");
    expect(checkoutPath(lines)).toBe("/checkout?cursos=a%3Ae1%2Cb");
    const url = new URL(checkoutPath(lines), "http://localhost");
    expect(parseCheckoutLines(url.searchParams.get("cursos"))).toEqual(lines);
  });

  it("names the edition field by course only when there are several", () => {
    expect(editionFieldName("a", 1)).toBe("edition");
    expect(editionFieldName("a", 2)).toBe("edition:a");
  });
});
