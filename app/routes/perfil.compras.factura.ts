import { data } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { buyerInvoicePdf, pdfDownload } from "~/invoices/queries.server.ts";
import type { Route } from "./+types/perfil.compras.factura";

// GET /perfil/compras/facturas/:invoiceId: the PDF of an invoice (or
// rectificativa) of one of the signed-in buyer's own orders. A resource route
// inside the account layout, whose middleware provides the user; anyone
// else's invoice is a 404, as an unknown one.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = getUser(context);
  const { db } = getServices(context);
  const file = await buyerInvoicePdf(db, user.id, params.invoiceId);
  if (!file) throw data({ message: "Factura no encontrada" }, { status: 404 });
  return pdfDownload(file);
}
