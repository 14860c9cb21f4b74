// GET /api/catalogue[?lang=ca]: the public course list (with bookable editions) the browser's cart is
// reconciled against, its texts in Spanish or, with ?lang=ca, in Catalan (the cart's page's language).
import { listCartCatalogue } from "~/catalogue/queries.server.ts";
import { getServices } from "~/context.server.ts";
import type { Route } from "./+types/api.catalogue";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = new URL(request.url).searchParams.get("lang") === "ca" ? "ca" : "es";
  const courses = await listCartCatalogue(getServices(context).db, { locale });
  return Response.json(
    { courses },
    // Never served stale: a price the staff change (/gestion/cursos) or a seat taken reaches every cart at once.
    { headers: { "Cache-Control": "public, no-cache" } },
  );
}
