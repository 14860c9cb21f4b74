import { describe, expect, it } from "vitest";
import { prefersCatalan } from "./locales.ts";

describe("a browser that prefers Catalan", () => {
  it("is one whose first language of the two is Catalan, in any region or variant", () => {
    expect(prefersCatalan(["ca-ES", "es-ES", "en"])).toBe(true);
    expect(prefersCatalan(["en-GB", "ca"])).toBe(true);
    expect(prefersCatalan(["ca-ES-valencia"])).toBe(true);
    expect(prefersCatalan(["CA_es"])).toBe(true);
  });

  it("is not one that puts Spanish first, names neither, or names nothing", () => {
    expect(prefersCatalan(["es-ES", "ca-ES"])).toBe(false);
    expect(prefersCatalan(["en-US", "fr"])).toBe(false);
    expect(prefersCatalan([])).toBe(false);
    expect(prefersCatalan(["cat", "es"])).toBe(false);
  });
});
