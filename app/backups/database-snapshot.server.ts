/**
 * The database's snapshot into a file, and back.
 * - SQLite: node:sqlite's online backup API in one step (every page at once), which copies
 *   page by page inside one read transaction: a consistent copy while the server
 *   keeps writing (WAL), never the whole database in memory.
 * - PostgreSQL: `pg_dump --format=custom` of the connection's schema, restored by
 *   `pg_restore` in one transaction. The connection reaches both through PG*
 *   environment variables (the password never on a command line or in a log).
 */
import { spawn } from "node:child_process";
import { copyFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import pg from "pg";
import type { DbKind } from "~/db/db.server.ts";
import { sqliteFile } from "./database-facts.server.ts";
import { BackupError } from "./manifest.ts";

/** libpq's environment for a postgres:// URL (host, port, user, password, database and options). */
export function pgEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname.replace(/^\[|\]$/g, ""));
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ""));
  if (database) env.PGDATABASE = database;
  const params: Record<string, string> = {
    host: "PGHOST",
    port: "PGPORT",
    options: "PGOPTIONS",
    sslmode: "PGSSLMODE",
    sslrootcert: "PGSSLROOTCERT",
    sslcert: "PGSSLCERT",
    sslkey: "PGSSLKEY",
    application_name: "PGAPPNAME",
    connect_timeout: "PGCONNECT_TIMEOUT",
  };
  for (const [param, variable] of Object.entries(params)) {
    const value = u.searchParams.get(param);
    if (value !== null) env[variable] = value;
  }
  return env;
}

/** Runs a PostgreSQL client tool; its last error line (never the password: it is not in its arguments) on failure. */
function runPgTool(tool: "pg_dump" | "pg_restore", args: string[], url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("PG")));
    const child = spawn(tool, args, { env: { ...inherited, ...pgEnv(url) }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr = (stderr + d).slice(-4000)));
    child.on("error", (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === "ENOENT"
            ? `${tool} no está instalado: instala el cliente de PostgreSQL de la misma versión que el servidor.`
            : `${tool} no se pudo ejecutar: ${err.message}`,
        ),
      ),
    );
    child.on("close", (code) => {
      if (code === 0) return resolve(stdout);
      const last = stderr.trim().split("\n").filter(Boolean).at(-1) ?? `código ${code}`;
      reject(new BackupError(`${tool} ha fallado: ${last}`));
    });
  });
}

/** pg_dump's pattern for exactly this schema name. */
const exactSchema = (schema: string) => `"${schema.replace(/"/g, '""')}"`;

/** Writes the database's snapshot to `file` (which must not exist). */
export async function dumpDatabase(url: string, kind: DbKind, file: string, schema: string | null): Promise<void> {
  if (kind === "sqlite") {
    const source = new DatabaseSync(sqliteFile(url));
    try {
      source.exec("PRAGMA busy_timeout = 5000");
      // One step for every page (2^31 - 1 pages at a time): one read transaction, so one consistent state.
      await backup(source, file, { rate: 0x7fffffff });
    } finally {
      source.close();
    }
    return;
  }
  if (!schema) throw new BackupError("La base de datos PostgreSQL no tiene un esquema actual (search_path).");
  await runPgTool(
    "pg_dump",
    ["--format=custom", "--no-owner", "--no-privileges", `--schema=${exactSchema(schema)}`, `--file=${file}`],
    url,
  );
}

/**
 * Drops every object of the connection's schema (tables, views, sequences, routines,
 * types), keeping the schema itself, its owner and its grants: `restore --force` on
 * PostgreSQL.
 */
async function emptySchema(client: pg.Client, schema: string): Promise<void> {
  const q = (text: string) => client.query<{ stmt: string }>(text, [schema]);
  const steps = [
    `select format('drop %s if exists %I.%I cascade', case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
       when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end, n.nspname, c.relname) as stmt
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    `select format('drop sequence if exists %I.%I cascade', n.nspname, c.relname) as stmt
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'S'`,
    `select format('drop routine if exists %s cascade', p.oid::regprocedure) as stmt
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1`,
    `select format('drop type if exists %I.%I cascade', n.nspname, t.typname) as stmt
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = $1 and t.typtype in ('e', 'd', 'r', 'm')
         or (n.nspname = $1 and t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c')`,
  ];
  for (const step of steps) {
    for (const { stmt } of (await q(step)).rows) await client.query(stmt);
  }
}

/**
 * Puts the snapshot in place of the target's database. SQLite: the file replaces the
 * configured one (its -wal and -shm go). PostgreSQL: into the schema of the dump's
 * name, which must be the connection's schema (created when missing); `force` empties
 * it first. The caller has checked that the target is empty or that `force` is given.
 */
export async function restoreDatabase(
  url: string,
  kind: DbKind,
  file: string,
  opts: { force: boolean; schema: string | null },
): Promise<void> {
  if (kind === "sqlite") {
    const target = path.resolve(sqliteFile(url));
    // The old file's WAL must go first: SQLite would replay it onto the new file. The
    // rename then replaces the file in one step.
    await Promise.all([`${target}-wal`, `${target}-shm`].map((f) => rm(f, { force: true })));
    try {
      await rename(file, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      await copyFile(file, target);
    }
    return;
  }
  const schema = opts.schema;
  if (!schema) throw new BackupError("La copia no dice de qué esquema de PostgreSQL es.");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const current = (await client.query<{ s: string | null }>("select current_schema() as s")).rows[0]?.s ?? null;
    if (current !== null && current !== schema) {
      throw new BackupError(
        `La copia es del esquema "${schema}" y la base de datos configurada usa "${current}": restaura en una conexión cuyo search_path sea "${schema}".`,
      );
    }
    await client.query(`create schema if not exists ${exactSchema(schema)}`);
    const now = (await client.query<{ s: string | null }>("select current_schema() as s")).rows[0]?.s ?? null;
    if (now !== schema) {
      throw new BackupError(`La conexión configurada no usa el esquema "${schema}" de la copia (search_path).`);
    }
    if (opts.force) await emptySchema(client, schema);
  } finally {
    await client.end();
  }
  // The schema exists already: restore its contents, not its CREATE SCHEMA (nor its comment).
  const toc = await runPgTool("pg_restore", ["--list", file], url);
  const list = toc
    .split("\n")
    .filter((line) => !/^\d+; \d+ \d+ (SCHEMA - |COMMENT - SCHEMA )/.test(line))
    .join("\n");
  const listFile = `${file}.list`;
  await writeFile(listFile, list);
  try {
    await runPgTool(
      "pg_restore",
      [
        "--exit-on-error",
        "--single-transaction",
        "--no-owner",
        "--no-privileges",
        `--use-list=${listFile}`,
        `--dbname=${pgEnv(url).PGDATABASE ?? pgEnv(url).PGUSER ?? "postgres"}`,
        file,
      ],
      url,
    );
  } finally {
    await rm(listFile, { force: true });
  }
}
