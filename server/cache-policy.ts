import type { NextFunction, Request, Response } from "express";
import { readCookie, SESSION_COOKIE } from "../app/auth/session.server.ts";
import { CATALAN_PATHS } from "../app/i18n/paths.ts";
import { isUnderPath } from "./paths.ts";

const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Pages about one visitor (account, orders, payment, sign-in forms with their
 * tokens and answers): never stored by a browser or shared cache, signed in or not.
 * Prefixes match the path and what is below it. Their Catalan addresses are
 * private too, derived from the table of app/i18n/paths.ts (catalanPrefixes).
 */
const SPANISH_PRIVATE_PATHS = [
  "/perfil",
  "/mis-cursos",
  "/success",
  "/cancel",
  "/checkout",
  "/pago-demo",
  "/login",
  "/registro",
  "/forgot-password",
  "/restablecer-contrasena",
  "/verificar-email",
  "/logout",
  "/auth",
  "/api/pedidos",
  "/api/create-checkout-session",
  "/chatbot",
  "/gestion",
  // Bookings: live availability, the client's details, emailed links.
  "/reservar",
  "/cita",
  // The waiting list's emailed confirmation links.
  "/lista-espera",
  // The emails' one-click unsubscribe links.
  "/baja",
];

/** The static part of a route pattern, up to its first parameter: "/ca/cita/:token" → "/ca/cita". */
function staticPrefix(pattern: string): string {
  const i = pattern.search(/\/:/u);
  return i === -1 ? pattern : pattern.slice(0, i);
}

/** The Catalan address of every page under a private Spanish prefix ("/reservar" → "/ca/reserva", …). */
function catalanPrefixes(spanish: readonly string[]): string[] {
  return Object.entries(CATALAN_PATHS)
    .filter(([es]) => spanish.some((prefix) => isUnderPath(staticPrefix(es), prefix)))
    .map(([, ca]) => staticPrefix(ca));
}

export const PRIVATE_PATHS: readonly string[] = [
  ...SPANISH_PRIVATE_PATHS,
  ...catalanPrefixes(SPANISH_PRIVATE_PATHS),
];

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATHS.some((prefix) => isUnderPath(pathname, prefix));
}

/**
 * Decides Cache-Control when the headers go out, for every response (pages, data
 * requests, APIs, error pages), whatever the route set:
 * - a response that sets a cookie, answers a POST or belongs to a private path is
 *   `private, no-store`;
 * - with a session cookie, whatever is not explicitly `public` (as hashed assets and
 *   the catalogue API are) may show who asks: `private, no-store` too;
 * - otherwise the route's own value stands (public pages: `no-cache`).
 */
export function cachePolicy(req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead;
  // Same signature as the original (overloads): the arguments are passed on untouched.
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (mustNotStore(req, res)) this.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
}

// Express, React Router's adapter, serve-static and compression all set headers with
// setHeader before writeHead, so the response's headers are all visible here.
function mustNotStore(req: Request, res: Response): boolean {
  if (res.hasHeader("set-cookie")) return true;
  if (req.method !== "GET" && req.method !== "HEAD") return true;
  if (isPrivatePath(req.path)) return true;
  if (readCookie(req.get("cookie") ?? null, SESSION_COOKIE) === null) return false;
  return !/^\s*public\b/i.test(String(res.getHeader("cache-control") ?? ""));
}
