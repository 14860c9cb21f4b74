import { getServices } from "~/context.server.ts";
import { periodFileName } from "~/domain/invoice-period.ts";
import { staffInvoiceBatches } from "~/invoices/staff-queries.server.ts";
import { csvStreamResponse } from "~/lib/csv-stream.server.ts";
import type { Route } from "./+types/gestion.facturas.exportar-csv";
import { INVOICE_CSV_HEADER, invoiceCsvCells, periodOfRequest } from "./gestion.facturas.server.ts";

/**
 * GET /gestion/facturas/exportar.csv?periodo=2026-T4: the period's invoices for
 * the gestor, one row per invoice in issue order, rectificativas with negative
 * amounts, streamed batch by batch. Inside the staff layout, whose middleware
 * guards it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger } = getServices(context);
  const { period } = periodOfRequest(request);
  return csvStreamResponse({
    batches: staffInvoiceBatches(db, period),
    header: INVOICE_CSV_HEADER,
    cells: invoiceCsvCells,
    fileName: periodFileName(period, "csv"),
    logger,
    what: "invoice CSV",
  });
}
