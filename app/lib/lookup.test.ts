import { describe, expect, it } from "vitest";
import { lookup } from "./lookup.ts";

describe("lookup", () => {
  const table = { datos: "Guardado" };

  it("finds the table's own entries", () => {
    expect(lookup(table, "datos")).toBe("Guardado");
  });

  it("finds nothing for inherited names, missing keys or no key", () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "otra", "", null, undefined]) {
      expect(lookup(table, key), String(key)).toBeUndefined();
    }
  });
});
