import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import type { Config } from "../app/config.server.ts";
import { isUnderPath } from "./paths.ts";

/**
 * Random bytes drawn 4 KB at a time and handed out 16 at a time, each once (as
 * Node's own randomUUID does): one call into the system's generator per 256
 * nonces instead of one per response, which was about 1 % of a signed-in
 * page's CPU.
 */
const NONCE_BYTES = 16;
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** 128 random bits, base64: never the same bytes twice. */
export function newNonce(): string {
  if (poolOffset + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const nonce = pool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** A fresh nonce per response; the CSP allows only scripts carrying it. */
export function nonceMiddleware(_req: Request, res: Response, next: NextFunction) {
  res.locals.nonce = newNonce();
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
    // Set by `openerPolicy` below, on the staff area only.
    crossOriginOpenerPolicy: false,
    xFrameOptions: { action: "deny" },
  });
}

/**
 * `Cross-Origin-Opener-Policy: same-origin` on the staff area, not on the shop.
 *
 * The header puts a document in a browsing context group of its own: no window
 * that opened it keeps a handle on it, and on Android Chrome gives the site a
 * process of its own. The price is paid on every arrival from another page:
 * the browser must switch groups, and in Lighthouse's mobile run that switch
 * made the navigation's first task 2× longer (about 40 ms observed, 160 ms in
 * the simulation), half of the blocking time of the shop's pages
 * (docs/architecture.md, decision 37).
 *
 * On the shop's pages the header would protect little: they have no frames
 * and no message listeners for an opener to probe, and Chrome already gives a
 * process of its own to a site where the visitor typed a password or signed
 * in with Google, which every customer did before seeing her own data. The
 * back office shows every customer's data, so it keeps the header, and staff
 * enter it with a document load (the second factor's redirect), so an in-app
 * navigation never carries them into it inside a shop's document.
 */
export function openerPolicy(req: Request, res: Response, next: NextFunction) {
  if (isUnderPath(req.path, "/gestion")) res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  next();
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
