import { describe, expect, it } from "vitest";
import { depositFor, depositLineTitle, depositTowardPrice, refundsDeposit } from "./deposit.ts";

describe("deposits", () => {
  it("adds the deposits of the services booked in a row, ignoring those without one", () => {
    expect(depositFor([{ depositCents: 1000 }, { depositCents: null }, { depositCents: 500 }])).toBe(1500);
    expect(depositFor([{ depositCents: null }])).toBe(0);
    expect(depositFor([])).toBe(0);
  });

  it("gives the deposit back when the client cancels, and when the staff cancel unless they keep it", () => {
    expect(refundsDeposit({ by: "client" })).toBe(true);
    expect(refundsDeposit({ by: "client", keepDeposit: true })).toBe(true);
    expect(refundsDeposit({ by: "staff" })).toBe(true);
    expect(refundsDeposit({ by: "staff", keepDeposit: true })).toBe(false);
  });

  it("names the service and the appointment's Madrid time on the line", () => {
    // 2026-12-04 09:30 UTC is 10:30 in Madrid (winter time).
    expect(depositLineTitle("Semipermanente", Date.parse("2026-12-04T09:30:00Z"))).toBe(
      "Señal · Semipermanente · cita del viernes, 4 de diciembre, 10:30",
    );
  });
});

describe("the señal in the price", () => {
  it("counts one to pay or paid, not one given back", () => {
    expect(depositTowardPrice(null)).toBe(0);
    expect(depositTowardPrice({ cents: 1500, state: "unpaid" })).toBe(1500);
    expect(depositTowardPrice({ cents: 1500, state: "paid" })).toBe(1500);
    expect(depositTowardPrice({ cents: 1500, state: "refund-pending" })).toBe(0);
    expect(depositTowardPrice({ cents: 1500, state: "refunded" })).toBe(0);
  });
});
