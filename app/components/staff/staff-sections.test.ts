import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routeConfig from "../../routes.ts";
import { currentStaffSection, STAFF_GROUPS, STAFF_HOME, visibleStaffGroups } from "./staff-sections.ts";

function patterns(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((e) => {
    const full = e.path ? `${parent}/${e.path}` : parent;
    return [...(e.children ? [] : [full || "/"]), ...(e.children ? patterns(e.children, full) : [])];
  });
}

const sections = STAFF_GROUPS.flatMap((g) => g.sections);
const labelsOf = (role: "staff" | "owner") => visibleStaffGroups(role).flatMap((g) => g.sections.map((s) => s.label));

describe("staff menu groups", () => {
  it("leads every section to a screen of the route table, once", () => {
    const routes = patterns(routeConfig);
    for (const s of [STAFF_HOME, ...sections]) expect(routes, s.to).toContain(s.to);
    expect(new Set(sections.map((s) => s.to)).size).toBe(sections.length);
  });

  it("keeps the groups short and labelled in sentence case", () => {
    expect(STAFF_GROUPS.length).toBeLessThanOrEqual(6);
    for (const g of STAFF_GROUPS) {
      expect(g.sections.length).toBeGreaterThan(0);
      expect(g.sections.length).toBeLessThanOrEqual(4);
      expect(g.label).toMatch(/^\p{Lu}[^A-Z]*$/u);
    }
  });

  it("shows the owner's sections to the owner alone", () => {
    expect(labelsOf("owner")).toEqual(expect.arrayContaining(["Equipo", "Auditoría", "Datos fiscales", "Reservas"]));
    const staff = labelsOf("staff");
    expect(staff).not.toContain("Equipo");
    expect(staff).not.toContain("Auditoría");
    expect(staff).toEqual(expect.arrayContaining(["Agenda", "Pedidos", "Cursos", "Seguridad"]));
    expect(visibleStaffGroups("staff").every((g) => g.sections.length > 0)).toBe(true);
  });

  it("finds the section of a page, the panel on its own path only", () => {
    expect(currentStaffSection("/gestion")?.label).toBe("Panel");
    expect(currentStaffSection("/gestion/cursos/formacion-inicio/convocatorias/nueva")?.label).toBe("Cursos");
    expect(currentStaffSection("/gestion/pedidos/abc")?.label).toBe("Pedidos");
    // The counter's screen is current on its own path only; its figures and close have their own sections.
    expect(currentStaffSection("/gestion/caja")?.label).toBe("Cobrar");
    expect(currentStaffSection("/gestion/caja/cifras")?.label).toBe("Cifras de caja");
    expect(currentStaffSection("/gestion/caja/cierre")?.label).toBe("Cierre de caja");
    expect(currentStaffSection("/gestion/pedidosx")).toBeNull();
    expect(currentStaffSection("/gestion/verificar")).toBeNull();
  });
});
