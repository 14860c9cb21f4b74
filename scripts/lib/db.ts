// Read-only SQL for the checks after a benchmark: the app's own `createDb`
// (Kysely over node:sqlite or pg) when it loads, the raw drivers otherwise
// (e.g. while the app's modules are mid-edit), so a check never depends on
// more of the app than it must.
import { registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql, type Kysely } from "kysely";
import pg from "pg";

export interface Sql {
  /** How the database was opened ("app createDb" or "raw driver"). */
  via: string;
  all: <T>(text: string) => Promise<T[]>;
  close: () => Promise<void>;
}

let hooked = false;

/** The app imports "~/…" (a Vite alias): teach Node the same mapping. */
function aliasAppDir(appDir: string) {
  if (hooked) return;
  hooked = true;
  const dir = path.join(appDir, "app");
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith("~/"))
        return nextResolve(pathToFileURL(path.join(dir, specifier.slice(2))).href, context);
      return nextResolve(specifier, context);
    },
  });
}

export async function openDb(appDir: string, url: string): Promise<Sql> {
  try {
    aliasAppDir(appDir);
    const mod = (await import(pathToFileURL(path.join(appDir, "app/db/db.server.ts")).href)) as {
      createDb: (url: string) => Kysely<unknown>;
    };
    const db = mod.createDb(url);
    await sql`select 1`.execute(db);
    return {
      via: "app createDb (Kysely)",
      all: async <T>(text: string) => (await sql.raw<T>(text).execute(db)).rows,
      close: () => db.destroy(),
    };
  } catch (err) {
    console.log(`  (app createDb unavailable: ${(err as Error).message.split("\n")[0]}; using the raw driver)`);
  }
  if (url.startsWith("file:")) {
    const { DatabaseSync } = await import("node:sqlite");
    const db = new DatabaseSync(url.slice("file:".length));
    return {
      via: "node:sqlite",
      all: async <T>(text: string) => db.prepare(text).all() as T[],
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    via: "pg",
    all: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: () => client.end(),
  };
}
