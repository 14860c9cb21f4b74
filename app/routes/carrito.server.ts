import { listCartCatalogue } from "~/catalogue.server.ts";
import type { Db } from "~/db/db.server.ts";
import type { CatalogueCourse } from "~/domain/cart.ts";

/** The live catalogue: cart rows are shown with these prices and editions, never the stored ones. */
export async function loadCartCatalogue(db: Db): Promise<{ courses: CatalogueCourse[] }> {
  return { courses: await listCartCatalogue(db) };
}
