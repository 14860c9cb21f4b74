// The request plan of a run (every target × family × anonymous/signed-in, and
// for /gestion also as the staff owner; shuffled by the seed, round-robined)
// and the correct request each planned request starts from.
import type { Base, Family } from "./payload-kit.ts";
import { FAMILIES } from "./payloads.ts";
import { paramValue, QUERY_VALUES, type Ctx } from "./actions.ts";
import type { Target } from "./targets.ts";
import { pick, shuffle, type Rng } from "../lib/util.ts";

interface Planned {
  target: Target;
  family: Family;
  auth: Auth;
}

/** Signed-in "user" is the fuzz customer; "staff" the owner (a session past the second factor). */
type Auth = "anon" | "user" | "staff";

const isStaffRoute = (t: Target) => t.route.pattern.startsWith("/gestion/") || t.route.pattern === "/gestion";

export function makePlan(targets: Target[], rng: Rng, total: number): Planned[] {
  const combos: Planned[] = [];
  for (const target of targets) {
    for (const family of FAMILIES) {
      if (!family.applies(target)) continue;
      const auths: Auth[] = isStaffRoute(target) ? ["anon", "user", "staff"] : ["anon", "user"];
      for (const auth of auths) combos.push({ target, family, auth });
    }
  }
  const plan: Planned[] = [];
  for (let round = 0; plan.length < total && round < 10_000; round++) {
    for (const combo of shuffle(rng, [...combos])) {
      if (combo.family.heavy && round % 4 !== 0) continue;
      plan.push(combo);
      if (plan.length >= total) break;
    }
  }
  return plan;
}

export function baseRequest(t: Target, c: Ctx, auth: Auth, rng: Rng, i: number, address: string): Base {
  let p = t.route.pattern;
  if (p === "(page without action)")
    p = pick(rng, ["/", "/equipo", "/formaciones", `/formaciones/${pick(rng, c.courseIds)}`, "/privacy", "/carrito"]);
  for (const param of t.route.params)
    p = p.replace(`:${param}`, encodeURIComponent(paramValue(t.route, param, c, rng, t.method, t.variant?.label)));
  const query: [string, string][] =
    t.method === "GET" ? t.route.query.map((q) => [q, (QUERY_VALUES[q] ?? (() => "x"))(c, rng)]) : [];
  if (t.route.pattern === "/success" && t.method === "GET") {
    query.length = 0;
    for (const [k, v] of new URLSearchParams(c.successQuery)) query.push([k, v]);
  }
  // Single fetch: UI routes also answer <path>.data (the client-side navigation endpoint).
  if (t.route.ui && t.route.pattern !== "(page without action)" && rng() < 0.15)
    p = p === "/" ? "/_root.data" : `${p}.data`;
  const headers: Record<string, string> = { accept: rng() < 0.2 ? "application/json" : "text/html" };
  // Per-address limits would otherwise stop most requests before the parsing under test;
  // the demo gateway only pays for loopback clients, so its page gets no forwarded address.
  if (!t.route.pattern.startsWith("/pago-demo/")) headers["x-forwarded-for"] = address;
  if (t.method === "POST") headers.origin = c.origin;
  if (auth === "user") {
    if (t.route.pattern === "/logout" && t.method === "POST") headers.cookie = c.logoutCookies.pop() ?? c.staleCookie;
    else headers.cookie = c.user.cookie;
  }
  if (auth === "staff") {
    // The second-factor page reads a sign-in challenge, not a session.
    headers.cookie =
      t.route.pattern === "/gestion/verificar" ? pick(rng, c.staff.challengeCookies) : c.staff.owner.cookie;
  }
  const spec = t.action;
  const fields = spec && t.variant ? t.variant.fields(c, rng, i) : [];
  if (spec?.headers) Object.assign(headers, spec.headers);
  return { c, path: p, query, fields, headers, kind: t.method === "GET" ? "none" : (spec?.body ?? "form") };
}
