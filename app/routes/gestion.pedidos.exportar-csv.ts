import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { getServices } from "~/context.server.ts";
import { parseOrderFilters } from "~/domain/order-filters.ts";
import { shortOrderId } from "~/domain/order-reference.ts";
import { paymentMethodName } from "~/domain/payment-methods.ts";
import { purchaseStatusView } from "~/domain/purchase-status.ts";
import { csvAmount, csvDateTime, type CsvCell } from "~/lib/csv.ts";
import { csvStreamResponse } from "~/lib/csv-stream.server.ts";
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
    shortOrderId(o.id),
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
  return csvStreamResponse({
    batches: staffOrderBatches(db, filters),
    header: HEADER,
    cells,
    fileName: `pedidos-${todayInMadrid()}.csv`,
    logger,
    what: "order",
  });
}
