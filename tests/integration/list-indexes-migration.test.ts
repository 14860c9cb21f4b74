/**
 * Migration 0025 on SQLite and PostgreSQL: the indexes of the staff lists
 * (orders by status, invoices by period, the invoice lines by VAT rate; the
 * search index on SQLite only) come up with it, replacing 0024's lines by
 * invoice, and going down puts that one back.
 */
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/db.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, indexNames, migrateTo, migrationBefore } from "../helpers/migrations.ts";

const MIGRATION = "0025-list-indexes";
const INDEXES = ["orders_by_status", "invoices_by_period", "invoice_lines_vat", "invoice_lines_other_rates"];

describe.each(dbKinds)("0025 list indexes on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("adds the indexes in place of the lines by invoice, and gives that one back going down", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    const before = await migrationBefore(MIGRATION);
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
