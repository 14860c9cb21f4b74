import type { Config } from "./config.server.ts";
import type { Db, DbKind } from "./db/db.server.ts";
import type { Logger } from "./lib/logger.server.ts";

/**
 * Per-process dependencies handed to every loader and action through React
 * Router context (see app/context.server.ts). Tests build their own.
 * Later integrations (mail, payments, identity, chat) add their field here.
 */
export interface AppServices {
  config: Config;
  db: Db;
  dbKind: DbKind;
  logger: Logger;
}

/** Opens the database, migrates it and wires every integration (one log line each). */
export async function buildServices(config: Config, logger: Logger): Promise<AppServices> {
  const { createDb, dbKindOf, migrateToLatest } = await import("./db/db.server.ts");
  const dbKind = dbKindOf(config.databaseUrl);
  const db = createDb(config.databaseUrl);
  const applied = await migrateToLatest(db);
  logger.info({ dbKind, applied }, `base de datos: ${dbKind === "sqlite" ? "SQLite embebida" : "PostgreSQL"}`);
  return { config, db, dbKind, logger };
}
