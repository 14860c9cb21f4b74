/**
 * Migration 0025 on SQLite and PostgreSQL: the indexes of the staff lists
 * (orders by status, invoices by period, the invoice lines by VAT rate; the
 * search index on SQLite only) come up with it, replacing 0024's lines by
 * invoice, and going down puts that one back.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, type Db, type DbKind } from "~/db/db.server.ts";
import { migrationProvider } from "~/db/migrations/index.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, migrateTo } from "../helpers/migrations.ts";

const MIGRATION = "0025-list-indexes";
const INDEXES = ["orders_by_status", "invoices_by_period", "invoice_lines_vat", "invoice_lines_other_rates"];

async function indexNames(db: Db, kind: DbKind): Promise<string[]> {
  const rows =
    kind === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)
      : await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db);
  return rows.rows.map((r) => r.name);
}

describe.each(dbKinds)("0025 list indexes on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("adds the indexes in place of the lines by invoice, and gives that one back going down", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const before = names[names.indexOf(MIGRATION) - 1]!;
    await migrateTo(db, before);
    expect(await indexNames(db, kind)).toContain("invoice_lines_by_invoice");
    expect(await migrateToLatest(db)).toContain(MIGRATION);
    const up = await indexNames(db, kind);
    expect(up).toEqual(expect.arrayContaining(INDEXES));
    expect(up).not.toContain("invoice_lines_by_invoice");
    if (kind === "sqlite") expect(up).toContain("orders_search");
    else expect(up).not.toContain("orders_search");
    await migrateTo(db, before);
    const down = await indexNames(db, kind);
    for (const name of [...INDEXES, "orders_search"]) expect(down).not.toContain(name);
    expect(down).toContain("invoice_lines_by_invoice");
  });
});
