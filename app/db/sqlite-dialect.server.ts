import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";

/** Values node:sqlite cannot bind are normalised here, once for the whole app. */
function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SQLInputValue;
}

/** Kysely's SqliteDialect over Node's built-in `node:sqlite` (no native build at install). */
export function createNodeSqliteDialect(filename: string): SqliteDialect {
  return new SqliteDialect({
    database: async () => {
      const db = new DatabaseSync(filename);
      db.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
      const adapter: SqliteDatabase = {
        close: () => db.close(),
        prepare(sql: string): SqliteStatement {
          const stmt = db.prepare(sql);
          return {
            reader: stmt.columns().length > 0,
            all: (params) => stmt.all(...params.map(toSqlite)),
            run: (params) => stmt.run(...params.map(toSqlite)),
            iterate: (params) => stmt.iterate(...params.map(toSqlite)) as IterableIterator<unknown>,
          };
        },
      };
      return adapter;
    },
  });
}
