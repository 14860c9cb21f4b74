/**
 * What a backup states about its database (migration level, the counts people
 * check after a restore) and what a restore checks of its target (is it empty).
 * Reads only; works on SQLite and PostgreSQL.
 */
import { existsSync, statSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import type { Db, DbKind } from "~/db/db.server.ts";
import type { BackupCounts } from "./manifest.ts";

/** The tables of the connection's database (SQLite) or schema (PostgreSQL), by name. */
export async function tableNames(db: Db, kind: DbKind): Promise<string[]> {
  const rows =
    kind === "sqlite"
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
        ).rows
      : (
          await sql<{
            name: string;
          }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db)
        ).rows;
  return rows.map((r) => r.name);
}

/** Rows per table, every table (the restore's report and the drill's comparison). */
export async function tableCounts(db: Db, kind: DbKind): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await tableNames(db, kind)) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(row.rows[0]?.n ?? 0);
  }
  return counts;
}

/** The last migration applied, or null on a database never migrated. */
export async function migrationLevel(db: Db, kind: DbKind): Promise<string | null> {
  if (!(await tableNames(db, kind)).includes("kysely_migration")) return null;
  const row = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return row.rows[0]?.name ?? null;
}

export async function currentSchema(db: Db, kind: DbKind): Promise<string | null> {
  if (kind === "sqlite") return null;
  return (await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)).rows[0]?.schema ?? null;
}

export async function manifestCounts(db: Db): Promise<BackupCounts> {
  const count = async (table: "orders" | "invoices" | "billing_records" | "appointments" | "users") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await count("orders"),
    invoices: await count("invoices"),
    billingRecords: await count("billing_records"),
    appointments: await count("appointments"),
    users: await count("users"),
  };
}

/** The SQLite file a `file:` URL names. */
export function sqliteFile(url: string): string {
  return url.slice("file:".length);
}

/**
 * Whether the restore's target holds anything: a SQLite file with a table, or a
 * PostgreSQL schema (the connection's current one) with a table. A missing file
 * or schema is empty. Opens its own connection (the file may be replaced next).
 */
export async function databaseIsEmpty(url: string, kind: DbKind): Promise<boolean> {
  if (kind === "sqlite") {
    const file = sqliteFile(url);
    if (!existsSync(file) || statSync(file).size === 0) return true;
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const row = db
        .prepare("select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .get() as { n: number };
      return Number(row.n) === 0;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname = current_schema()",
    );
    return Number(r.rows[0]?.n ?? 0) === 0;
  } finally {
    await client.end();
  }
}
