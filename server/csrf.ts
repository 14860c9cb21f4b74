import type { NextFunction, Request, Response } from "express";
import type { Config } from "../app/config.server.ts";
import { STRIPE_WEBHOOK_PATH } from "../app/payments/webhook-route.ts";
import { sendError } from "./errors.ts";

/** Signed by the sender instead (Stripe-Signature), and sent from Stripe's servers. */
const CSRF_EXEMPT_PATHS = new Set([STRIPE_WEBHOOK_PATH]);
/**
 * The one-click unsubscribe links (/baja/<token>, RFC 8058; a Catalan account's
 * is /ca/baixa/<token>): the mail provider POSTs them from its servers, with no
 * cookie and no Origin. Nothing rides on a session there: the signed token is
 * the whole capability, and a forged cross-site POST would need the token too.
 */
const CSRF_EXEMPT_PREFIXES = ["/baja/", "/ca/baixa/"];
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent on behalf of another site.
 * Browsers mark every request with Sec-Fetch-Site; older ones and non-browser
 * clients are judged by Origin, which must be this site's own origin.
 * Consequence: API clients and tests must send an `Origin` header on POST.
 */
export function csrfProtection(config: Pick<Config, "publicUrl">) {
  const publicOrigin = new URL(config.publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || CSRF_EXEMPT_PATHS.has(req.path)) return next();
    if (CSRF_EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite === "same-origin" || fetchSite === "none") return next();
    const origin = req.get("origin");
    if (!fetchSite || fetchSite === "same-site") {
      // same-site (a sibling subdomain) is still another origin: Origin decides.
      if (origin && origin !== "null" && (origin === publicOrigin || origin === ownOrigin(req))) return next();
    }
    return sendError(req, res, 403, "Solicitud rechazada: procede de otro sitio web");
  };
}

function ownOrigin(req: Request): string | null {
  const host = req.get("host");
  return host ? `${req.protocol}://${host}` : null;
}
