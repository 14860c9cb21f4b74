// Route discovery and the target list of the fuzzer: every route of
// app/routes.ts (the dynamic segments, the query parameters its loaders read,
// whether it has an action) becomes a GET target and, per action variant, a
// POST target.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ACTIONS, GENERIC_ACTION, type ActionSpec } from "./actions.ts";

export interface RouteInfo {
  pattern: string;
  file: string;
  params: string[];
  query: string[];
  hasAction: boolean;
  /** A UI route (module with a component): also reachable as <path>.data (single fetch). */
  ui: boolean;
}

/** Query parameters read in the browser only (not found by the source scan). */
const EXTRA_QUERY: Record<string, string[]> = { "/success": ["course_id"], "/carrito": ["add"] };

export function discoverRoutes(appDir: string): RouteInfo[] {
  const src = readFileSync(path.join(appDir, "app/routes.ts"), "utf8");
  const routes: RouteInfo[] = [];
  const re = /\b(index|route)\(\s*(?:"([^"]*)"\s*,\s*)?"([^"]+)"/g;
  for (let m: RegExpExecArray | null; (m = re.exec(src));) {
    const [, kind, rawPath, file] = m;
    if (kind === "route" && rawPath === undefined) continue;
    if (rawPath === "*") continue;
    const pattern = kind === "index" ? "/" : `/${rawPath}`;
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
