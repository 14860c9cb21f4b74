import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, type RouteObject } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import { describe, expect, it } from "vitest";
import routeConfig from "../app/routes.ts";

// The server matches with React Router's route-pattern matcher (request-handler.ts,
// withPatternMatching); the browser keeps the classic one. For every route of the
// app, both must pick the same route for the same URL, or a page rendered on the
// server would be another page once the browser navigates to it.

/** The route table as route objects, with the ids React Router gives them (the file, unless named). */
function toRoutes(entries: readonly RouteConfigEntry[]): RouteObject[] {
  return entries.map((e) => {
    const id = e.id ?? e.file.replace(/\.[jt]sx?$/, "");
    return e.index
      ? { id, index: true, path: e.path }
      : { id, path: e.path, children: e.children ? toRoutes(e.children) : undefined };
  });
}

/** Example URLs for every route: each parameter filled in, an optional one with and without. */
function exampleUrls(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries
    .flatMap((e) => {
      const full = e.path ? `${parent}/${e.path}` : parent;
      const own = e.children ? [] : [full || "/"];
      return [...own, ...(e.children ? exampleUrls(e.children, full) : [])];
    })
    .flatMap((pattern) => {
      const filled = pattern.replace(/\*$/, "una/ruta-cualquiera");
      const variants = /:\w+\?/.test(filled)
        ? [filled.replace(/\/:\w+\?/g, ""), filled.replace(/:(\w+)\?/g, "$1-7")]
        : [filled];
      return variants.map((u) => u.replace(/:(\w+)/g, "$1-42") || "/");
    });
}

const routes = toRoutes(routeConfig);
unstable_preloadRoutePattern();
const patternHandler = createStaticHandler(routes, { future: { unstable_routePatternMatching: true } });
const classicHandler = createStaticHandler(routes);

async function leafBy(handler: ReturnType<typeof createStaticHandler>, url: string) {
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url}: unexpected response ${context.status}`);
  return context.matches.at(-1)?.route.id ?? null;
}

describe("route-pattern matching on the server", () => {
  const urls = [
    ...exampleUrls(routeConfig),
    // Trailing slashes, capitals, and what no route names.
    "/formaciones/",
    "/FORMACIONES/expert-nails",
    "/perfil/",
    "/gestion/",
    "/gestion/no-existe/tampoco",
    "/no-existe",
    "/perfil/compras/123/desistir",
    "/perfil/compras/facturas/9",
    "/gestion/cursos/nuevo",
    "/gestion/pedidos/exportar.csv",
    "/checkout",
    "/checkout/expert-nails",
  ];

  it("covers the whole route table", () => {
    expect(urls.length).toBeGreaterThan(80);
    expect(urls).toContain("/perfil/datos");
    expect(urls).toContain("/gestion/cursos/courseId-42/convocatorias/editionId-42");
  });

  it("picks the same route as the classic matcher for every URL", async () => {
    const differences: string[] = [];
    for (const url of urls) {
      const [pattern, classic] = [await leafBy(patternHandler, url), await leafBy(classicHandler, url)];
      if (pattern !== classic) differences.push(`${url}: ${pattern} ≠ ${classic}`);
    }
    expect(differences).toEqual([]);
  });

  it("matches each route's own example URL to that route, and unknown paths to the 404 pages", async () => {
    expect(await leafBy(patternHandler, "/perfil/datos")).toBe("routes/perfil.datos");
    expect(await leafBy(patternHandler, "/perfil")).toBe("routes/perfil.index");
    expect(await leafBy(patternHandler, "/formaciones/expert-nails")).toBe("routes/curso");
    expect(await leafBy(patternHandler, "/gestion/cursos/nuevo")).toBe("routes/gestion.cursos.nuevo");
    expect(await leafBy(patternHandler, "/gestion/cursos/7")).toBe("routes/gestion.cursos.curso");
    expect(await leafBy(patternHandler, "/gestion/no-existe/tampoco")).toBe("routes/gestion.not-found");
    expect(await leafBy(patternHandler, "/no-existe")).toBe("routes/not-found");
    expect(await leafBy(patternHandler, "/checkout")).toBe("routes/checkout");
  });

  it("ranks by position where two patterns overlap (so the flag is on), on a URL no link makes", async () => {
    // "perfil/compras/:orderId/desistir" and "perfil/compras/facturas/:invoiceId" both
    // fit; the classic matcher takes the one declared first, the new one the longer
    // static start. Neither order nor invoice has such an id, so both answer 404.
    const url = "/perfil/compras/facturas/desistir";
    expect(await leafBy(classicHandler, url)).toBe("routes/perfil.compras.desistir");
    expect(await leafBy(patternHandler, url)).toBe("routes/perfil.compras.factura");
  });
});
