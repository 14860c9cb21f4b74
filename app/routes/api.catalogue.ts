// GET /api/catalogue: the public course list (with bookable editions) the browser's cart is reconciled against.
import { listCartCatalogue } from "~/catalogue/queries.server.ts";
import { getServices } from "~/context.server.ts";
import type { Route } from "./+types/api.catalogue";

export async function loader({ context }: Route.LoaderArgs) {
  const courses = await listCartCatalogue(getServices(context).db);
  return Response.json(
    { courses },
    // Never served stale: a price the staff change (/gestion/cursos) or a seat taken reaches every cart at once.
    { headers: { "Cache-Control": "public, no-cache" } },
  );
}
