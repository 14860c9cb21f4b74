import { describe, expect, it } from "vitest";
import { EUROS_MESSAGES } from "../domain/euros.ts";
import {
  NEW_PRODUCT_VALUES,
  PRODUCT_MESSAGES,
  parseNewProductForm,
  parseProductForm,
  parseStockAdjustment,
  productFormValues,
  stockLevel,
  vatRateText,
} from "./product-form.ts";

const form = { name: "Aceite de cutículas", nameCa: "Oli de cutícules", price: "12,50", vatRate: "2100", active: "on" };

describe("the product form", () => {
  it("reads a price in euros as cents, VAT included, with the rate and the Catalan name", () => {
    expect(parseProductForm(form)).toEqual({
      ok: true,
      input: {
        name: "Aceite de cutículas",
        nameCa: "Oli de cutícules",
        priceCents: 1250,
        vatRateBp: 2100,
        barcode: null,
        allowNegativeStock: undefined,
        active: true,
      },
    });
    const thousands = parseProductForm({ ...form, price: "1.250" });
    expect(thousands.ok && thousands.input.priceCents).toBe(125_000);
  });

  it("tidies the names, leaves an empty Catalan name null and an unticked box inactive", () => {
    const result = parseProductForm({ ...form, name: "  Crema   de\nmanos ", nameCa: "   ", active: "" });
    expect(result.ok && result.input).toMatchObject({ name: "Crema de manos", nameCa: null, active: false });
  });

  it("answers each bad field in Spanish, all at once, echoing what was typed", () => {
    const result = parseProductForm({ name: " ", price: "12,555", vatRate: "700", barcode: "84-1234" });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: PRODUCT_MESSAGES.name,
        price: EUROS_MESSAGES.decimals,
        vatRate: PRODUCT_MESSAGES.vatRate,
        barcode: PRODUCT_MESSAGES.barcode,
      },
      values: { name: " ", price: "12,555", vatRate: "700", barcode: "84-1234" },
    });
  });

  it("refuses a free, negative or absurd price and a missing one", () => {
    const priceError = (price: string | undefined) => {
      const values: Record<string, string> = { ...form };
      if (price === undefined) delete values.price;
      else values.price = price;
      const r = parseProductForm(values);
      return r.ok ? null : r.errors.price;
    };
    expect(priceError("0")).toBe(PRODUCT_MESSAGES.priceZero);
    expect(priceError("-3")).toBe(EUROS_MESSAGES.negative);
    expect(priceError("10000,01")).toBe(PRODUCT_MESSAGES.priceMax);
    expect(priceError("10.000")).toBeNull();
    expect(priceError("doce")).toBe(EUROS_MESSAGES.invalid);
    expect(priceError(undefined)).toBe(PRODUCT_MESSAGES.price);
  });

  it("trims a barcode, accepts letters and digits up to 64, and makes an empty one null", () => {
    const barcode = (value: string) => {
      const r = parseProductForm({ ...form, barcode: value });
      return r.ok ? r.input.barcode : r.errors.barcode;
    };
    expect(barcode("  8412345678905 ")).toBe("8412345678905");
    expect(barcode("ABC123xyz")).toBe("ABC123xyz");
    expect(barcode("   ")).toBeNull();
    expect(barcode("A".repeat(64))).toBe("A".repeat(64));
    expect(barcode("A".repeat(65))).toBe(PRODUCT_MESSAGES.barcode);
    expect(barcode("8412 3456")).toBe(PRODUCT_MESSAGES.barcode);
    expect(barcode("ñandú")).toBe(PRODUCT_MESSAGES.barcode);
  });

  it("accepts the three VAT rates only", () => {
    for (const rate of ["2100", "1000", "400"]) {
      const r = parseProductForm({ ...form, vatRate: rate });
      expect(r.ok && r.input.vatRateBp).toBe(Number(rate));
    }
    for (const rate of ["", "21", "0", "2100.5"]) expect(parseProductForm({ ...form, vatRate: rate }).ok).toBe(false);
  });

  it("reads the owner's choice on selling below zero, and its absence as 'keep it'", () => {
    const allow = (value?: string) => {
      const r = parseProductForm(value === undefined ? form : { ...form, allowNegativeStock: value });
      return r.ok ? r.input.allowNegativeStock : r.errors.allowNegativeStock;
    };
    expect(allow("1")).toBe(true);
    expect(allow("0")).toBe(false);
    expect(allow()).toBeUndefined();
    expect(allow("sí")).toBe(PRODUCT_MESSAGES.allowNegativeStock);
  });

  it("caps the names", () => {
    const r = parseProductForm({ ...form, name: "x".repeat(81), nameCa: "y".repeat(81) });
    expect(r.ok ? null : r.errors).toEqual({ name: PRODUCT_MESSAGES.nameLong, nameCa: PRODUCT_MESSAGES.nameCaLong });
  });
});

