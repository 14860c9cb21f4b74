import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
} from "kysely";

/** Values node:sqlite cannot bind are normalised here, once for the whole app. */
function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SQLInputValue;
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE). Several
 * processes share the file (the cluster's workers): a deferred transaction that
 * reads and then writes would fail at once with SQLITE_BUSY when another process
 * committed in between, whereas an immediate one waits its turn (busy_timeout).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class NodeSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Compiled statements kept per connection. */
const STATEMENT_CACHE_SIZE = 500;

/** Kysely's SqliteDialect over Node's built-in `node:sqlite` (no native build at install). */
export function createNodeSqliteDialect(filename: string): SqliteDialect {
  return new NodeSqliteDialect({
    database: async () => {
      const db = new DatabaseSync(filename);
      db.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
      // The planner's statistics, as SQLite advises for long-lived connections: without them
      // it guessed that an equality on any index beats a date range, and read years of
      // appointments for one day's diary. A no-op while the statistics are fresh; when a table
      // has grown tenfold it is analysed in full (under a second for five years of a busy
      // salon): a sample of a few hundred index rows made a status shared by half the orders
      // look as rare as an id, and the panel read five years of orders for one day (0026).
      db.exec("PRAGMA analysis_limit = 0; PRAGMA optimize = 0x10002;");
      // The app asks the same few hundred statements over and over: each is compiled
      // once per connection and kept (the least recently used go past the limit).
      // Compiling was ~3 % of a signed-in page's CPU. SQLite recompiles a kept
      // statement by itself when the schema changes.
      const statements = new Map<string, SqliteStatement>();
      const adapter: SqliteDatabase = {
        close: () => {
          statements.clear();
          db.close();
        },
        prepare(sql: string): SqliteStatement {
          const kept = statements.get(sql);
          if (kept) {
            statements.delete(sql);
            statements.set(sql, kept);
            return kept;
          }
          const stmt = db.prepare(sql);
          const prepared: SqliteStatement = {
            reader: stmt.columns().length > 0,
            all: (params) => stmt.all(...params.map(toSqlite)),
            run: (params) => stmt.run(...params.map(toSqlite)),
            iterate: (params) => stmt.iterate(...params.map(toSqlite)) as IterableIterator<unknown>,
          };
          statements.set(sql, prepared);
          if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
          return prepared;
        },
      };
      return adapter;
    },
  });
}
