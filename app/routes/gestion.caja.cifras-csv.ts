import type { Route } from "./+types/gestion.caja.cifras-csv";
import { figuresCsvResponse } from "./gestion.caja.cifras.server.ts";

/**
 * GET /gestion/caja/cifras.csv?periodo=mes&fecha=2026-11-01: the period's
 * counter lines, sold and returned, with base and commission, for the gestor
 * (the owner's: everyone's; a staff member's: her own). Small (one period of
 * one salon's counter), so built at once. Inside the staff layout, whose
 * middleware guards it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return figuresCsvResponse(request, context);
}
