import { describe, expect, it } from "vitest";
import { profilePath, profileRedirectTarget, sectionOfPath } from "./profile-sections.ts";

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

  it("sends /ca/perfil to the Catalan sections, with the same query", () => {
    expect(target("/ca/perfil")).toBe("/ca/perfil/dades");
    expect(target("/ca/perfil?tab=configuracion&guardado=preferencias")).toBe(
      "/ca/perfil/configuracio?guardado=preferencias",
    );
    expect(target("/ca/perfil?tab=compras")).toBe("/ca/perfil/compres");
  });

  it("writes each section's address in either language", () => {
    expect(profilePath("citas")).toBe("/perfil/citas");
    expect(profilePath("citas", "ca")).toBe("/ca/perfil/cites");
    expect(profilePath("ajustes", "ca")).toBe("/ca/perfil/configuracio");
  });

  it("names the section a path shows, in either language", () => {
    expect(sectionOfPath("/perfil/ajustes")?.label).toBe("account.profile.section.ajustes");
    expect(sectionOfPath("/perfil/compras/")?.label).toBe("account.profile.section.compras");
    expect(sectionOfPath("/ca/perfil/configuracio")?.slug).toBe("ajustes");
    expect(sectionOfPath("/ca/perfil/dades")?.slug).toBe("datos");
    expect(sectionOfPath("/perfil")).toBeUndefined();
    expect(sectionOfPath("/ca/perfil")).toBeUndefined();
    expect(sectionOfPath("/perfil/mis-datos.json")).toBeUndefined();
    expect(sectionOfPath("/perfil/citas/abc")).toBeUndefined();
  });
});
