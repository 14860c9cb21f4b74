import { describe, expect, it } from "vitest";
import { isUnderPath } from "./paths.ts";

describe("isUnderPath", () => {
  it("takes the prefix itself and what is below it, not a longer name", () => {
    expect(isUnderPath("/gestion", "/gestion")).toBe(true);
    expect(isUnderPath("/gestion/pedidos/42", "/gestion")).toBe(true);
    expect(isUnderPath("/gestionar", "/gestion")).toBe(false);
    expect(isUnderPath("/", "/gestion")).toBe(false);
  });

  it("reads React Router's data requests as the page they carry", () => {
    expect(isUnderPath("/gestion.data", "/gestion")).toBe(true);
    expect(isUnderPath("/perfil/datos.data", "/perfil")).toBe(true);
    expect(isUnderPath("/perfilar.data", "/perfil")).toBe(false);
  });
});
