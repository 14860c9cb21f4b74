import { timingSafeEqual, createHash } from "node:crypto";
import cluster from "node:cluster";
import type { RequestHandler } from "express";
import { Registry } from "prom-client";
import { createDbMetrics } from "../app/lib/db-metrics.server.ts";
import type { Logger } from "../app/lib/logger.server.ts";
import { httpClientErrors, httpDuration, httpServerErrors, processRegistry } from "../app/lib/metrics.server.ts";
import type { Db } from "../app/db/db.server.ts";
import { answerClusterMetrics, clusterProcessMetrics } from "./metrics-cluster.ts";

/** Not timed: the probes and the scrape itself. */
const UNTIMED = new Set(["/metrics", "/healthz", "/readyz"]);
const METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * Times every response by the React Router route pattern it matched
 * (res.locals.routePattern, set by server/request-handler.ts and replayed by the
 * page cache), never by its URL: the label set stays as small as the route
 * table. Anything else (files, refused requests) is "other".
 */
export const httpMetrics: RequestHandler = (req, res, next) => {
  if (UNTIMED.has(req.path)) return next();
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const route = (res.locals.routePattern as string | undefined) || "other";
    const method = METHODS.has(req.method) ? req.method : "other";
    const status = res.statusCode;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    httpDuration.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    if (status >= 500) httpServerErrors.inc({ route, method });
    else if (status >= 400) httpClientErrors.inc({ route, method });
  });
  next();
};

/** The bearer token of an Authorization header, compared in constant time with the expected one. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  // Digests of equal length: timingSafeEqual needs them, and the length of the token is not leaked.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(token).digest();
  return timingSafeEqual(a, b) && given.length > 0;
}

/**
 * GET /metrics in Prometheus' text format, only with `Authorization: Bearer
 * $METRICS_TOKEN`. Without METRICS_TOKEN, and to a missing or wrong token, it
 * answers 404 as if it did not exist (nothing tells a prober it is there).
 * With cluster workers the numbers of every process are added up (see
 * metrics-cluster.ts); the database's gauges are read once, by the process
 * that answers.
 */
export function metricsEndpoint(deps: { token: string | null; db: Db; logger: Logger }): RequestHandler {
  const dbRegistry = createDbMetrics(deps.db);
  answerClusterMetrics();
  return async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    if (!deps.token || !bearerMatches(req.headers.authorization, deps.token)) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    try {
      const all = cluster.isWorker ? await clusterProcessMetrics(deps.logger) : null;
      const processText = all ?? (await processRegistry.metrics());
      let dbText = "";
      try {
        dbText = await dbRegistry.metrics();
      } catch (err) {
        deps.logger.warn({ err }, "metrics: database gauges unavailable");
      }
      res.type(Registry.PROMETHEUS_CONTENT_TYPE).send(`${processText.trimEnd()}\n\n${dbText}`);
    } catch (err) {
      next(err);
    }
  };
}
