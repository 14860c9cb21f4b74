import { consentText, endReasonLabel, orderRef } from "~/components/staff/format.ts";
import { purchaseStatusView } from "~/domain/purchase-status.ts";
import { CSV_CONTENT_TYPE, csvDate, csvDateTime, csvDocument, csvFileName } from "~/lib/csv.ts";
import type { Route } from "./+types/gestion.convocatorias.alumnos-csv";
import { loadEditionAttendees } from "./gestion.convocatorias.alumnos.server.ts";

const HEADER = [
  "Apellidos",
  "Nombre",
  "Email",
  "Teléfono",
  "Pedido",
  "Estado del pago",
  "Fecha de inscripción",
  "Acepta publicidad",
  "Situación",
  "Fecha de baja",
];

/**
 * GET /gestion/convocatorias/:editionId/alumnos.csv: the edition's students,
 * active first, then the ended ones. One edition holds a class, so the file is
 * small and built at once. Inside the staff layout, whose middleware guards it.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { edition, active, ended } = await loadEditionAttendees(params.editionId, context);
  const rows = [...active, ...ended].map((a) => [
    a.lastName,
    a.firstName || a.displayName,
    a.email,
    a.phone,
    orderRef(a.orderId),
    purchaseStatusView(a.orderStatus, { refundedCents: a.orderRefundedCents, totalCents: a.orderTotalCents }).label,
    csvDate(a.enrolledAt),
    consentText(a.newsletter, a.newsletterConsentAt),
    a.endedAt ? `Baja: ${endReasonLabel(a.endReason)}` : "Activa",
    csvDateTime(a.endedAt),
  ]);
  return new Response(csvDocument(HEADER, rows), {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${csvFileName(`alumnos ${edition.courseTitle} ${edition.startsOn}`)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
