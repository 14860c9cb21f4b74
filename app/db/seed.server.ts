/**
 * The starting catalogue for a new installation (`npm run seed`, the quick
 * start, the test and benchmark harnesses). Migrations create structure only;
 * this inserts data, and is safe to run any number of times:
 * - a course is inserted only if no course with its id exists, so a course the
 *   salon has edited (or withdrawn) is never touched;
 * - an active seed course with no future edition gets its planned editions,
 *   all starting after `today`, so the catalogue is never shown with past dates;
 * - rows are inserted with their Catalan texts too, and a seed course or edition
 *   made before without them gets each Catalan text whose column is still empty
 *   and whose Spanish text is still the seed's (app/db/seed-catalan.server.ts).
 * Everything happens in one transaction.
 */
import { nowIso } from "~/lib/ids.server.ts";
import { inTransaction, type Db } from "./db.server.ts";
import { fillSeedCatalogueCatalan } from "./seed-catalan.server.ts";
import { catalogueSeedCourses, planEditions } from "./seed-courses.server.ts";

interface SeedOptions {
  /** YYYY-MM-DD in Madrid: editions start after it. */
  today: string;
  /** Seats of every edition added (default: the course's class size). Benchmarks buy far more places than a class holds. */
  seats?: number;
}

interface SeedResult {
  coursesInserted: number;
  editionsInserted: number;
}

export async function seedCatalogue(db: Db, { today, seats }: SeedOptions): Promise<SeedResult> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new RangeError(`today must be YYYY-MM-DD (got ${today})`);
  const ids = catalogueSeedCourses.map((c) => c.id);
  return inTransaction(db, async (trx) => {
    const now = nowIso();
    const inserted = await trx
      .insertInto("courses")
      .values(
        catalogueSeedCourses.map(({ editions: _plan, features, features_ca, ...course }) => ({
          ...course,
          features: JSON.stringify(features),
          features_ca: JSON.stringify(features_ca),
          rating: 0,
          reviews: 0,
          active: 1,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .execute();

    const active = new Set(
      (await trx.selectFrom("courses").select("id").where("id", "in", ids).where("active", "=", 1).execute()).map(
        (r) => r.id,
      ),
    );
    const withFuture = new Set(
      (
        await trx
          .selectFrom("course_editions")
          .select("course_id")
          .where("course_id", "in", ids)
          .where("starts_on", ">", today)
          .where("status", "!=", "cancelled")
          .execute()
      ).map((r) => r.course_id),
    );
    const editions = catalogueSeedCourses
      .filter((c) => active.has(c.id) && !withFuture.has(c.id))
      .flatMap((c) => planEditions(c, today));
    let editionsInserted = 0;
    if (editions.length > 0) {
      const rows = await trx
        .insertInto("course_editions")
        .values(
          editions.map((e) => ({
            ...e,
            seats: seats ?? e.seats,
            seats_taken: 0,
            status: "open",
            updated_at: now,
            cancelled_at: null,
          })),
        )
        // An edition id already used (e.g. one cancelled for that month) stays as it is.
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .execute();
      editionsInserted = rows.length;
    }
    await fillSeedCatalogueCatalan(trx, now);
    return { coursesInserted: inserted.length, editionsInserted };
  });
}
