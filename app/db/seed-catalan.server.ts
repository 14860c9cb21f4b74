/**
 * The seed's Catalan texts for the rows it made before it had them (issue 34).
 * A database seeded earlier (before migration 0028, or before the seed data had
 * Catalan texts) keeps its seeded courses, editions and services with null
 * Catalan columns, so its Catalan pages read in Spanish. Each such column gets
 * the seed's Catalan text only where it is still null AND the row's Spanish text
 * is still exactly the seed's: a text the salon edited or translated is never
 * touched. The conditions are repeated in each UPDATE, so a concurrent edit in
 * Gestión wins. Runs inside the seeds' transactions; a second run fills nothing.
 */
import type { Updateable } from "kysely";
import type { Db } from "./db.server.ts";
import type { CoursesTable, ServicesTable } from "./schema.ts";
import { catalogueSeedCourses } from "./seed-courses.server.ts";
import { seedServices } from "./seed-services.server.ts";

/** A course's Spanish text columns and their Catalan ones. */
const COURSE_TEXTS = [
  ["title", "title_ca"],
  ["description", "description_ca"],
  ["level", "level_ca"],
  ["duration", "duration_ca"],
] as const;

/** Whether a stored `features` column holds exactly these lines (in any JSON spelling). */
function holdsFeatures(stored: string, lines: readonly string[]): boolean {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) && parsed.length === lines.length && parsed.every((f, i) => f === lines[i]);
  } catch {
    return false;
  }
}

/** Fills the Catalan texts of the seed's courses and of their editions (see above). */
export async function fillSeedCatalogueCatalan(trx: Db, now: string): Promise<void> {
  const seeds = new Map(catalogueSeedCourses.map((c) => [c.id, c]));
  const rows = await trx
    .selectFrom("courses")
    .select([
      "id",
      "title",
      "title_ca",
      "description",
      "description_ca",
      "level",
      "level_ca",
      "duration",
      "duration_ca",
      "features",
      "features_ca",
    ])
    .where("id", "in", [...seeds.keys()])
    .execute();
  for (const row of rows) {
    const seed = seeds.get(row.id)!;
    const set: Updateable<CoursesTable> = {};
    let update = trx.updateTable("courses").where("id", "=", row.id);
    for (const [es, ca] of COURSE_TEXTS) {
      if (row[ca] !== null || row[es] !== seed[es]) continue;
      set[ca] = seed[ca];
      update = update.where(ca, "is", null).where(es, "=", seed[es]);
    }
    if (row.features_ca === null && holdsFeatures(row.features, seed.features)) {
      set.features_ca = JSON.stringify(seed.features_ca);
      update = update.where("features_ca", "is", null).where("features", "=", row.features);
    }
    if (Object.keys(set).length > 0) await update.set({ ...set, updated_at: now }).execute();
  }
  // Editions: every edition of a seed course (the seed's or one the staff added) with the seed's schedule.
  for (const c of catalogueSeedCourses) {
    await trx
      .updateTable("course_editions")
      .set({ schedule_ca: c.editions.schedule_ca, updated_at: now })
      .where("course_id", "=", c.id)
      .where("schedule_ca", "is", null)
      .where("schedule", "=", c.editions.schedule)
      .execute();
  }
}

/** Fills the Catalan name and description of the seed's services (see above). */
export async function fillSeedServicesCatalan(trx: Db, now: string): Promise<void> {
  const seeds = new Map(seedServices.map((s) => [s.id, s]));
  const rows = await trx
    .selectFrom("services")
    .select(["id", "name", "name_ca", "description", "description_ca"])
    .where("id", "in", [...seeds.keys()])
    .execute();
  for (const row of rows) {
    const seed = seeds.get(row.id)!;
    const set: Updateable<ServicesTable> = {};
    let update = trx.updateTable("services").where("id", "=", row.id);
    if (row.name_ca === null && row.name === seed.name) {
      set.name_ca = seed.nameCa;
      update = update.where("name_ca", "is", null).where("name", "=", seed.name);
    }
    if (row.description_ca === null && row.description === seed.description) {
      set.description_ca = seed.descriptionCa;
      update = update.where("description_ca", "is", null).where("description", "=", seed.description);
    }
    if (Object.keys(set).length > 0) await update.set({ ...set, updated_at: now }).execute();
  }
}
