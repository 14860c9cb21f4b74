import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getCourse,
  getCourseIncludingInactive,
  getCoursesByIds,
  listCourses,
  listUpcomingEditions,
  todayInMadrid,
} from "~/catalogue/queries.server.ts";
import { formatMonthYear, monthlyFinancingEuros } from "~/domain/pricing.ts";
import { createTestDb, dbKinds, SEED_TODAY, type TestDb } from "../helpers/db.ts";

const TODAY = SEED_TODAY;

describe.each(dbKinds)("catalogue on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("lists the four seeded courses in order with the spec's figures", async () => {
    const courses = await listCourses(t.db, { today: TODAY });
    expect(courses.map((c) => c.id)).toEqual([
      "formacion-inicio",
      "tecnico-manicurista",
      "expert-nails",
      "iniciacion-acrilico",
    ]);
    expect(courses.map((c) => c.priceCents)).toEqual([28000, 65000, 99900, 32900]);
    expect(courses.map((c) => monthlyFinancingEuros(c.priceCents))).toEqual([94, 217, 333, 110]);
    expect(courses.map((c) => c.classSize)).toEqual([15, 12, 8, 6]);
    expect(courses.map((c) => c.duration)).toEqual(["20 horas", "40 horas", "60 horas", "2 días personalizados"]);
    expect(courses.map((c) => c.level)).toEqual(["Iniciación", "Profesional", "Experto", "Intensivo"]);
    expect(courses.filter((c) => c.highlighted).map((c) => c.id)).toEqual(["formacion-inicio", "iniciacion-acrilico"]);
    for (const c of courses) {
      expect(c.features).toHaveLength(10);
      expect(c.originalPriceCents).toBeGreaterThan(c.priceCents);
      expect(c.image).toBe(`course-${c.id}`);
      expect(c.active).toBe(true);
      expect(c.nextEdition).not.toBeNull();
    }
    // Seeded from 2026-11-23: the first Monday of January 2027, five days, seats = class size.
    expect(courses[0].nextEdition).toMatchObject({
      id: "formacion-inicio-2027-01",
      startsOn: "2027-01-04",
      endsOn: "2027-01-08",
      seats: 15,
      seatsLeft: 15,
      status: "open",
    });
    expect(formatMonthYear(courses[0].nextEdition!.startsOn)).toBe("enero de 2027");
  });

  it("publishes no rating or review count for any course", async () => {
    for (const c of await listCourses(t.db, { today: TODAY })) {
      expect(Object.keys(c)).not.toContain("rating");
      expect(Object.keys(c)).not.toContain("reviews");
    }
  });

  it("filters by category", async () => {
    const courses = await listCourses(t.db, { today: TODAY, category: "experto" });
    expect(courses.map((c) => c.id)).toEqual(["expert-nails"]);
  });

  it("gets one course and returns null for unknown ids", async () => {
    const course = await getCourse(t.db, "iniciacion-acrilico", { today: TODAY });
    expect(course).toMatchObject({ title: "Iniciación Acrílico Intensivo", category: "intensivo", priceCents: 32900 });
    expect(await getCourse(t.db, "curso-inexistente")).toBeNull();
  });

  it("lists at least two upcoming editions per course, earliest first", async () => {
    for (const id of ["formacion-inicio", "tecnico-manicurista", "expert-nails", "iniciacion-acrilico"]) {
      const editions = await listUpcomingEditions(t.db, id, { today: TODAY });
      expect(editions.length).toBeGreaterThanOrEqual(2);
      const dates = editions.map((e) => e.startsOn);
      expect([...dates].sort()).toEqual(dates);
      expect(dates[0] > TODAY).toBe(true);
    }
  });

  it("the next edition skips past, full, closed and sold-out editions", async () => {
    const id = "tecnico-manicurista";
    await t.db
      .insertInto("course_editions")
      .values([
        {
          id: "t-past",
          course_id: id,
          starts_on: "2026-11-01",
          ends_on: null,
          seats: 12,
          seats_taken: 0,
          status: "open",
        },
        {
          id: "t-full",
          course_id: id,
          starts_on: "2026-12-01",
          ends_on: null,
          seats: 12,
          seats_taken: 0,
          status: "full",
        },
        {
          id: "t-sold",
          course_id: id,
          starts_on: "2026-12-02",
          ends_on: null,
          seats: 12,
          seats_taken: 12,
          status: "open",
        },
        { id: "t-today", course_id: id, starts_on: TODAY, ends_on: null, seats: 12, seats_taken: 11, status: "open" },
      ])
      .execute();
    const today = await getCourse(t.db, id, { today: TODAY });
    expect(today?.nextEdition).toMatchObject({ id: "t-today", seatsLeft: 1 });
    const tomorrow = await getCourse(t.db, id, { today: "2026-11-24" });
    expect(tomorrow?.nextEdition?.id).toBe("tecnico-manicurista-2027-01");
    const editions = await listUpcomingEditions(t.db, id, { today: "2026-11-24" });
    expect(editions.map((e) => e.id)).not.toContain("t-sold");
    const late = await getCourse(t.db, id, { today: "2030-01-01" });
    expect(late?.nextEdition).toBeNull();
  });

  it("hides inactive courses from the shop but not from history", async () => {
    await t.db.updateTable("courses").set({ active: 0 }).where("id", "=", "expert-nails").execute();
    try {
      expect((await listCourses(t.db, { today: TODAY })).map((c) => c.id)).not.toContain("expert-nails");
      expect(await getCourse(t.db, "expert-nails")).toBeNull();
      expect((await getCourseIncludingInactive(t.db, "expert-nails"))?.active).toBe(false);
      expect((await getCoursesByIds(t.db, ["expert-nails", "formacion-inicio", "nope"])).map((c) => c.id)).toEqual([
        "formacion-inicio",
      ]);
    } finally {
      await t.db.updateTable("courses").set({ active: 1 }).where("id", "=", "expert-nails").execute();
    }
  });
});

describe("todayInMadrid", () => {
  it("uses the Madrid calendar day", () => {
    expect(todayInMadrid(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(todayInMadrid(new Date("2026-06-15T10:00:00Z"))).toBe("2026-06-15");
  });
});
