import { describe, expect, it } from "vitest";
import { missingSellerFields, parseSellerForm, sellerAddressLine } from "./seller.ts";

const complete = {
  legalName: "  Alejandra   Ruiz García ",
  nif: "12.345.678-z",
  address: "Carrer Major 12",
  postalCode: "08750",
  city: "Molins de Rei",
  province: "Barcelona",
  registry: "",
  seriesPrefix: "an",
};

describe("seller data", () => {
  it("cleans and normalizes what the owner typed; an empty prefix is AN", () => {
    const r = parseSellerForm(complete);
    expect(r).toMatchObject({ ok: true, data: { legalName: "Alejandra Ruiz García", nif: "12345678Z", seriesPrefix: "AN" } });
    expect(parseSellerForm({ ...complete, seriesPrefix: "" })).toMatchObject({ ok: true, data: { seriesPrefix: "AN" } });
  });

  it("allows empty fields but refuses a wrong check letter, a foreign postal code or a bad prefix", () => {
    expect(parseSellerForm({})).toMatchObject({ ok: true });
    const r = parseSellerForm({ ...complete, nif: "12345678A", postalCode: "99999", seriesPrefix: "A-1" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(["nif", "postalCode", "seriesPrefix"]);
    expect(parseSellerForm({ legalName: 42 as unknown as string })).toMatchObject({ ok: true, data: { legalName: "" } });
  });

  it("says which required fields are missing, in form order", () => {
    expect(missingSellerFields({ nif: "12345678Z", city: " " })).toEqual(["legalName", "address", "postalCode", "city", "province"]);
  });

  it("writes the address on one line, the province only when it is not the city", () => {
    expect(sellerAddressLine(complete)).toBe("Carrer Major 12, 08750 Molins de Rei (Barcelona)");
    expect(sellerAddressLine({ ...complete, city: "Barcelona", postalCode: "08001" })).toBe("Carrer Major 12, 08001 Barcelona");
  });
});
