// Read-only SQL for the checks after a benchmark, through the app's own
// `createDb` (Kysely over node:sqlite or pg).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql, type Kysely } from "kysely";
import { registerAppAlias } from "./app-alias.ts";

interface Sql {
  all: <T>(text: string) => Promise<T[]>;
  close: () => Promise<void>;
}

export async function openDb(appDir: string, url: string): Promise<Sql> {
  registerAppAlias(appDir);
  const mod = (await import(pathToFileURL(path.join(appDir, "app/db/db.server.ts")).href)) as {
    createDb: (url: string) => Kysely<unknown>;
  };
  const db = mod.createDb(url);
  return {
    all: async <T>(text: string) => (await sql.raw<T>(text).execute(db)).rows,
    close: () => db.destroy(),
  };
}
