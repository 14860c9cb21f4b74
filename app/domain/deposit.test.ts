import { describe, expect, it } from "vitest";
import { formatEuros } from "./pricing.ts";
import {
  depositFor,
  depositLineTitle,
  depositNotice,
  depositStateText,
  depositTowardPrice,
  paymentSplitText,
  refundsDeposit,
} from "./deposit.ts";

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

  it("tells the amount and the cancellation window before paying", () => {
    const text = depositNotice(1000, 24);
    expect(text).toContain(`una señal de ${formatEuros(1000)},`);
    expect(text).toContain("más de 24 h");
  });
});

describe("deposit state", () => {
  it("reads as the amount and where the money is", () => {
    expect(depositStateText({ cents: 1500, state: "paid" })).toBe(
      `${formatEuros(1500)}, pagada en la web; se descuenta del precio`,
    );
    expect(depositStateText({ cents: 1500, state: "refund-pending" })).toBe(`${formatEuros(1500)}, en devolución`);
  });
});

describe("what is paid when", () => {
  const e = formatEuros;
  it("says the whole price is paid at the salon only when there is no deposit", () => {
    expect(paymentSplitText(2500, false, 0)).toBe(`${e(2500)}, se paga en el salón`);
    expect(paymentSplitText(3000, true, 0)).toBe(`desde ${e(3000)}, se paga en el salón`);
  });

  it("says what the deposit charges when booking and what is left for the salon", () => {
    expect(paymentSplitText(2500, false, 1000)).toBe(
      `${e(2500)}: señal de ${e(1000)} al reservar y ${e(1500)} en el salón`,
    );
    expect(paymentSplitText(3000, true, 1000)).toBe(
      `desde ${e(3000)}: señal de ${e(1000)} al reservar y el resto (desde ${e(2000)}) en el salón`,
    );
    expect(paymentSplitText(1000, false, 1000)).toBe(`${e(1000)}: lo pagas entero como señal al reservar`);
    expect(paymentSplitText(2500, false, 1000)).not.toContain("se paga en el salón");
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
