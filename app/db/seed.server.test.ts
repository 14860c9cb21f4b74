import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listCourses } from "~/catalogue/queries.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../../tests/helpers/db.ts";
import { seedCatalogue } from "./seed.server.ts";

const TODAY = "2026-11-23";
const IDS = ["formacion-inicio", "tecnico-manicurista", "expert-nails", "iniciacion-acrilico"];

describe.each(dbKinds)("catalogue seed on %s", (kind) => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb(kind, { seed: false });
  });
  afterEach(async () => {
    await t?.cleanup();
  });

  const snapshot = async () => ({
    courses: await t.db.selectFrom("courses").selectAll().orderBy("id").execute(),
    editions: await t.db.selectFrom("course_editions").selectAll().orderBy("id").execute(),
  });

  it("migrations alone leave the catalogue empty; the seed shows four courses with future editions", async () => {
    expect(await listCourses(t.db, { today: TODAY })).toEqual([]);
    expect(await seedCatalogue(t.db, { today: TODAY })).toEqual({ coursesInserted: 4, editionsInserted: 11 });
    const courses = await listCourses(t.db, { today: TODAY });
    expect(courses.map((c) => c.id)).toEqual(IDS);
    for (const c of courses) {
      expect(c.nextEdition!.startsOn > TODAY).toBe(true);
      expect(c.nextEdition?.seats).toBe(c.classSize);
    }
    const editions = await t.db.selectFrom("course_editions").selectAll().orderBy("starts_on").orderBy("id").execute();
    expect(editions.every((e) => e.starts_on > TODAY && e.status === "open" && e.seats_taken === 0)).toBe(true);
    expect(editions.find((e) => e.id === "tecnico-manicurista-2027-03")).toMatchObject({
      starts_on: "2027-03-01",
      ends_on: "2027-03-12",
      seats: 12,
      schedule: "Dos semanas, de lunes a viernes, 10:00–14:00",
      schedule_ca: "Dues setmanes, de dilluns a divendres, 10:00–14:00",
    });
    expect(editions.filter((e) => e.course_id === "expert-nails").map((e) => e.starts_on)).toEqual([
      "2027-01-04",
      "2027-05-03",
    ]);
  });

  it("invents no rating: the rating and review columns are zero", async () => {
    await seedCatalogue(t.db, { today: TODAY });
    const rows = await t.db.selectFrom("courses").select(["rating", "reviews"]).execute();
    expect(rows.map((r) => [Number(r.rating), Number(r.reviews)])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it("is idempotent: a second run, even a day later, changes nothing", async () => {
    await seedCatalogue(t.db, { today: TODAY });
    const before = await snapshot();
    expect(await seedCatalogue(t.db, { today: TODAY })).toEqual({ coursesInserted: 0, editionsInserted: 0 });
    expect(await seedCatalogue(t.db, { today: "2026-11-24" })).toEqual({ coursesInserted: 0, editionsInserted: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it("never overwrites a course the salon edited, and puts back only what is missing", async () => {
    await seedCatalogue(t.db, { today: TODAY });
    await t.db
      .updateTable("courses")
      .set({ title: "Inicio (renovado)", price_cents: 30000, active: 0 })
      .where("id", "=", "formacion-inicio")
      .execute();
    await t.db.deleteFrom("course_editions").where("course_id", "=", "formacion-inicio").execute();
    await t.db.deleteFrom("course_editions").where("course_id", "=", "tecnico-manicurista").execute();
    await t.db.deleteFrom("courses").where("id", "=", "tecnico-manicurista").execute();

    expect(await seedCatalogue(t.db, { today: TODAY })).toEqual({ coursesInserted: 1, editionsInserted: 3 });
    const edited = await t.db.selectFrom("courses").selectAll().where("id", "=", "formacion-inicio").executeTakeFirst();
    expect(edited).toMatchObject({ title: "Inicio (renovado)", price_cents: 30000, active: 0 });
    // A course the salon withdrew gets no invented editions.
    const inicio = await t.db
      .selectFrom("course_editions")
      .select("id")
      .where("course_id", "=", "formacion-inicio")
      .execute();
    expect(inicio).toEqual([]);
    const tecnico = await t.db
      .selectFrom("course_editions")
      .select("id")
      .where("course_id", "=", "tecnico-manicurista")
      .execute();
    expect(tecnico).toHaveLength(3);
  });

  it("dates new editions after today for a course whose editions are all past or cancelled", async () => {
    await seedCatalogue(t.db, { today: TODAY });
    // Months later: every seeded edition has started, except a cancelled one that does not count.
    await t.db
      .insertInto("course_editions")
      .values({
        id: "acrilico-cancelada",
        course_id: "iniciacion-acrilico",
        starts_on: "2027-09-06",
        ends_on: "2027-09-07",
        seats: 6,
        seats_taken: 0,
        status: "cancelled",
        cancelled_at: "2027-06-01T10:00:00.000Z",
        updated_at: null,
      })
      .execute();
    const later = "2027-06-15";
    expect(await seedCatalogue(t.db, { today: later })).toEqual({ coursesInserted: 0, editionsInserted: 11 });
    const courses = await listCourses(t.db, { today: later });
    expect(courses.map((c) => c.nextEdition?.startsOn)).toEqual([
      "2027-08-02",
      "2027-08-02",
      "2027-08-02",
      "2027-08-02",
    ]);
    const total = await t.db
      .selectFrom("course_editions")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(23);
  });

  it("refuses a malformed date", async () => {
    await expect(seedCatalogue(t.db, { today: "mañana" })).rejects.toThrow(RangeError);
  });
});
