/**
 * Migration 0027 on SQLite and PostgreSQL: accounts, orders, appointments and
 * waiting-list entries get the language they were made in; every row made
 * before it was made in Spanish; going down drops the four columns.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, type Db, type DbKind } from "~/db/db.server.ts";
import { dbKinds } from "../helpers/db.ts";
import { emptyDb, migrateTo, migrationBefore } from "../helpers/migrations.ts";
import { insertCourseWithEditions } from "../helpers/seats.ts";

const MIGRATION = "0027-languages";
const TABLES = ["users", "orders", "appointments", "waitlist_entries"] as const;
const AT = "2026-11-20T10:00:00.000Z";

/** The column names of a table in the connection's own database or schema. */
async function columnsOf(db: Db, kind: DbKind, table: string): Promise<string[]> {
  const rows =
    kind === "sqlite"
      ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
      : await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** One row in each of the four tables, written as the code before 0027 did. */
async function insertOldRows(db: Db): Promise<void> {
  await sql`insert into users (id, email, display_name, first_name, last_name, created_at)
    values ('u1', 'ana@example.com', 'Ana López', 'Ana', 'López', ${AT})`.execute(db);
  await sql`insert into orders (id, user_id, email, status, total_cents, currency, payment_method, provider,
      created_at, updated_at)
    values ('o1', 'u1', 'ana@example.com', 'paid', 20000, 'eur', 'card', 'demo', ${AT}, ${AT})`.execute(db);
  await sql`insert into professionals (id, name, updated_at) values ('p1', 'Alejandra', ${AT})`.execute(db);
  await sql`insert into appointments (id, professional_id, user_id, client_name, client_email, starts_at, ends_at,
      blocks_until, status, source, price_cents, created_at, updated_at)
    values ('a1', 'p1', 'u1', 'Ana López', 'ana@example.com', '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z',
      '2026-12-01T10:10:00.000Z', 'confirmed', 'online', 3000, ${AT}, ${AT})`.execute(db);
  const { editionIds } = await insertCourseWithEditions(db, [{ startsOn: "2030-10-01", seats: 1 }]);
  await sql`insert into waitlist_entries (id, edition_id, email, user_id, created_at, confirmed_at, status)
    values ('w1', ${editionIds[0]!}, 'eva@example.com', null, ${AT}, ${AT}, 'waiting')`.execute(db);
}

describe.each(dbKinds)("0027 languages on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("gives every earlier row Spanish, takes Catalan for new ones, and drops the columns going down", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    const before = await migrationBefore(MIGRATION);
    await migrateTo(db, before);
    for (const table of TABLES) expect(await columnsOf(db, kind, table)).not.toContain("locale");
    await insertOldRows(db);

    expect(await migrateToLatest(db)).toContain(MIGRATION);
    expect(await db.selectFrom("users").select(["id", "locale"]).execute()).toEqual([{ id: "u1", locale: "es" }]);
    expect(await db.selectFrom("orders").select(["id", "locale"]).execute()).toEqual([{ id: "o1", locale: "es" }]);
    expect(await db.selectFrom("appointments").select(["id", "locale"]).execute()).toEqual([
      { id: "a1", locale: "es" },
    ]);
    expect(await db.selectFrom("waitlist_entries").select(["id", "locale"]).execute()).toEqual([
      { id: "w1", locale: "es" },
    ]);
    // Not null: a row always has a language.
    await expect(sql`update users set locale = null where id = 'u1'`.execute(db)).rejects.toThrow();
    await db.updateTable("users").set({ locale: "ca" }).where("id", "=", "u1").execute();
    expect(await db.selectFrom("users").select("locale").where("id", "=", "u1").executeTakeFirst()).toEqual({
      locale: "ca",
    });

    await migrateTo(db, before);
    for (const table of TABLES) expect(await columnsOf(db, kind, table)).not.toContain("locale");
    // The rows themselves stay.
    const users = await sql<{ id: string }>`select id from users`.execute(db);
    expect(users.rows).toEqual([{ id: "u1" }]);
  });
});
