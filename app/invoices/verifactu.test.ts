import { describe, expect, it } from "vitest";
import {
  aeatAmount,
  aeatDate,
  altaHashInput,
  anulacionHashInput,
  huella,
  madridTimestamp,
  verificationUrl,
} from "./verifactu.ts";

describe("AEAT formats", () => {
  it("writes dates as DD-MM-YYYY", () => {
    expect(aeatDate("2024-01-01")).toBe("01-01-2024");
    expect(aeatDate("2026-12-31")).toBe("31-12-2026");
    expect(() => aeatDate("01-01-2024")).toThrow(RangeError);
  });

  it("writes amounts with a dot and two decimals, no thousands separator", () => {
    expect(aeatAmount(1235)).toBe("12.35");
    expect(aeatAmount(-1235)).toBe("-12.35");
    expect(aeatAmount(0)).toBe("0.00");
    expect(aeatAmount(127_900)).toBe("1279.00");
    expect(aeatAmount(5)).toBe("0.05");
    expect(aeatAmount(-5)).toBe("-0.05");
    expect(aeatAmount(123_456_789)).toBe("1234567.89");
    expect(() => aeatAmount(1.5)).toThrow(RangeError);
  });

  it("writes Madrid timestamps with their offset and no milliseconds", () => {
    expect(madridTimestamp(new Date("2024-01-01T18:20:30Z"))).toBe("2024-01-01T19:20:30+01:00");
    expect(madridTimestamp(new Date("2024-07-15T08:05:09.999Z"))).toBe("2024-07-15T10:05:09+02:00");
    // Around midnight the Madrid date is the next day.
    expect(madridTimestamp(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01T00:30:00+01:00");
    // The clock changes: 2024-03-31 02:00 CET → 03:00 CEST; 2024-10-27 03:00 CEST → 02:00 CET.
    expect(madridTimestamp(new Date("2024-03-31T00:59:59Z"))).toBe("2024-03-31T01:59:59+01:00");
    expect(madridTimestamp(new Date("2024-03-31T01:00:00Z"))).toBe("2024-03-31T03:00:00+02:00");
    expect(madridTimestamp(new Date("2024-10-27T00:30:00Z"))).toBe("2024-10-27T02:30:00+02:00");
    expect(madridTimestamp(new Date("2024-10-27T01:30:00Z"))).toBe("2024-10-27T02:30:00+01:00");
    expect(() => madridTimestamp(new Date("nonsense"))).toThrow(RangeError);
  });
});

describe("huella: the AEAT's worked examples (hash specification v0.1.2, section 6)", () => {
  const case1Input =
    "IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00";
  const case1Huella = "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60";
  const case2Input =
    "IDEmisorFactura=89890001K&NumSerieFactura=12345679/G34&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60&FechaHoraHusoGenRegistro=2024-01-01T19:20:35+01:00";
  const case2Huella = "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97";
  const case3Input =
    "IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00";
  const case3Huella = "177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68";

  it("case 1: the first registro de alta of a chain", () => {
    const input = altaHashInput({
      issuerNif: "89890001K",
      invoiceNumber: "12345678/G33",
      issueDate: aeatDate("2024-01-01"),
      invoiceType: "F1",
      vatTotal: aeatAmount(1235),
      amountTotal: aeatAmount(12_345),
      previousHuella: "",
      generatedAt: madridTimestamp(new Date("2024-01-01T18:20:30Z")),
    });
    expect(input).toBe(case1Input);
    expect(huella(input)).toBe(case1Huella);
  });

  it("case 2: a registro de alta chained to case 1", () => {
    const input = altaHashInput({
      issuerNif: "89890001K",
      invoiceNumber: "12345679/G34",
      issueDate: aeatDate("2024-01-01"),
      invoiceType: "F1",
      vatTotal: aeatAmount(1235),
      amountTotal: aeatAmount(12_345),
      previousHuella: huella(case1Input),
      generatedAt: madridTimestamp(new Date("2024-01-01T18:20:35Z")),
    });
    expect(input).toBe(case2Input);
    expect(huella(input)).toBe(case2Huella);
  });

  it("case 3: a registro de anulación chained to case 2", () => {
    const input = anulacionHashInput({
      issuerNif: "89890001K",
      invoiceNumber: "12345679/G34",
      issueDate: aeatDate("2024-01-01"),
      previousHuella: case2Huella,
      generatedAt: madridTimestamp(new Date("2024-01-01T18:20:40Z")),
    });
    expect(input).toBe(case3Input);
    expect(huella(input)).toBe(case3Huella);
  });

  it("trims the values and hashes UTF-8", () => {
    const input = altaHashInput({
      issuerNif: " 89890001K ",
      invoiceNumber: "12345678/G33\n",
      issueDate: "01-01-2024",
      invoiceType: "F1",
      vatTotal: "12.35",
      amountTotal: "123.45",
      previousHuella: "  ",
      generatedAt: "2024-01-01T19:20:30+01:00",
    });
    expect(input).toBe(case1Input);
    // "ñ" is two bytes in UTF-8 (c3 b1); digest computed independently with Python's hashlib.
    expect(huella("ñ")).toBe("024BB90888CA89A15A19E9BDD8C712BFB070465FCE1EF25E43C170EA44FC5E5F");
  });
});

describe("verificationUrl", () => {
  it("reproduces the AEAT QR specification example", () => {
    expect(
      verificationUrl({
        mode: "verifactu",
        nif: "89890001K",
        invoiceNumber: "12345678&G33",
        issueDate: "2024-01-01",
        totalCents: 24_140,
      }),
    ).toBe(
      "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.40",
    );
  });

  it("uses the test and the no-VERI*FACTU services", () => {
    const invoice = { nif: "B65410011", invoiceNumber: "AN2026/000001", issueDate: "2026-11-24", totalCents: -10_000 };
    expect(verificationUrl({ ...invoice, mode: "verifactu-test" })).toBe(
      "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B65410011&numserie=AN2026%2F000001&fecha=24-11-2026&importe=-100.00",
    );
    expect(verificationUrl({ ...invoice, mode: "off" })).toBe(
      "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu?nif=B65410011&numserie=AN2026%2F000001&fecha=24-11-2026&importe=-100.00",
    );
  });
});
