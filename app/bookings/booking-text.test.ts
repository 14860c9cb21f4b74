import { describe, expect, it } from "vitest";
import { formatEuros as e } from "~/domain/pricing.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { dayStateText, depositStateLine, paymentSplit, servicePriceText, statusText } from "./booking-text.ts";

const es = serverTranslator("es");
const ca = serverTranslator("ca");

describe("what is paid when", () => {
  it("says the whole price is paid at the salon only when there is no señal", () => {
    expect(paymentSplit(es, 2500, false, 0)).toBe(`${e(2500)}, se paga en el salón`);
    expect(paymentSplit(es, 3000, true, 0)).toBe(`desde ${e(3000)}, se paga en el salón`);
    expect(paymentSplit(ca, 3000, true, 0)).toBe(`des de ${e(3000)}, es paga al saló`);
  });

  it("says what the señal charges when booking and what is left for the salon", () => {
    expect(paymentSplit(es, 2500, false, 1000)).toBe(`${e(2500)}: señal de ${e(1000)} al reservar y ${e(1500)} en el salón`);
    expect(paymentSplit(es, 3000, true, 1000)).toBe(
      `desde ${e(3000)}: señal de ${e(1000)} al reservar y el resto (desde ${e(2000)}) en el salón`,
    );
    expect(paymentSplit(es, 1000, false, 1000)).toBe(`${e(1000)}: lo pagas entero como señal al reservar`);
    expect(paymentSplit(ca, 2500, false, 1000)).toBe(`${e(2500)}: senyal de ${e(1000)} en reservar i ${e(1500)} al saló`);
    expect(paymentSplit(ca, 1000, false, 1000)).toBe(`${e(1000)}: el pagues sencer com a senyal en reservar`);
  });
});

describe("a señal's state", () => {
  it("reads as the amount and where the money is", () => {
    expect(depositStateLine(es, { cents: 1500, state: "paid" })).toBe(
      `${e(1500)}, pagada en la web; se descuenta del precio`,
    );
    expect(depositStateLine(es, { cents: 1500, state: "refund-pending" })).toBe(`${e(1500)}, en devolución`);
    expect(depositStateLine(ca, { cents: 1500, state: "refunded" })).toBe(`${e(1500)}, retornat`);
  });
});

describe("a day in the calendar", () => {
  it("labels each state, a free day by its first time", () => {
    expect(dayStateText(es, "free", 570, false)).toBe("Desde las 09:30");
    expect(dayStateText(es, "full", null, false)).toBe("Completo");
    expect(dayStateText(es, "closed", null, true)).toBe("Cerrado");
    expect(dayStateText(es, "off", null, false)).toBe("No trabaja");
    expect(dayStateText(es, "off", null, true)).toBe("No trabaja nadie");
    expect(dayStateText(ca, "free", 570, false)).toBe("Des de les 09:30");
  });
});

describe("prices and statuses", () => {
  it("writes a starting price with its word and a fixed one bare", () => {
    expect(servicePriceText(es, 2500, false)).toBe(e(2500));
    expect(servicePriceText(es, 4000, true)).toBe(`desde ${e(4000)}`);
    expect(servicePriceText(ca, 4000, true)).toBe(`des de ${e(4000)}`);
  });

  it("names a known status and leaves an unknown one as it is", () => {
    expect(statusText(es, "no_show")).not.toBe("no_show");
    expect(statusText(es, "no_show")).toBe("No asististe");
    expect(statusText(ca, "cancelled")).toBe("Anul·lada");
    expect(statusText(es, "archived")).toBe("archived");
  });
});
