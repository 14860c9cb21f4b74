import { describe, expect, it } from "vitest";
import {
  addItem,
  cartTotalCents,
  clearCart,
  coursesLabel,
  lineEdition,
  lineEditionPayable,
  parseStoredCart,
  reconcileCart,
  removeItem,
  serializeCart,
  setItemEdition,
} from "./cart.ts";
import { expert, expertCatalogue, inicio, inicioCatalogue } from "../../tests/helpers/cart-courses.ts";

const catalogue = [inicioCatalogue, expertCatalogue];

describe("cart rules", () => {
  it("adds a course with quantity 1", () => {
    const items = addItem([], inicio);
    expect(items).toEqual([{ ...inicio, editionId: null, quantity: 1 }]);
  });
  it("adding the same course again changes nothing (same array)", () => {
    const once = addItem([], inicio);
    const twice = addItem(once, { ...inicio, priceCents: 1 });
    expect(twice).toBe(once);
  });
  it("removes by id and clears", () => {
    const items = addItem(addItem([], inicio), expert);
    expect(removeItem(items, "formacion-inicio").map((i) => i.id)).toEqual(["expert-nails"]);
    expect(removeItem(items, "nope")).toBe(items);
    expect(clearCart()).toEqual([]);
  });
  it("totals and labels", () => {
    const items = addItem(addItem([], inicio), expert);
    expect(cartTotalCents(items)).toBe(127900);
    expect(coursesLabel(1)).toBe("1 curso");
    expect(coursesLabel(2)).toBe("2 cursos");
  });
});

describe("parseStoredCart", () => {
  it("round-trips a serialized cart", () => {
    const items = addItem(addItem([], inicio), expert);
    expect(parseStoredCart(serializeCart(items))).toEqual(items);
  });
  it.each([null, "", "not json", "{}", '"text"', "42", "null", '{"id":"x"}'])("treats %j as empty", (raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });
  it("skips entries without a valid id, merges duplicates and forces quantity 1", () => {
    const raw = JSON.stringify([
      null,
      7,
      { title: "sin id" },
      { id: "<script>" },
      { id: "formacion-inicio", quantity: 5, priceCents: 1 },
      { id: "formacion-inicio" },
    ]);
    const items = parseStoredCart(raw);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: "formacion-inicio", quantity: 1, priceCents: 1 });
  });
  it("reads a stored list of plain ids, and entries without an edition, as the next edition", () => {
    const items = parseStoredCart(JSON.stringify(["formacion-inicio", { id: "expert-nails" }]));
    expect(items.map((i) => [i.id, i.editionId])).toEqual([
      ["formacion-inicio", null],
      ["expert-nails", null],
    ]);
  });
  it("keeps a chosen edition id and drops a malformed one", () => {
    const raw = JSON.stringify([
      { id: "formacion-inicio", editionId: "formacion-inicio-2027-03" },
      { id: "expert-nails", editionId: "<b>" },
    ]);
    expect(parseStoredCart(raw).map((i) => i.editionId)).toEqual(["formacion-inicio-2027-03", null]);
  });
  it("reads the old site's euro `price` field", () => {
    expect(parseStoredCart(JSON.stringify([{ id: "expert-nails", price: 999 }]))[0].priceCents).toBe(99900);
  });
});

