import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listActiveServices } from "~/bookings/menu.server.ts";
import { listCourses } from "~/catalogue/queries.server.ts";
import { createTestDb, dbKinds, SEED_TODAY, type TestDb } from "../../tests/helpers/db.ts";
import { seedSalon } from "./seed-salon.server.ts";
import { seedCatalogue } from "./seed.server.ts";
import { catalogueSeedCourses } from "./seed-courses.server.ts";
import { seedServices } from "./seed-services.server.ts";

const course = (id: string) => catalogueSeedCourses.find((c) => c.id === id)!;
const service = (id: string) => seedServices.find((s) => s.id === id)!;

describe("the seed's Catalan texts", () => {
  it("say every Spanish text in Catalan, feature for feature; only proper names stay the same", () => {
    for (const c of catalogueSeedCourses) {
      expect(c.features_ca).toHaveLength(c.features.length);
      const pairs: [string, string][] = [
        [c.title, c.title_ca],
        [c.description, c.description_ca],
        [c.level, c.level_ca],
        [c.duration, c.duration_ca],
        [c.editions.schedule, c.editions.schedule_ca],
        ...c.features.map((f, i): [string, string] => [f, c.features_ca[i]!]),
      ];
      for (const [es, ca] of pairs) {
        expect(ca.trim(), es).not.toBe("");
        // "Expert Nails" is the course's name in both languages.
        if (es !== "Expert Nails") expect(ca, es).not.toBe(es);
        // Typographic apostrophes, as in the catalogues.
        expect(ca, es).not.toContain("'");
      }
    }
    for (const s of seedServices) {
      // "Pedicura completa" is Catalan too.
      if (s.name !== "Pedicura completa") expect(s.nameCa, s.name).not.toBe(s.name);
      expect(s.descriptionCa, s.description).not.toBe(s.description);
      expect(`${s.nameCa} ${s.descriptionCa}`).not.toContain("'");
    }
  });
});

