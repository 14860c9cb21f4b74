// GET /api/catalogue: the public course list the browser's cart is reconciled against.
import { listCourses } from "~/catalogue.server.ts";
import { getServices } from "~/context.server.ts";
import { toCartCourse } from "~/domain/cart.ts";
import type { Route } from "./+types/api.catalogue";

export async function loader({ context }: Route.LoaderArgs) {
  const courses = await listCourses(getServices(context).db);
  return Response.json(
    { courses: courses.map(toCartCourse) },
    // Short cache: a price change reaches every cart within a minute.
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}
