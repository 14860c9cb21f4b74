import { describe, expect, it } from "vitest";
import { profileRedirectTarget, sectionOfPath } from "./profile-sections.ts";

const target = (path: string) => profileRedirectTarget(new URL(path, "http://localhost"));

describe("profile sections", () => {
  it("sends /perfil to Datos personales", () => {
    expect(target("/perfil")).toBe("/perfil/datos");
  });

  it("maps every old ?tab= link to its section", () => {
    expect(target("/perfil?tab=datos")).toBe("/perfil/datos");
    expect(target("/perfil?tab=cursos")).toBe("/perfil/cursos");
    expect(target("/perfil?tab=compras")).toBe("/perfil/compras");
    expect(target("/perfil?tab=configuracion")).toBe("/perfil/ajustes");
    expect(target("/perfil?tab=ajustes")).toBe("/perfil/ajustes");
    expect(target("/perfil?tab=desconocida")).toBe("/perfil/datos");
  });

  it("keeps the other query parameters", () => {
    expect(target("/perfil?tab=datos&editar=1")).toBe("/perfil/datos?editar=1");
    expect(target("/perfil?guardado=preferencias&tab=configuracion")).toBe("/perfil/ajustes?guardado=preferencias");
  });

  it("names the section a path shows", () => {
    expect(sectionOfPath("/perfil/ajustes")?.label).toBe("Configuración");
    expect(sectionOfPath("/perfil/compras/")?.label).toBe("Historial de compras");
    expect(sectionOfPath("/perfil")).toBeUndefined();
    expect(sectionOfPath("/perfil/mis-datos.json")).toBeUndefined();
  });
});
