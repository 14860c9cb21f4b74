/**
 * Migration 0028 on SQLite and PostgreSQL: courses, editions and services made
 * before it keep their Spanish texts and get empty (null) Catalan ones, which
 * the Catalan reads fill with the Spanish text and flag; going down takes the
 * columns away again.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { listActiveServices } from "~/bookings/menu.server.ts";
import { listCourses } from "~/catalogue/queries.server.ts";
import { migrateToLatest, type Db, type DbKind } from "~/db/db.server.ts";
import { seedCatalogue } from "~/db/seed.server.ts";
import { seedSalon } from "~/db/seed-salon.server.ts";
import { dbKinds, SEED_TODAY } from "../helpers/db.ts";
import { emptyDb, migrateTo, migrationBefore } from "../helpers/migrations.ts";

const MIGRATION = "0028-catalan-texts";

async function columnNames(db: Db, kind: DbKind, table: string): Promise<string[]> {
  const rows =
    kind === "sqlite"
      ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
      : await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return rows.rows.map((r) => r.name);
}

describe.each(dbKinds)("0028 Catalan texts on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("adds empty Catalan columns to existing rows, read as the Spanish text, and drops them going down", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    const before = await migrationBefore(MIGRATION);
    await migrateTo(db, before);
    await seedCatalogue(db, { today: SEED_TODAY });
    await seedSalon(db);
    const spanishCourses = await listCourses(db, { today: SEED_TODAY });

    expect(await migrateToLatest(db)).toContain(MIGRATION);
    expect(await columnNames(db, kind, "courses")).toEqual(
      expect.arrayContaining(["title_ca", "description_ca", "level_ca", "duration_ca", "features_ca"]),
    );
    expect(await columnNames(db, kind, "course_editions")).toContain("schedule_ca");
    expect(await columnNames(db, kind, "services")).toEqual(expect.arrayContaining(["name_ca", "description_ca"]));
    const untouched = await db.selectFrom("courses").select(["title", "title_ca"]).execute();
    expect(untouched.length).toBeGreaterThan(0);
    expect(untouched.every((r) => r.title_ca === null && r.title !== "")).toBe(true);

    // Spanish reads are unchanged; Catalan ones show the Spanish text, flagged for the staff.
    expect(await listCourses(db, { today: SEED_TODAY })).toEqual(spanishCourses);
    const catalan = await listCourses(db, { today: SEED_TODAY, locale: "ca" });
    expect(catalan.map((c) => c.title)).toEqual(spanishCourses.map((c) => c.title));
    expect(catalan.every((c) => c.untranslated === true)).toBe(true);
    const services = await listActiveServices(db, "ca");
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((s) => s.untranslated === true)).toBe(true);

    await migrateTo(db, before);
    expect(await columnNames(db, kind, "courses")).not.toContain("title_ca");
    expect(await columnNames(db, kind, "course_editions")).not.toContain("schedule_ca");
    expect(await columnNames(db, kind, "services")).not.toContain("name_ca");
  });
});
