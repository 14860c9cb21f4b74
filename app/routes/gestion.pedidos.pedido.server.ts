/** /gestion/pedidos/:orderId: one order in full, and "Reenviar confirmación". */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { inTransaction } from "~/db/db.server.ts";
import { enqueueConfirmationResend } from "~/orders/confirmation-email.server.ts";
import { orderHistory } from "~/orders/order-history.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { getStaffOrderDetail } from "~/orders/staff-order-detail.server.ts";
import { isPlausibleOrderId } from "~/orders/staff-queries.server.ts";
import { getWithdrawal } from "~/orders/withdrawal-lines.server.ts";
import { recordAudit } from "~/audit/audit.server.ts";
import { lookup } from "~/lib/lookup.ts";
import type { InvoiceKind } from "~/invoices/document.ts";
import { listOrderInvoices } from "~/invoices/queries.server.ts";
import { documentLabel } from "~/invoices/document-texts.server.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const NOTICES: Record<string, string> = {
  "confirmacion-reenviada":
    "Confirmación reenviada: el correo saldrá en unos segundos. Lo verás abajo, en «Correos enviados».",
  "reembolso-solicitado":
    "Reembolso solicitado: la pasarela lo hará en unos segundos y la alumna recibirá un correo. Verás su estado abajo, en «Reembolsos».",
};

export const RESEND_INTENT = "reenviar-confirmacion";

const INVOICE_KINDS: readonly InvoiceKind[] = ["F1", "F2", "R4", "R5"];
const invoiceKind = (kind: string): InvoiceKind => INVOICE_KINDS.find((k) => k === kind) ?? "F1";

export async function loadOrderDetail(orderId: string, request: Request, context: Ctx) {
  const { db } = getServices(context);
  const detail = await getStaffOrderDetail(db, orderId);
  if (!detail) throw data("Pedido no encontrado", { status: 404 });
  const notice = lookup(NOTICES, new URL(request.url).searchParams.get("aviso")) ?? null;
  const [withdrawal, invoiceRows] = await Promise.all([
    getWithdrawal(db, detail.order.id),
    listOrderInvoices(db, [detail.order.id]),
  ]);
  // The order's invoice and rectificativas (or demo documents), each with its PDF.
  const invoices = invoiceRows.map((i) => ({
    id: i.id,
    number: i.full_number,
    label: documentLabel(serverTranslator("es"), invoiceKind(i.kind), Number(i.demo) === 1),
    issueDate: i.issue_date,
    totalCents: i.total_cents,
  }));
  return { ...detail, history: orderHistory(detail), notice, withdrawal: withdrawal ?? null, invoices };
}

interface OrderActionData {
  error: string;
}

/** Queues the order's confirmation again (paid orders only), with its audit entry in the same transaction. */
export async function orderDetailAction(orderId: string, request: Request, context: Ctx) {
  const services = getServices(context);
  const user = getUser(context);
  if (!isPlausibleOrderId(orderId)) throw data("Pedido no encontrado", { status: 404 });
  const form = await request.formData();
  if (form.get("intent") !== RESEND_INTENT) {
    return data<OrderActionData>(
      { error: "No se ha entendido la acción. Vuelve a intentarlo desde esta página." },
      400,
    );
  }
  const result = await inTransaction(services.db, async (trx) => {
    const found = await getOrderWithItems(trx, orderId);
    if (!found) return "missing" as const;
    const { order } = found;
    if (order.status !== "paid") return "not-paid" as const;
    const queued = await enqueueConfirmationResend(trx, order.id);
    if (queued.outcome !== "queued") return "busy" as const;
    await recordAudit(
      trx,
      { id: user.id, email: user.email },
      {
        action: "order.resend-confirmation",
        entityType: "order",
        entityId: order.id,
        before: { status: order.status, confirmationSentAt: order.confirmation_sent_at },
        after: { status: order.status, to: order.email, emailJob: queued.dedupeKey },
      },
    );
    return "queued" as const;
  });
  if (result === "missing") throw data("Pedido no encontrado", { status: 404 });
  if (result === "not-paid") {
    return data<OrderActionData>({ error: "Solo se puede reenviar la confirmación de un pedido pagado." }, 409);
  }
  if (result === "busy") {
    return data<OrderActionData>(
      { error: "Ya hay una confirmación de este pedido esperando a salir. Espera a que se envíe antes de reenviarla." },
      409,
    );
  }
  services.jobs?.kick();
  services.logger.info({ orderId, staffId: user.id }, "staff: order confirmation queued again");
  return redirect(`/gestion/pedidos/${orderId}?aviso=confirmacion-reenviada`);
}
