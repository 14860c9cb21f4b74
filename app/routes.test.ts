import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routeConfig from "./routes.ts";

interface Flat {
  path: string;
  id?: string;
  file: string;
  index?: boolean;
  parentPath: string;
  /** The files of the routes above it (its layouts). */
  ancestors: string[];
}

/** Every route of the table with its full pattern, its id, its file and its layouts. */
function flatten(entries: readonly RouteConfigEntry[], parent = "", ancestors: string[] = []): Flat[] {
  return entries.flatMap((e) => {
    const full = e.path ? `${parent}/${e.path}` : parent;
    return [
      { path: full || "/", id: e.id, file: e.file, index: e.index, parentPath: parent, ancestors },
      ...(e.children ? flatten(e.children, full, [...ancestors, e.file]) : []),
    ];
  });
}

const all = flatten(routeConfig);
const byPath = (path: string) => all.filter((r) => r.path === path && !r.index);

describe("the route table's Catalan account area", () => {
  it("has /ca/perfil as a layout with the Catalan sections as its children, the same modules, ids of their own", () => {
    const [es] = byPath("/perfil");
    const [ca] = byPath("/ca/perfil");
    expect(ca?.file).toBe(es?.file);
    expect(ca?.id).toBe("catalan:/ca/perfil");
    const children = all.filter((r) => r.parentPath === "/ca/perfil");
    expect(children.map((r) => [r.index ? "(index)" : r.path, r.file, r.id])).toEqual([
      ["(index)", "routes/perfil.index.tsx", "catalan:/ca/perfil/index"],
      ["/ca/perfil/dades", "routes/perfil.datos.tsx", "catalan:/ca/perfil/dades"],
      ["/ca/perfil/cites", "routes/perfil.citas.tsx", "catalan:/ca/perfil/cites"],
      ["/ca/perfil/cursos", "routes/perfil.cursos.tsx", "catalan:/ca/perfil/cursos"],
      ["/ca/perfil/compres", "routes/perfil.compras.tsx", "catalan:/ca/perfil/compres"],
      ["/ca/perfil/configuracio", "routes/perfil.ajustes.tsx", "catalan:/ca/perfil/configuracio"],
    ]);
    // The Spanish sections keep their addresses and their default ids.
    expect(all.filter((r) => r.parentPath === "/perfil").map((r) => r.path)).toEqual([
      "/perfil",
      "/perfil/datos",
      "/perfil/citas",
      "/perfil/cursos",
      "/perfil/compras",
      "/perfil/ajustes",
    ]);
  });

  it("registers the other account pages at their Catalan addresses, inside the account layout", () => {
    for (const [es, ca] of [
      ["/perfil/compras/:orderId/desistir", "/ca/perfil/compres/:orderId/desistiment"],
      ["/perfil/citas/:appointmentId", "/ca/perfil/cites/:appointmentId"],
      ["/mis-cursos", "/ca/els-meus-cursos"],
      ["/checkout/:courseId?", "/ca/pagament/:courseId?"],
    ] as const) {
      const [spanish] = byPath(es);
      const [catalan] = byPath(ca);
      expect(catalan?.file, ca).toBe(spanish?.file);
      expect(catalan?.id).toBe(`catalan:${ca}`);
      // The account area's middleware (a signed-in user) guards it too.
      expect(catalan?.ancestors, ca).toContain("layouts/account.tsx");
    }
  });

  it("gives every route an id of its own (a module used twice carries an explicit one the second time)", () => {
    const ids = all.map((r) => r.id ?? r.file);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(byPath("/ca/perfil/dades")[0]?.ancestors).toEqual([
      "layouts/public.tsx",
      "layouts/account.tsx",
      "routes/perfil.tsx",
    ]);
  });
});
