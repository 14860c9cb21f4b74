import { data } from "react-router";
import { getServices } from "~/context.server.ts";
import { invoicePdf, pdfDownload } from "~/invoices/queries.server.ts";
import { isPlausibleOrderId } from "~/orders/staff-queries.server.ts";
import type { Route } from "./+types/gestion.facturas.pdf";

/**
 * GET /gestion/facturas/:invoiceId/pdf: any invoice's PDF, drawn from what was
 * stored when it was issued. Inside the staff layout, whose middleware guards it.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context);
  // Invoice ids are UUIDs, like order ids: anything else is not looked up.
  const file = isPlausibleOrderId(params.invoiceId) ? await invoicePdf(db, params.invoiceId) : null;
  if (!file) throw data("Factura no encontrada", { status: 404 });
  return pdfDownload(file);
}
