/**
 * Migration 0024 on SQLite and PostgreSQL: the indexes years of history need
 * (invoice lines by invoice, orders by payment and creation, …) come up with it
 * and go down with it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, indexNames, migrateTo, migrationBefore } from "../helpers/migrations.ts";

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

describe.each(dbKinds)("0024 scale indexes on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("adds the indexes, and takes them away going down", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    const before = await migrationBefore(MIGRATION);
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
