/**
 * Migration 0024 on SQLite and PostgreSQL: the indexes years of history need
 * (invoice lines by invoice, orders by payment and creation, …) come up with it
 * and go down with it.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type Db, type DbKind } from "~/db/db.server.ts";
import { migrationProvider } from "~/db/migrations/index.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, migrateTo } from "../helpers/migrations.ts";

const MIGRATION = "0024-scale-indexes";
const INDEXES = [
  "invoice_lines_by_invoice",
  "invoices_by_order",
  "orders_by_paid_at",
  "orders_by_created",
  "order_items_by_course",
  "appointments_by_professional_start",
  "refunds_by_completed",
];

async function indexNames(db: Db, kind: DbKind): Promise<string[]> {
  const rows =
    kind === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)
      : await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db);
  return rows.rows.map((r) => r.name);
}

describe.each(dbKinds)("0024 scale indexes on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("adds the indexes, and takes them away going down", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const before = names[names.indexOf(MIGRATION) - 1]!;
    await migrateTo(db, before);
    expect(await indexNames(db, kind)).not.toContain(INDEXES[0]);
    // Up to 0024 itself: 0025 replaces invoice_lines_by_invoice with a wider index.
    await migrateTo(db, MIGRATION);
    expect(await indexNames(db, kind)).toEqual(expect.arrayContaining(INDEXES));
    await migrateTo(db, before);
    const after = await indexNames(db, kind);
    for (const name of INDEXES) expect(after).not.toContain(name);
  });
});
