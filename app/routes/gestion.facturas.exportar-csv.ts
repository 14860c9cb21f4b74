import { getServices } from "~/context.server.ts";
import { periodFileName } from "~/domain/invoice-period.ts";
import { staffInvoiceBatches } from "~/invoices/staff-queries.server.ts";
import { CSV_BOM, CSV_CONTENT_TYPE, csvRow } from "~/lib/csv.ts";
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
  const batches = staffInvoiceBatches(db, period);
  // The first batch before answering: a database failure is still a proper 500.
  const first = await batches.next();
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const rows = first.done ? "" : first.value.map((r) => csvRow(invoiceCsvCells(r))).join("");
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(INVOICE_CSV_HEADER) + rows));
      if (first.done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map((r) => csvRow(invoiceCsvCells(r))).join("")));
      } catch (err) {
        logger.error({ err }, "staff: invoice CSV export failed midway");
        controller.error(err);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${periodFileName(period, "csv")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