describe.each(dbKinds)("the seed's Catalan texts on %s", (kind) => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb(kind, { seed: false });
  });
  afterEach(async () => {
    await t?.cleanup();
  });

  const seed = async () => {
    await seedCatalogue(t.db, { today: SEED_TODAY });
    await seedSalon(t.db);
  };
  const snapshot = async () => ({
    courses: await t.db.selectFrom("courses").selectAll().orderBy("id").execute(),
    editions: await t.db.selectFrom("course_editions").selectAll().orderBy("id").execute(),
    services: await t.db.selectFrom("services").selectAll().orderBy("id").execute(),
  });

  it("a new database reads in Catalan on the Catalan pages, with nothing left in Spanish", async () => {
    await seed();
    const courses = await listCourses(t.db, { today: SEED_TODAY, locale: "ca" });
    expect(courses).toHaveLength(catalogueSeedCourses.length);
    for (const c of courses) {
      const data = course(c.id);
      expect(c.untranslated).toBeUndefined();
      expect(c).toMatchObject({
        title: data.title_ca,
        description: data.description_ca,
        level: data.level_ca,
        duration: data.duration_ca,
        features: data.features_ca,
      });
      expect(c.nextEdition?.schedule).toBe(data.editions.schedule_ca);
    }
    const services = await listActiveServices(t.db, "ca");
    expect(services).toHaveLength(seedServices.length);
    for (const s of services) {
      expect(s.untranslated).toBeUndefined();
      expect(s).toMatchObject({ name: service(s.id).nameCa, description: service(s.id).descriptionCa });
    }
    // The Spanish reads are the Spanish texts.
    expect((await listCourses(t.db, { today: SEED_TODAY })).map((c) => c.title)).toEqual(
      catalogueSeedCourses.map((c) => c.title),
    );
    expect((await listActiveServices(t.db)).map((s) => s.name)).toEqual(seedServices.map((s) => s.name));
  });

  it("fills a database seeded before them, only where empty and the Spanish text is still the seed's; then changes nothing", async () => {
    await seed();
    // As seeded before the Catalan texts: every Catalan column empty.
    await t.db
      .updateTable("courses")
      .set({ title_ca: null, description_ca: null, level_ca: null, duration_ca: null, features_ca: null })
      .execute();
    await t.db.updateTable("course_editions").set({ schedule_ca: null }).execute();
    await t.db.updateTable("services").set({ name_ca: null, description_ca: null }).execute();
    // What the salon did since: edited Spanish texts, Catalan texts of its own, a course and a service of its own.
    await t.db
      .updateTable("courses")
      .set({ title: "Inicio (renovado)" })
      .where("id", "=", "formacion-inicio")
      .execute();
    await t.db
      .updateTable("courses")
      .set({ title_ca: "Tècnica en manicura", features: JSON.stringify(["Manicura russa"]) })
      .where("id", "=", "tecnico-manicurista")
      .execute();
    const [edited] = await t.db
      .selectFrom("course_editions")
      .select("id")
      .where("course_id", "=", "iniciacion-acrilico")
      .orderBy("starts_on")
      .execute();
    await t.db
      .updateTable("course_editions")
      .set({ schedule: "Sábado y domingo, 10:00–18:00" })
      .where("id", "=", edited!.id)
      .execute();
    await t.db.updateTable("services").set({ name: "Manicura exprés" }).where("id", "=", "manicura").execute();
    await t.db
      .updateTable("services")
      .set({ description_ca: "La nostra depilació." })
      .where("id", "=", "cejas")
      .execute();
    await t.db
      .insertInto("courses")
      .values({
        ...(await t.db.selectFrom("courses").selectAll().where("id", "=", "expert-nails").executeTakeFirstOrThrow()),
        id: "curso-propio",
        title_ca: null,
        description_ca: null,
        level_ca: null,
        duration_ca: null,
        features_ca: null,
      })
      .execute();
    const before = await snapshot();

    await seed();
    const after = await snapshot();
    const courseRow = (id: string) => after.courses.find((c) => c.id === id)!;
    const serviceRow = (id: string) => after.services.find((s) => s.id === id)!;

    // Untouched by the salon: every Catalan text.
    expect(courseRow("expert-nails")).toMatchObject({
      title_ca: "Expert Nails",
      description_ca: course("expert-nails").description_ca,
      level_ca: "Expert",
      duration_ca: "60 hores",
      features_ca: JSON.stringify(course("expert-nails").features_ca),
    });
    // The Spanish title edited: no Catalan title (it would say something else); the rest in Catalan.
    expect(courseRow("formacion-inicio")).toMatchObject({
      title: "Inicio (renovado)",
      title_ca: null,
      description_ca: course("formacion-inicio").description_ca,
      features_ca: JSON.stringify(course("formacion-inicio").features_ca),
    });
    // The salon's own Catalan title stays; edited features get no Catalan ones.
    expect(courseRow("tecnico-manicurista")).toMatchObject({
      title_ca: "Tècnica en manicura",
      level_ca: "Professional",
      features_ca: null,
    });
    // The salon's own course is not the seed's.
    expect(courseRow("curso-propio")).toMatchObject({ title_ca: null, description_ca: null, features_ca: null });

    for (const e of after.editions) {
      const expected = e.id === edited!.id ? null : course(e.course_id).editions.schedule_ca;
      expect(e.schedule_ca, e.id).toBe(expected);
    }

    expect(serviceRow("manicura")).toMatchObject({
      name: "Manicura exprés",
      name_ca: null,
      description_ca: service("manicura").descriptionCa,
    });
    expect(serviceRow("cejas")).toMatchObject({ name_ca: "Disseny de celles", description_ca: "La nostra depilació." });
    expect(serviceRow("acrilico")).toMatchObject({ name_ca: "Ungles acríliques (joc nou)" });

    // Only Catalan columns (and the time of the change) moved.
    const strip = <T extends object>(rows: T[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.endsWith("_ca") && k !== "updated_at")));
    expect(strip(after.courses)).toEqual(strip(before.courses));
    expect(strip(after.editions)).toEqual(strip(before.editions));
    expect(strip(after.services)).toEqual(strip(before.services));
    expect(courseRow("curso-propio").updated_at).toBe(before.courses.find((c) => c.id === "curso-propio")!.updated_at);

    // Idempotent: a second run changes nothing, not even a time.
    await seed();
    expect(await snapshot()).toEqual(after);
  });
});
