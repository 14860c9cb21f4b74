import { listCourses } from "~/catalogue.server.ts";
import type { Db } from "~/db/db.server.ts";
import { toCartCourse, type CartCourse } from "~/domain/cart.ts";

/** The live catalogue: cart rows are shown with these prices, never the stored ones. */
export async function loadCartCatalogue(db: Db): Promise<{ courses: CartCourse[] }> {
  const courses = await listCourses(db);
  return { courses: courses.map(toCartCourse) };
}
