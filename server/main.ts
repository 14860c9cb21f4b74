import cluster from "node:cluster";
import type { Server } from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { ConfigError, loadConfig } from "../app/config.server.ts";
import { createLogger } from "../app/lib/logger.server.ts";
import { buildServices } from "../app/services.server.ts";
import { createApp } from "./app.ts";
import { runPrimary } from "./cluster.ts";

interface MainOptions {
  vite?: ViteDevServer;
  /** Directory of build/client in production. */
  clientDir?: string;
}

function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Production: with WEB_CONCURRENCY > 1 (default: one per core) this process
 * becomes the cluster's primary (server/cluster.ts): it checks the configuration,
 * creates the session secret and migrates the database once, then forks the
 * workers, each running `main`. Otherwise it is the server itself.
 */
export async function start(opts: MainOptions = {}): Promise<void> {
  if (cluster.isPrimary) {
    const config = loadConfigOrExit();
    if (config.webConcurrency > 1) {
      const logger = createLogger(config.logLevel);
      const { createDb, migrateToLatest } = await import("../app/db/db.server.ts");
      const db = createDb(config.databaseUrl);
      try {
        await migrateToLatest(db);
      } catch (err) {
        logger.fatal({ err }, "no se puede arrancar: la base de datos no está disponible o no se pudo migrar");
        process.exit(1);
      } finally {
        await db.destroy().catch(() => undefined);
      }
      runPrimary(config.webConcurrency, logger);
      return;
    }
  }
  await main(opts);
}

export async function main(opts: MainOptions = {}): Promise<Server> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const services = await buildServices(config, logger);

  const build: ServerBuild | (() => Promise<ServerBuild>) = opts.vite
    ? () => opts.vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : // Virtual module provided by the React Router Vite plugin (typed by `react-router typegen`).
      ((await import("virtual:react-router/server-build")) as ServerBuild);

  const app = createApp(services, {
    build,
    clientDir: opts.clientDir ?? path.resolve("build/client"),
    devMiddleware: opts.vite?.middlewares as never,
  });

  // Express 5 hands a failed listen (busy port, no permission) to this callback.
  const server = app.listen(config.port, config.host, (err?: Error) => {
    if (err) {
      logger.fatal(
        { err, port: config.port, host: config.host },
        `no se puede arrancar: ${listenFailure(err, config)}`,
      );
      process.exit(1);
    }
    const addr = server.address();
    const port = typeof addr === "object" && addr ? addr.port : config.port;
    logger.info({ port }, `Alejandra Nails escuchando en http://localhost:${port}`);
  });
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "cerrando: dejo de aceptar conexiones");
    server.close(async () => {
      // The job in hand finishes (or its lease lapses for another instance).
      await services.jobs.stop().catch(() => undefined);
      await services.db.destroy().catch(() => undefined);
      logger.info("cerrado");
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  // `on`, not `once`: a process group's SIGTERM (systemd, tini -g) and the primary's own reach a
  // worker one after the other, and a second signal must not fall to the default handler (exit now).
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A cluster worker retired by a rolling restart: the primary disconnected it, its server has
  // closed after its last request; release the jobs and the database, then exit.
  if (cluster.isWorker) process.once("disconnect", () => shutdown("disconnect"));
  return server;
}

/** A failed listen, in words: the code names the usual causes. */
export function listenFailure(err: Error, where: { port: number; host: string }): string {
  switch ((err as NodeJS.ErrnoException).code) {
    case "EADDRINUSE":
      return `el puerto ${where.port} ya está en uso`;
    case "EACCES":
      return `sin permiso para escuchar en el puerto ${where.port}`;
    case "EADDRNOTAVAIL":
      return `la dirección ${where.host} no existe en esta máquina`;
    default:
      return err.message;
  }
}
