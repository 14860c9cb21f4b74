/**
 * Migration 0028 on SQLite and PostgreSQL: courses, editions and services made
 * before it keep their Spanish texts and get empty (null) Catalan ones, which
 * the Catalan reads fill with the Spanish text and flag; the seed, run after the
 * upgrade, writes its Catalan texts into the rows it made; going down takes the
 * columns away again.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { listActiveServices } from "~/bookings/menu.server.ts";
import { listCourses } from "~/catalogue/queries.server.ts";
import { migrateToLatest, type Db, type DbKind } from "~/db/db.server.ts";
import { seedCatalogue } from "~/db/seed.server.ts";
import { seedSalon } from "~/db/seed-salon.server.ts";
import { catalogueSeedCourses, planEditions } from "~/db/seed-courses.server.ts";
import { seedServices } from "~/db/seed-services.server.ts";
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

/** What the seed inserted before 0028: its courses, their editions and its services, in Spanish only. */
async function seedAsBefore(db: Db): Promise<void> {
  const now = "2026-11-01T10:00:00.000Z";
  await db
    .insertInto("courses")
    .values(
      catalogueSeedCourses.map((c) => ({
        id: c.id,
        title: c.title,
        category: c.category,
        description: c.description,
        price_cents: c.price_cents,
        original_price_cents: c.original_price_cents,
        duration: c.duration,
        class_size: c.class_size,
        level: c.level,
        features: JSON.stringify(c.features),
        image: c.image,
        highlighted: c.highlighted,
        sort_order: c.sort_order,
        rating: 0,
        reviews: 0,
        active: 1,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto("course_editions")
    .values(
      catalogueSeedCourses
        .flatMap((c) => planEditions(c, SEED_TODAY))
        .map(({ schedule_ca: _catalan, ...e }) => ({
          ...e,
          seats_taken: 0,
          status: "open",
          updated_at: now,
          cancelled_at: null,
        })),
    )
    .execute();
  await db
    .insertInto("services")
    .values(
      seedServices.map((s, i) => ({
        id: s.id,
        name: s.name,
        category: s.category,
        description: s.description,
        duration_min: s.durationMin,
        buffer_min: s.bufferMin,
        price_cents: s.priceCents,
        price_from: s.priceFrom ? 1 : 0,
        deposit_cents: s.depositCents ?? null,
        bookable_online: 1,
        active: 1,
        sort_order: (i + 1) * 10,
        review_pending: 1,
        updated_at: now,
      })),
    )
    .execute();
}

describe.each(dbKinds)("0028 Catalan texts on %s", (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it("adds empty Catalan columns to existing rows, read as the Spanish text, filled by the seed, dropped going down", async () => {
    const made = await emptyDb(kind);
    drop = made.drop;
    const db = made.db;
    const before = await migrationBefore(MIGRATION);
    await migrateTo(db, before);
    await seedAsBefore(db);
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

    // `npm run seed` after the upgrade: the seed's rows get its Catalan texts; the Spanish ones stay.
    await seedCatalogue(db, { today: SEED_TODAY });
    await seedSalon(db);
    const filled = await listCourses(db, { today: SEED_TODAY, locale: "ca" });
    expect(filled.map((c) => c.title)).toEqual(catalogueSeedCourses.map((c) => c.title_ca));
    expect(filled.every((c) => c.untranslated === undefined)).toBe(true);
    expect(
      filled.every(
        (c) => c.nextEdition?.schedule === catalogueSeedCourses.find((s) => s.id === c.id)?.editions.schedule_ca,
      ),
    ).toBe(true);
    const servicesCa = await listActiveServices(db, "ca");
    expect(servicesCa.map((s) => s.name)).toEqual(seedServices.map((s) => s.nameCa));
    expect(servicesCa.every((s) => s.untranslated === undefined)).toBe(true);
    expect(await listCourses(db, { today: SEED_TODAY })).toEqual(spanishCourses);

    await migrateTo(db, before);
    expect(await columnNames(db, kind, "courses")).not.toContain("title_ca");
    expect(await columnNames(db, kind, "course_editions")).not.toContain("schedule_ca");
    expect(await columnNames(db, kind, "services")).not.toContain("name_ca");
  });
});
