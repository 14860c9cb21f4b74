// GET /api/catalogue: the public course list the browser's cart is reconciled against.
import { listCourses } from "~/catalogue.server.ts";
import { getServices } from "~/context.server.ts";
import { toCartCourse } from "~/domain/cart.ts";
import type { Route } from "./+types/api.catalogue";

export async function loader({ context }: Route.LoaderArgs) {
  const courses = await listCourses(getServices(context).db);
  return Response.json(
    { courses: courses.map(toCartCourse) },
    // Never served stale: a price the staff change (/gestion/cursos) reaches every cart at once.
    { headers: { "Cache-Control": "public, no-cache" } },
  );
}
