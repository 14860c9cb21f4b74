import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import type { Config } from "../app/config.server.ts";

/** A fresh nonce per response; the CSP allows only scripts carrying it. */
export function nonceMiddleware(_req: Request, res: Response, next: NextFunction) {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
}

export function securityHeaders(config: Config, opts: { dev: boolean }) {
  const formTargets = ["'self'", "https://checkout.stripe.com"];
  if (config.google) formTargets.push(new URL(config.google.issuer).origin);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce as string}'`, "'strict-dynamic'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: opts.dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: formTargets,
        upgradeInsecureRequests: config.isLocalOrigin ? null : [],
      },
    },
    strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
}

/**
 * Powerful browser features the site never uses, refused for it and anything it
 * embeds. Stripe Checkout is a full-page redirect, so payment needs no grant either.
 */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

export function permissionsPolicy(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  next();
}
