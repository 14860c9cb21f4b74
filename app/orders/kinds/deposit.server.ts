/**
 * An appointment's deposit (señal): each line is one service of the
 * appointment (`order_items.service_id`). Paying confirms the appointment
 * (deposit-fulfilment.server.ts); cancelling the appointment in time is what
 * gives it back, so the 14-day withdrawal does not apply. Its invoice is
 * emailed on its own; the buyer may be a guest, and comes back to her
 * appointment's page.
 */
import type { Db } from "~/db/db.server.ts";
import { depositPagePath } from "~/domain/booking-request.ts";
import type { OrderKind } from "./order-kind.ts";

export const depositKind: OrderKind = {
  id: "deposit",
  invoiceOperation: "Señal a cuenta de servicios de manicura y estética en el salón",
  async invoiceLines(db: Db, orderId: string) {
    const items = await db
      .selectFrom("order_items")
      .select(["id", "title", "price_cents"])
      .where("order_id", "=", orderId)
      .orderBy("service_id")
      .execute();
    return items.map((item) => ({
      orderItemId: item.id,
      description: item.title,
      detail: null,
      totalCents: item.price_cents,
      // A beauty service is never exempt.
      vatTreatment: "standard" as const,
    }));
  },
  emailsInvoice: true,
  withdrawable: false,
  refundsThroughProvider: true,
  guestPayment: true,
  // Her appointment's page shows the outcome (an order without one, which is never written, gets the shop's pages).
  afterPayment: (order) => (order.appointment_id ? depositPagePath(order.appointment_id) : null),
  afterCancel: (order) => (order.appointment_id ? depositPagePath(order.appointment_id) : "/cancel"),
  paymentPage: {
    linesCaption: "Señal de la cita",
    lineHeader: "Concepto",
    paidLink: "Ver tu cita",
    expired: "La sesión de pago ha caducado y la hora ya no está reservada.",
    restart: { to: "/reservar", label: "Reserva de nuevo" },
    expiredError: "La sesión de pago ha caducado y la hora ya no está reservada. Vuelve a reservar.",
  },
};
