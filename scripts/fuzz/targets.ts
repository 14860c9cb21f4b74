// Route discovery and the target list of the fuzzer: every route of
// app/routes.ts (loaded as a module, its layouts and prefixes flattened into full
// paths; the dynamic segments, the query parameters its loaders read, whether it
// has an action) becomes a GET target and, per action variant, a POST target.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ACTIONS, GENERIC_ACTION, type ActionSpec } from "./actions.ts";
import type { RouteInfo } from "./route-info.ts";

/** Query parameters read in the browser only (not found by the source scan). */
const EXTRA_QUERY: Record<string, string[]> = {
  "/success": ["course_id"],
  "/carrito": ["add"],
  "/perfil": ["tab"],
  "/perfil/datos": ["guardado"],
  "/perfil/ajustes": ["guardado"],
  // The order list's filters are read in app/domain/order-filters.ts; notices in catalogue-labels.ts.
  "/gestion/pedidos": ["estado", "metodo", "curso", "desde", "hasta", "q", "pagina"],
  "/gestion/pedidos/exportar.csv": ["estado", "metodo", "curso", "desde", "hasta", "q"],
  "/gestion/cursos/:courseId": ["aviso"],
  "/gestion/cursos/:courseId/convocatorias/:editionId": ["aviso"],
  // The counter reads these through a URLSearchParams of its own (params.get).
  "/gestion/caja/venta/:saleId": ["aviso", "cambio"],
  "/gestion/caja/cierre": ["dia", "aviso"],
};

/** The parts of a route config entry (app/routes.ts) the discovery reads. */
interface ConfigEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

/** Every route with a URL, its full pattern joined from the nested layouts and prefixes. */
function flatten(entries: readonly ConfigEntry[], parent = ""): { pattern: string; file: string }[] {
  const out: { pattern: string; file: string }[] = [];
  for (const entry of entries) {
    const joined = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    if (entry.children?.length) {
      out.push(...flatten(entry.children, joined));
    } else if (entry.index || entry.path) {
      // Splats (the 404 pages) have no page of their own to fuzz.
      if (entry.path === "*" || joined.endsWith("/*")) continue;
      out.push({ pattern: `/${joined}`, file: entry.file });
    }
  }
  return out;
}

export async function discoverRoutes(appDir: string): Promise<RouteInfo[]> {
  const config = (await import(pathToFileURL(path.join(appDir, "app/routes.ts")).href)) as { default: ConfigEntry[] };
  const routes: RouteInfo[] = [];
  for (const { pattern, file } of flatten(config.default)) {
    const modulePath = path.join(appDir, "app", file);
    const companion = modulePath.replace(/\.(tsx?)$/, ".server.ts");
    const code = [modulePath, companion]
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const query = new Set<string>(EXTRA_QUERY[pattern] ?? []);
    for (const q of code.matchAll(/searchParams\.get(?:All)?\(\s*"([^"]+)"\s*\)/g)) query.add(q[1]);
    routes.push({
      pattern,
      file,
      params: [...pattern.matchAll(/:([A-Za-z0-9_]+)/g)].map((p) => p[1]),
      query: [...query],
      hasAction: /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b/.test(code),
      ui: /export\s+default\s+function/.test(code),
    });
  }
  return routes;
}

export interface Target {
  name: string;
  route: RouteInfo;
  method: "GET" | "POST";
  action?: ActionSpec;
  variant?: ActionSpec["variants"][number];
}

export function buildTargets(routes: RouteInfo[]): { targets: Target[]; unknownActions: string[] } {
  const targets: Target[] = [];
  const unknownActions: string[] = [];
  for (const route of routes) {
    targets.push({ name: `GET ${route.pattern}`, route, method: "GET" });
    if (!route.hasAction) continue;
    const spec = ACTIONS[route.pattern] ?? GENERIC_ACTION;
    if (!ACTIONS[route.pattern]) unknownActions.push(route.pattern);
    for (const variant of spec.variants) {
      targets.push({
        name: `POST ${route.pattern}${variant.label ? ` (${variant.label})` : ""}`,
        route,
        method: "POST",
        action: spec,
        variant,
      });
    }
  }
  // Pages without an action answer POSTs too (405): one target covers them.
  const pages = routes.filter((r) => !r.hasAction && r.ui);
  if (pages.length) {
    const noAction: RouteInfo = {
      pattern: "(page without action)",
      file: "",
      params: [],
      query: [],
      hasAction: false,
      ui: true,
    };
    targets.push({
      name: "POST (page without action)",
      route: noAction,
      method: "POST",
      action: GENERIC_ACTION,
      variant: GENERIC_ACTION.variants[0],
    });
  }
  return { targets, unknownActions };
}
