import { todayInMadrid } from "~/catalogue.server.ts";
import { getServices } from "~/context.server.ts";
import { parseOrderFilters } from "~/domain/order-filters.ts";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import { purchaseStatusView } from "~/domain/purchase-status.ts";
import { CSV_BOM, CSV_CONTENT_TYPE, csvAmount, csvDateTime, csvRow, type CsvCell } from "~/lib/csv.ts";
import { staffOrderBatches, type StaffOrderRow } from "~/orders/staff-queries.server.ts";
import type { Route } from "./+types/gestion.pedidos.exportar-csv";

const HEADER = [
  "Fecha",
  "Pedido",
  "Id del pedido",
  "Email",
  "Nombre",
  "Cursos",
  "Total (€)",
  "Reembolsado (€)",
  "Método de pago",
  "Estado",
  "Demo",
];

function cells(o: StaffOrderRow): CsvCell[] {
  return [
    csvDateTime(o.createdAt),
    o.id.slice(0, 8).toUpperCase(),
    o.id,
    o.buyerEmail,
    o.buyerName,
    o.courses.join(" | "),
    csvAmount(o.totalCents),
    csvAmount(o.refundedCents),
    paymentMethodName(o.paymentMethod),
    purchaseStatusView(o.status, { refundedCents: o.refundedCents, totalCents: o.totalCents }).label,
    o.demo,
  ];
}

/**
 * GET /gestion/pedidos/exportar.csv?<the list's filters>: every matching order
 * (all pages, up to MAX_EXPORT_ROWS), streamed batch by batch. Inside the staff
 * layout, whose middleware guards it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger } = getServices(context);
  const { filters } = parseOrderFilters(new URL(request.url).searchParams);
  const batches = staffOrderBatches(db, filters);
  // The first batch before answering: a database failure is still a proper 500.
  const first = await batches.next();
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const rows = first.done ? "" : first.value.map((o) => csvRow(cells(o))).join("");
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(HEADER) + rows));
      if (first.done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map((o) => csvRow(cells(o))).join("")));
      } catch (err) {
        logger.error({ err }, "staff: order export failed midway");
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
      "Content-Disposition": `attachment; filename="pedidos-${todayInMadrid()}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
