/**
 * The public reads in Catalan (issue 34, item 2): a course or service with
 * Catalan texts is read in Catalan; one without reads its Spanish text with
 * `untranslated: true` (for the staff); Spanish reads never carry the flag.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listActiveServices } from "~/bookings/menu.server.ts";
import { getCourse, listCourses, listEditionChoices } from "~/catalogue/queries.server.ts";
import { createTestDb, dbKinds, SEED_TODAY, type TestDb } from "../helpers/db.ts";

describe.each(dbKinds)("Catalan course and service texts on %s", (kind) => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb(kind);
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("reads a translated course in Catalan and an untranslated one in Spanish, flagged", async () => {
    const [first, second] = await listCourses(t.db, { today: SEED_TODAY });
    // The seed writes Catalan texts: the second course is one without them (as a course the salon adds).
    await t.db
      .updateTable("courses")
      .set({ title_ca: null, description_ca: null, level_ca: null, duration_ca: null, features_ca: null })
      .where("id", "=", second!.id)
      .execute();
    await t.db
      .updateTable("courses")
      .set({
        title_ca: "Curs d’iniciació",
        description_ca: "Aprèn les bases de la manicura.",
        level_ca: "Iniciació",
        duration_ca: "8 hores",
        features_ca: JSON.stringify(["Preparació de l’ungla", "Esmalt semipermanent"]),
      })
      .where("id", "=", first!.id)
      .execute();
    await t.db
      .updateTable("course_editions")
      .set({ schedule_ca: "Dilluns, 10:00–14:00" })
      .where("course_id", "=", first!.id)
      .execute();

    const ca = await getCourse(t.db, first!.id, { today: SEED_TODAY, locale: "ca" });
    expect(ca).toMatchObject({
      title: "Curs d’iniciació",
      description: "Aprèn les bases de la manicura.",
      level: "Iniciació",
      duration: "8 hores",
      features: ["Preparació de l’ungla", "Esmalt semipermanent"],
    });
    expect(ca?.untranslated).toBeUndefined();
    const editions = await listEditionChoices(t.db, [first!.id], { today: SEED_TODAY, locale: "ca" });
    expect(editions.length).toBeGreaterThan(0);
    expect(editions.every((e) => e.schedule === "Dilluns, 10:00–14:00")).toBe(true);

    const other = await getCourse(t.db, second!.id, { today: SEED_TODAY, locale: "ca" });
    expect(other?.title).toBe(second!.title);
    expect(other?.untranslated).toBe(true);

    const es = await getCourse(t.db, first!.id, { today: SEED_TODAY });
    expect(es?.title).toBe(first!.title);
    expect(es?.untranslated).toBeUndefined();
  });

  it("reads a translated service in Catalan and an untranslated one in Spanish, flagged", async () => {
    const [first, second] = await listActiveServices(t.db);
    await t.db
      .updateTable("services")
      .set({ name_ca: null, description_ca: null })
      .where("id", "=", second!.id)
      .execute();
    await t.db
      .updateTable("services")
      .set({ name_ca: "Manicura amb esmalt semipermanent", description_ca: "Dura fins a tres setmanes." })
      .where("id", "=", first!.id)
      .execute();
    const ca = await listActiveServices(t.db, "ca");
    const translated = ca.find((s) => s.id === first!.id);
    expect(translated).toMatchObject({
      name: "Manicura amb esmalt semipermanent",
      description: "Dura fins a tres setmanes.",
    });
    expect(translated?.untranslated).toBeUndefined();
    const untranslated = ca.find((s) => s.id === second!.id);
    expect(untranslated).toMatchObject({ name: second!.name, description: second!.description, untranslated: true });
    expect((await listActiveServices(t.db)).every((s) => s.untranslated === undefined)).toBe(true);
  });
});
