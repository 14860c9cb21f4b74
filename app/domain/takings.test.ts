import { describe, expect, it } from "vitest";
import { sumTakings } from "./takings.ts";

describe("sumTakings", () => {
  it("sums sales by kind, subtracts the refunds made and keeps the demo gateway apart", () => {
    const t = sumTakings(
      [
        { kind: "courses", cents: 28000, demo: false },
        { kind: "deposit", cents: 1500, demo: false },
        { kind: "courses", cents: 45000, demo: false },
        { kind: "courses", cents: 32900, demo: true },
      ],
      [
        { cents: 10000, demo: false },
        { cents: 2000, demo: true },
      ],
      ["courses", "deposit"],
    );
    expect(t.byKind).toEqual([
      { kind: "courses", cents: 73000, orders: 2 },
      { kind: "deposit", cents: 1500, orders: 1 },
    ]);
    expect({ refundsCents: t.refundsCents, refunds: t.refunds, netCents: t.netCents }).toEqual({
      refundsCents: 10000,
      refunds: 1,
      netCents: 64500,
    });
    expect({ demoCents: t.demoCents, demoOrders: t.demoOrders }).toEqual({ demoCents: 30900, demoOrders: 1 });
  });

  it("lists every kind asked for at zero on a day without sales, and a refund alone makes it negative", () => {
    const t = sumTakings([], [{ cents: 1500, demo: false }], ["courses", "deposit"]);
    expect(t.byKind).toEqual([
      { kind: "courses", cents: 0, orders: 0 },
      { kind: "deposit", cents: 0, orders: 0 },
    ]);
    expect(t.netCents).toBe(-1500);
  });

  it("keeps a kind it was not told about, after the known ones", () => {
    const t = sumTakings([{ kind: "voucher", cents: 5000, demo: false }], [], ["courses"]);
    expect(t.byKind.map((k) => k.kind)).toEqual(["courses", "voucher"]);
    expect(t.netCents).toBe(5000);
  });
});
