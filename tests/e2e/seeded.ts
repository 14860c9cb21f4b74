// What the catalogue seed put in the e2e server's fresh database: playwright.config.ts
// runs scripts/seed.ts on the day of the run, so dates are computed, never hard-coded.
import { catalogueSeedCourses, planEditions, type PlannedEdition } from "../../app/db/seed-courses.server.ts";

/** Today in Madrid (YYYY-MM-DD), as the seed script dated the editions. */
export function todayInMadrid(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(now);
}

/** The seeded editions of one course, earliest first. */
export function seededEditions(courseId: string): PlannedEdition[] {
  const course = catalogueSeedCourses.find((c) => c.id === courseId);
  if (!course) throw new Error(`no seed course ${courseId}`);
  return planEditions(course, todayInMadrid());
}
