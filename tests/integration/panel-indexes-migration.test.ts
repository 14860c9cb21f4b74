/**
 * Migration 0026 on SQLite and PostgreSQL: the orders' payment index covers
 * the panel's money reads (in place of 0024's `orders (paid_at)`, given back
 * going down). On SQLite, with half the orders paid, one day's takings seek
 * the day in that index instead of every paid order (the statistics are
 * gathered in full by the migration).
 */
import { CompiledQuery, sql, type KyselyPlugin } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "~/db/db.server.ts";
import { salesPaidBetween } from "~/staff/takings.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, indexNames, migrateTo, migrationBefore } from "../helpers/migrations.ts";

const MIGRATION = "0026-panel-indexes";

/** Orders over ~2,000 days, every other one paid (or refunded), one an hour apart. */
async function fillOrders(db: Db, count: number): Promise<void> {
  const start = Date.parse("2021-01-01T09:00:00Z");
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * 12 * 3_600_000).toISOString();
    const status = i % 2 === 0 ? "pending" : i % 10 === 1 ? "refunded" : "paid";
    return {
      id: `o-${i.toString().padStart(6, "0")}`,
      kind: "deposit",
      email: `c${i % 500}@example.com`,
      status,
      total_cents: 1500,
      refunded_cents: status === "refunded" ? 1500 : 0,
      currency: "eur",
      payment_method: "card",
      provider: "stripe",
      created_at: at,
      updated_at: at,
      paid_at: status === "pending" ? null : at,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await sql`insert into orders ${sql.raw(`(${Object.keys(rows[0]!).join(", ")})`)} values ${sql.join(
      rows.slice(i, i + 500).map((r) => sql`(${sql.join(Object.values(r))})`),
    )}`.execute(db);
  }
}

/** The SQL a call sends, captured on its way to the database. */
function capturing(db: Db): { db: Db; seen: CompiledQuery[] } {
  const seen: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), seen };
}

describe.each(dbKinds)("0026 panel indexes on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("covers the panel's reads with the payment index, and gives back the plain one going down", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    const before = await migrationBefore(MIGRATION);
    await migrateTo(db, before);
    expect(await indexNames(db, kind)).toContain("orders_by_paid_at");
    await fillOrders(db, 4000);
    expect(await migrateToLatest(db)).toContain(MIGRATION);
    const up = await indexNames(db, kind);
    expect(up).toContain("orders_paid_cover");
    expect(up).not.toContain("orders_by_paid_at");

    const { db: watched, seen } = capturing(db);
    const day = await salesPaidBetween(watched, new Date("2022-03-01T00:00:00Z"), new Date("2022-03-02T00:00:00Z"));
    // Two orders a day, one of them paid: the day's one sale is found.
    expect(day).toHaveLength(1);
    if (kind === "sqlite") {
      const query = seen.at(-1)!;
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      expect(plan.rows.map((r) => r.detail).join("\n")).toMatch(
        /USING COVERING INDEX orders_paid_cover \(paid_at>\? AND paid_at<\?\)/u,
      );
    }

    await migrateTo(db, before);
    const down = await indexNames(db, kind);
    expect(down).toContain("orders_by_paid_at");
    expect(down).not.toContain("orders_paid_cover");
  });
});