describe("reconcileCart", () => {
  it("keeps a clean cart unchanged", () => {
    const items = addItem(addItem([], inicio), expert);
    expect(reconcileCart(items, catalogue)).toEqual({ items, changed: false });
  });
  it("refreshes a tampered price and title", () => {
    const stored = [{ ...inicio, priceCents: 100, title: "Gratis", quantity: 1 as const }];
    const result = reconcileCart(stored, catalogue);
    expect(result.changed).toBe(true);
    expect(result.items).toEqual([{ ...inicio, editionId: null, quantity: 1 }]);
  });
  it("takes the title in the page's language without telling the buyer anything changed", () => {
    const stored = [{ ...inicio, title: "Formació d’inici", editionId: null, quantity: 1 as const }];
    const result = reconcileCart(stored, catalogue);
    expect(result.changed).toBe(false);
    expect(result.items[0]!.title).toBe(inicio.title);
  });
  it("drops unknown or inactive courses", () => {
    const stored = [
      { ...inicio, id: "curso-inexistente", quantity: 1 as const },
      { ...expert, quantity: 1 as const },
    ];
    const result = reconcileCart(stored, catalogue);
    expect(result.changed).toBe(true);
    expect(result.items.map((i) => i.id)).toEqual(["expert-nails"]);
  });
  it("forces quantity 1 and merges duplicates", () => {
    const result = reconcileCart([{ ...inicio, quantity: 3 }, { ...inicio, quantity: 1 }, "basura"], catalogue);
    expect(result.changed).toBe(true);
    expect(result.items).toEqual([{ ...inicio, editionId: null, quantity: 1 }]);
  });
  it("refreshes cosmetic fields silently", () => {
    const stored = [{ ...inicio, image: "old", duration: "x", quantity: 1 as const }];
    const result = reconcileCart(stored, catalogue);
    expect(result).toEqual({ items: [{ ...inicio, editionId: null, quantity: 1 }], changed: false });
  });
});

describe("editions in the cart", () => {
  it("adds with the chosen edition and changes it later", () => {
    const items = addItem([], inicio, "formacion-inicio-2027-03");
    expect(items[0]!.editionId).toBe("formacion-inicio-2027-03");
    const moved = setItemEdition(items, "formacion-inicio", "formacion-inicio-2027-01");
    expect(moved[0]!.editionId).toBe("formacion-inicio-2027-01");
    expect(setItemEdition(moved, "formacion-inicio", "formacion-inicio-2027-01")).toBe(moved);
    expect(setItemEdition(moved, "expert-nails", "x")).toBe(moved);
  });
  it("keeps a bookable chosen edition silently", () => {
    const items = addItem([], inicio, "formacion-inicio-2027-03");
    expect(reconcileCart(items, catalogue)).toEqual({ items, changed: false });
  });
  it("keeps a chosen edition that can no longer be booked, so the cart can say so (never a silent swap)", () => {
    const result = reconcileCart(addItem([], inicio, "formacion-inicio-2026-11"), catalogue);
    expect(result.changed).toBe(false);
    expect(result.items[0]!.editionId).toBe("formacion-inicio-2026-11");
    expect(lineEdition(inicioCatalogue, "formacion-inicio-2026-11")).toEqual({ kind: "unavailable" });
    const full = reconcileCart(addItem([], expert, "expert-nails-2027-01"), catalogue);
    expect(full.items[0]!.editionId).toBe("expert-nails-2027-01");
    expect(lineEdition(expertCatalogue, "expert-nails-2027-01")).toEqual({ kind: "unavailable" });
  });
  it("drops a stored edition id that is not an id at all", () => {
    const result = reconcileCart([{ ...inicio, editionId: "<script>", quantity: 1 }], catalogue);
    expect(result.changed).toBe(true);
    expect(result.items[0]!.editionId).toBeNull();
  });
  it("the edition a line is for: the chosen one, else the next bookable; why there is none", () => {
    expect(lineEdition(inicioCatalogue, "formacion-inicio-2027-03")).toEqual({
      kind: "chosen",
      edition: expect.objectContaining({ id: "formacion-inicio-2027-03" }),
    });
    expect(lineEdition(inicioCatalogue, null)).toEqual({
      kind: "chosen",
      edition: expect.objectContaining({ id: "formacion-inicio-2027-01" }),
    });
    expect(lineEdition(inicioCatalogue, "gone")).toEqual({ kind: "unavailable" });
    expect(lineEdition({ ...expertCatalogue, fullyBooked: true }, null)).toEqual({ kind: "sold-out" });
    expect(lineEdition({ ...expertCatalogue, fullyBooked: false }, null)).toEqual({ kind: "undated" });
    expect(lineEditionPayable({ kind: "undated" })).toBe(true);
    expect(lineEditionPayable({ kind: "unavailable" })).toBe(false);
    expect(lineEditionPayable({ kind: "sold-out" })).toBe(false);
  });
});
