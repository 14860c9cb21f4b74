import { describe, expect, it } from "vitest";
import {
  isWholeOrder,
  lineStates,
  openLineIds,
  refundItemIds,
  selectLines,
  withdrawalRefundCents,
  withdrawalState,
} from "./withdrawal-lines.ts";

const lines = [
  { id: "a", noSeat: false },
  { id: "b", noSeat: false },
  { id: "c", noSeat: true },
];

describe("withdrawal by course", () => {
  it("reads the lines a refund names, and none from anything else", () => {
    expect(refundItemIds('["a","b"]')).toEqual(["a", "b"]);
    expect(refundItemIds(null)).toBeNull();
    expect(refundItemIds("[]")).toBeNull();
    expect(refundItemIds("{")).toBeNull();
    expect(refundItemIds('{"a":1}')).toBeNull();
  });

  it("keeps a line open until it is withdrawn or a refund names it; a line without a seat was refunded", () => {
    const states = lineStates(lines, new Set(["a"]), [{ itemIds: ["c"] }]);
    expect([...states]).toEqual([
      ["a", "withdrawn"],
      ["b", "open"],
      ["c", "refunded"],
    ]);
    expect(openLineIds(states)).toEqual(["b"]);
    expect(openLineIds(lineStates(lines, new Set(), [{ itemIds: ["b"] }]))).toEqual(["a"]);
  });

  it("closes every open line after a refund that names none (an amount given back by the staff)", () => {
    const states = lineStates(lines, new Set(["a"]), [{ itemIds: null }]);
    expect(states.get("a")).toBe("withdrawn");
    expect(states.get("b")).toBe("closed");
    expect(openLineIds(states)).toEqual([]);
  });

  it("needs at least one course, every one open, and returns them in the order's order", () => {
    expect(selectLines([], ["a", "b"])).toEqual({ ok: false, reason: "none" });
    expect(selectLines([""], ["a", "b"])).toEqual({ ok: false, reason: "none" });
    expect(selectLines(["b", "a", "b"], ["a", "b"])).toEqual({ ok: true, ids: ["a", "b"] });
    expect(selectLines(["b"], ["a", "b"])).toEqual({ ok: true, ids: ["b"] });
    expect(selectLines(["a", "x"], ["a", "b"])).toEqual({ ok: false, reason: "unavailable" });
  });

  it("gives back the lines' prices, never more than the order has left", () => {
    expect(withdrawalRefundCents([30000], 58000)).toBe(30000);
    expect(withdrawalRefundCents([30000, 28000], 58000)).toBe(58000);
    expect(withdrawalRefundCents([30000], 12000)).toBe(12000);
    expect(withdrawalRefundCents([30000], -5)).toBe(0);
  });

  it("is the whole order only for a first withdrawal of every kept line", () => {
    expect(isWholeOrder(["a", "b"], ["a", "b"], 0)).toBe(true);
    expect(isWholeOrder(["a"], ["a", "b"], 0)).toBe(false);
    expect(isWholeOrder(["b"], ["b"], 1)).toBe(false);
  });

  it("shows the history's button while a course is open in the 14 days, then that she withdrew", () => {
    const open = lineStates(lines, new Set(["a"]), []);
    expect(withdrawalState(true, open)).toBe("open");
    expect(withdrawalState(false, open)).toBe("done");
    expect(withdrawalState(true, lineStates(lines, new Set(["a", "b"]), []))).toBe("done");
    expect(withdrawalState(false, lineStates(lines, new Set(), []))).toBe("none");
    expect(withdrawalState(true, lineStates(lines, new Set(), [{ itemIds: null }]))).toBe("none");
  });
});