describe("a new product", () => {
  it("also takes its starting stock in whole units", () => {
    const r = parseNewProductForm({ ...form, stock: " 12 " });
    expect(r.ok && r.input.stock).toBe(12);
    for (const stock of ["-1", "1,5", "", "100000", "doce"]) {
      const bad = parseNewProductForm({ ...form, stock });
      expect(bad.ok ? null : bad.errors.stock).toBe(PRODUCT_MESSAGES.stock);
    }
  });

  it("lists the stock's error with the other fields'", () => {
    const r = parseNewProductForm({ ...form, price: "", stock: "x" });
    expect(r.ok ? null : Object.keys(r.errors).sort()).toEqual(["price", "stock"]);
  });

  it("starts from an empty form that is 21 %, no stock, active and never below zero", () => {
    const r = parseNewProductForm({ ...NEW_PRODUCT_VALUES, name: "Lima", price: "3" });
    expect(r).toMatchObject({
      ok: true,
      input: { vatRateBp: 2100, stock: 0, allowNegativeStock: false, active: true, priceCents: 300 },
    });
  });
});

describe("a stock adjustment", () => {
  it("reads a signed number of units and the reason", () => {
    const delta = (value: string) => {
      const r = parseStockAdjustment({ delta: value, reason: "Recuento" });
      return r.ok ? r.input.delta : r.errors.delta;
    };
    expect(delta("5")).toBe(5);
    expect(delta("+5")).toBe(5);
    expect(delta("-2")).toBe(-2);
    expect(delta(" − 3 ")).toBe(-3);
    for (const bad of ["0", "-0", "", "1,5", "dos", "100000", "--1"]) expect(delta(bad)).toBe(PRODUCT_MESSAGES.delta);
  });

  it("requires a reason of one tidy line", () => {
    expect(parseStockAdjustment({ delta: "-1", reason: "  Rotura \n en tienda " })).toEqual({
      ok: true,
      input: { delta: -1, reason: "Rotura en tienda" },
    });
    const missing = parseStockAdjustment({ delta: "-1", reason: "  " });
    expect(missing.ok ? null : missing.errors).toEqual({ reason: PRODUCT_MESSAGES.reason });
    const long = parseStockAdjustment({ delta: "-1", reason: "x".repeat(121) });
    expect(long.ok ? null : long.errors).toEqual({ reason: PRODUCT_MESSAGES.reasonLong });
  });
});

describe("showing a product", () => {
  it("fills its form from what is stored", () => {
    const values = productFormValues({
      name: "Crema de manos",
      nameCa: null,
      priceCents: 1250,
      vatRateBp: 2100,
      barcode: null,
      allowNegativeStock: true,
      active: false,
    });
    expect(values).toEqual({
      name: "Crema de manos",
      nameCa: "",
      price: "12,50",
      vatRate: "2100",
      barcode: "",
      allowNegativeStock: "1",
      active: "",
    });
    expect(parseProductForm({ ...values, active: "on" })).toMatchObject({ ok: true, input: { priceCents: 1250 } });
  });

  it("marks a stock as none left, running low or fine", () => {
    expect([-2, 0, 1, 2, 3, 40].map(stockLevel)).toEqual(["out", "out", "low", "low", "ok", "ok"]);
  });

  it("writes a VAT rate as a percentage", () => {
    expect([2100, 1000, 400, 550].map(vatRateText)).toEqual(["21 %", "10 %", "4 %", "5,5 %"]);
  });
});
