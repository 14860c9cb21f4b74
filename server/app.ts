import path from "node:path";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { clientIpContext, nonceContext, servicesContext } from "../app/context.server.ts";
import { pingDb } from "../app/db/db.server.ts";
import { pendingMigrations } from "../app/db/migration-status.server.ts";
import { pathOnly } from "../app/lib/logger.server.ts";
import type { AppServices } from "../app/services.server.ts";
import { freshReader, readContentVersion } from "../app/lib/content-version.server.ts";
import { nextHoldExpiry } from "../app/orders/seat-holds.server.ts";
import { UPLOADED_IMAGES_URL } from "../app/domain/course-image.ts";
import { uploadedImagesDir } from "../app/catalogue/image-upload-route.ts";
import { bodyLimit } from "./body-limit.ts";
import { cachePolicy } from "./cache-policy.ts";
import { csrfProtection } from "./csrf.ts";
import { errorHandler, requestGuard, sendError } from "./errors.ts";
import { createRequestHandler } from "./request-handler.ts";
import { createPageCache } from "./page-cache.ts";
import { httpMetrics, metricsEndpoint } from "./metrics.ts";
import { requestId } from "./request-id.ts";
import { nonceMiddleware, openerPolicy, permissionsPolicy, securityHeaders } from "./security.ts";
import { precompressedAssets, uploadedImages } from "./static-assets.ts";

interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the built client (production); absent in dev where Vite serves assets. */
  clientDir?: string;
  /** Vite's dev middlewares. */
  devMiddleware?: RequestHandler;
}

/** Probes, not logged (a scrape is not logged either, nor its token). */
const UNLOGGED = new Set(["/healthz", "/readyz"]);

export function createApp(services: AppServices, opts: AppOptions): Express {
  const { logger, db, config } = services;
  const app = express();
  app.disable("x-powered-by");
  // Which peers may set X-Forwarded-For/-Proto/-Host (req.ip feeds per-address rate limits).
  app.set("trust proxy", config.trustProxy);

  // An id for every request, in its log lines, its response and its jobs; then its timing.
  app.use(requestId);
  app.use(httpMetrics);
  app.use(
    pinoHttp({
      logger,
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: pathOnly(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      genReqId: (_req, res) => (res as unknown as { locals: { requestId: string } }).locals.requestId,
      // The line is written when the response ends, maybe outside the request's context: named here.
      customSuccessObject: (req, _res, fields: object) => ({ ...fields, requestId: req.id }),
      customErrorObject: (req, _res, _err, fields: object) => ({ ...fields, requestId: req.id }),
      autoLogging: {
        ignore: (req) =>
          UNLOGGED.has(req.url ?? "") || !!req.url?.startsWith("/assets/") || !!req.url?.startsWith("/metrics"),
      },
    }),
  );
  // Anonymous public pages from memory (page-cache.ts): a hit skips everything below.
  // Not in dev, where the code behind a page changes under it.
  if (!opts.devMiddleware) {
    const pageCache = createPageCache({
      version: freshReader(() => readContentVersion(db)),
      validUntil: async (now) => {
        const next = await nextHoldExpiry(db, new Date(now).toISOString());
        return next ? Date.parse(next) : Number.POSITIVE_INFINITY;
      },
      onError: (err) => logger.warn({ err }, "caché de páginas: versión no disponible"),
    });
    app.use(pageCache.middleware);
  }
  app.use(nonceMiddleware);
  app.use(securityHeaders(config, { dev: !!opts.devMiddleware }));
  app.use(openerPolicy);
  app.use(permissionsPolicy);
  app.use(cachePolicy);
  app.use(requestGuard);
  // Before any handler that changes state (React Router actions, API routes).
  app.use(csrfProtection(config));
  app.use(compression());

  app.get("/healthz", async (req, res) => {
    try {
      await pingDb(db);
      res.set("Cache-Control", "no-store").json({ status: "ok" });
    } catch (err) {
      logger.error({ err }, "healthz: database unreachable");
      res.status(503).json({ status: "error", message: "Base de datos no disponible" });
    }
  });
  // Readiness: the database answers and has every migration of this build.
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      const pending = await pendingMigrations(db);
      if (pending.length === 0) res.json({ status: "ok" });
      else res.status(503).json({ status: "error", reason: "migrations", pending });
    } catch (err) {
      logger.error({ err }, "readyz: database unreachable");
      res.status(503).json({ status: "error", reason: "database" });
    }
  });
  app.get("/metrics", metricsEndpoint({ token: config.metricsToken, db, logger }));

  // Course photos uploaded from the back office (hashed names, cached for a year).
  app.use(UPLOADED_IMAGES_URL, uploadedImages(uploadedImagesDir(config.dataDir)));

  if (opts.devMiddleware) {
    app.use(opts.devMiddleware);
  } else if (opts.clientDir) {
    app.use("/assets", precompressedAssets(path.join(opts.clientDir, "assets")));
    // Hashed file names: safe to cache for a year.
    for (const dir of ["assets", "img"]) {
      app.use(
        `/${dir}`,
        express.static(path.join(opts.clientDir, dir), {
          immutable: true,
          maxAge: "1y",
          index: false,
          fallthrough: true,
        }),
      );
    }
    // The few files at the root (favicon.svg…) have an extension; a page's path never
    // does, and asking the disk for one cost a stat per page request.
    const rootFiles = express.static(opts.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[a-z0-9]+$/iu.test(req.path) ? rootFiles(req, res, next) : next()));
  }

  app.all(/^\/(assets|img)\//, (req, res) => sendError(req, res, 404, "Archivo no encontrado"));

  // Every body React Router and the JSON APIs read: bounded, then checked for NUL/invalid UTF-8.
  app.use(bodyLimit);
  app.use(
    createRequestHandler({
      build: opts.build,
      mode: opts.devMiddleware ? "development" : "production",
      // node:sqlite runs every query synchronously on the event loop.
      fairTurns: services.dbKind === "sqlite",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        // A page rendered for the shared cache carries no nonce (its scripts are allowed by hash).
        context.set(nonceContext, res.locals.pageCandidate ? "" : (res.locals.nonce as string));
        context.set(clientIpContext, req.ip ?? "unknown");
        return context;
      },
    }),
  );

  app.use(errorHandler(logger));
  return app;
}
