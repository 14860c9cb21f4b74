import { describe, expect, it } from "vitest";
import { gridRange, gridRows, placeItems, rowBands, workingRows } from "./diary-layout.ts";

const h = (hh: number, mm = 0) => hh * 60 + mm;
const OPEN = { start: h(9), end: h(20) };

describe("gridRange and gridRows", () => {
  it("runs from opening to closing in quarter hours", () => {
    const range = gridRange(OPEN, [])!;
    expect(range).toEqual(OPEN);
    const rows = gridRows(range);
    expect(rows).toHaveLength(44);
    expect(rows[0]).toBe(h(9));
    expect(rows[1]).toBe(h(9, 15));
    expect(rows.at(-1)).toBe(h(19, 45));
  });

  it("widens to take in an appointment outside the opening, to whole quarter hours", () => {
    expect(
      gridRange(OPEN, [
        { start: h(8, 50), end: h(9, 30) },
        { start: h(19, 30), end: h(20, 5) },
      ]),
    ).toEqual({
      start: h(8, 45),
      end: h(20, 15),
    });
  });

  it("is null on a closed day with nothing booked, and shows the appointments of a closed day", () => {
    expect(gridRange(null, [])).toBeNull();
    expect(gridRange(null, [{ start: h(11), end: h(12) }])).toEqual({ start: h(11), end: h(12) });
  });
});

describe("placeItems", () => {
  const working = [{ start: h(10), end: h(14) }];

  it("puts an appointment on the rows of its time", () => {
    const [p] = placeItems(OPEN, [{ id: "a", start: h(10, 30), end: h(11, 40) }], working);
    // 10:30 is the 7th quarter after 09:00; 11:40 ends inside the 11:30 row.
    expect(p).toEqual({ id: "a", row: 7, span: 5, lane: 0, lanes: 1, outOfHours: false, clipped: false });
  });

  it("gives a short item at least one row", () => {
    const [p] = placeItems(OPEN, [{ id: "a", start: h(9, 5), end: h(9, 10) }], working);
    expect(p).toMatchObject({ row: 1, span: 1 });
  });

  it("sets overlapping items side by side, and items that only touch one below the other", () => {
    const placed = placeItems(
      OPEN,
      [
        { id: "b", start: h(10, 30), end: h(11, 30) },
        { id: "a", start: h(10), end: h(11) },
        { id: "c", start: h(11), end: h(12) },
        { id: "d", start: h(13), end: h(13, 30) },
      ],
      working,
    );
    expect(placed.map((p) => [p.id, p.lane, p.lanes])).toEqual([
      ["a", 0, 2],
      ["b", 1, 2],
      ["c", 0, 2],
      ["d", 0, 1],
    ]);
  });

  it("marks what lies outside her working hours", () => {
    const placed = placeItems(
      OPEN,
      [
        { id: "in", start: h(10), end: h(14) },
        { id: "late", start: h(13, 30), end: h(14, 30) },
        { id: "evening", start: h(17), end: h(18) },
      ],
      [...working, { start: h(14), end: h(15) }],
    );
    expect(placed.map((p) => [p.id, p.outOfHours])).toEqual([
      ["in", false],
      ["late", false],
      ["evening", true],
    ]);
    expect(placeItems(OPEN, [{ id: "x", start: h(10), end: h(11) }], [])[0]!.outOfHours).toBe(true);
  });

  it("clips a whole-day block to the grid and leaves out what lies wholly outside", () => {
    const placed = placeItems(
      OPEN,
      [
        { id: "day-off", start: 0, end: h(24) },
        { id: "night", start: h(21), end: h(22) },
      ],
      working,
    );
    expect(placed).toEqual([{ id: "day-off", row: 1, span: 44, lane: 0, lanes: 1, outOfHours: true, clipped: true }]);
  });
});

describe("workingRows and rowBands", () => {
  it("shades the rows she works and merges runs", () => {
    const range = { start: h(9), end: h(11) };
    const flags = workingRows(range, [{ start: h(9, 30), end: h(10, 30) }]);
    expect(flags).toEqual([false, false, true, true, true, true, false, false]);
    expect(rowBands(flags)).toEqual([
      { row: 1, span: 2, working: false },
      { row: 3, span: 4, working: true },
      { row: 7, span: 2, working: false },
    ]);
  });
});
