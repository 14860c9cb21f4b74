import type { Migration, MigrationProvider } from "kysely/migration";
import { initial } from "./0001-initial.server.ts";

/** Static, numbered list: the bundle needs no file-system scan at start. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
