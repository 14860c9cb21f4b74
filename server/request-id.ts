import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { runWithRequestId } from "../app/lib/request-context.server.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** What an incoming id may look like: a UUID, a hex trace id, a proxy's own token. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/** The proxy's id when it is one we keep (sane and from a trusted peer), else null. */
export function acceptedRequestId(header: string | string[] | undefined, fromTrustedProxy: boolean): string | null {
  if (!fromTrustedProxy || typeof header !== "string") return null;
  return SANE_ID.test(header) ? header : null;
}

/**
 * Every request gets an id: the one the trusted proxy in front (TRUST_PROXY)
 * sent in X-Request-Id, or a new UUID. It is echoed in the response's
 * X-Request-Id, added to every log line written while the request is handled
 * (app/lib/request-context.server.ts) and stored with the jobs it enqueues.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const trust = req.app.get("trust proxy fn") as ((addr: string, i: number) => boolean) | undefined;
  const fromProxy = !!trust?.(req.socket.remoteAddress ?? "", 0);
  const id = acceptedRequestId(req.headers["x-request-id"], fromProxy) ?? randomUUID();
  res.locals.requestId = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  runWithRequestId(id, next);
};
