/**
 * Course places (the shop's orders): each line is one course, for a dated
 * edition or "fecha por confirmar". Paying enrols the buyer
 * (courses-fulfilment.server.ts); the 14-day withdrawal applies; the
 * confirmation email carries the invoice.
 */
import type { Db } from "~/db/db.server.ts";
import { vatTreatmentOf } from "~/domain/invoice-math.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { editionLabel } from "~/invoices/document-texts.server.ts";
import type { OrderKind } from "./order-kind.ts";

export const coursesKind: OrderKind = {
  id: "courses",
  invoiceOperation: "Formación presencial en técnicas de uñas",
  async invoiceLines(db: Db, orderId: string) {
    const items = await db
      .selectFrom("order_items")
      .leftJoin("courses", "courses.id", "order_items.course_id")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select([
        "orders.locale",
        "order_items.id",
        "order_items.title",
        "order_items.price_cents",
        "order_items.edition_starts_on",
        "order_items.edition_ends_on",
        "courses.vat_treatment",
      ])
      .where("order_items.order_id", "=", orderId)
      .orderBy("order_items.course_id")
      .execute();
    return items.map((item) => ({
      orderItemId: item.id,
      // The title and the edition as the buyer read them, in the order's language.
      description: item.title,
      detail: editionLabel(serverTranslator(item.locale), item.edition_starts_on, item.edition_ends_on),
      totalCents: item.price_cents,
      // The course's own treatment: its teaching may be exempt (art. 20.Uno.9.º LIVA).
      vatTreatment: vatTreatmentOf(item.vat_treatment),
    }));
  },
  emailsInvoice: false,
  withdrawable: true,
  refundsThroughProvider: true,
  guestPayment: false,
  afterPayment: () => null,
  afterCancel: () => "/cancel",
  paymentPage: {
    linesCaption: "Cursos del pedido",
    lineHeader: "Curso",
    paidLink: "Ver el resumen de tu compra",
    expired: "La sesión de pago ha caducado y tu plaza ya no está reservada.",
    restart: { to: "/formaciones", label: "Vuelve a elegir la convocatoria" },
    expiredError: "La sesión de pago ha caducado y tu plaza ya no está reservada. Vuelve a elegir la convocatoria.",
  },
};
