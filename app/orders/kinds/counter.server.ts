/**
 * A sale at the counter (caja, issue 35): services done in the salon, products
 * and manual lines, charged in person by the staff (app/counter/). The order
 * is written already paid, in the charging transaction; its lines carry their
 * quantity and the net after every discount, and a deposit paid online for
 * the appointment is one negative line (that señal was invoiced when paid).
 * No 14-day withdrawal (an in-person sale); its invoice is emailed to the
 * client when she gave an address (the staff may also print the ticket).
 */
import type { Db } from "~/db/db.server.ts";
import type { OrderKind } from "./order-kind.ts";

export const COUNTER_PROVIDER = "counter";

export const counterKind: OrderKind = {
  id: "counter",
  invoiceOperation: "Servicios de manicura y estética prestados en el salón y venta de productos",
  async invoiceLines(db: Db, orderId: string) {
    const items = await db
      .selectFrom("order_items")
      .leftJoin("counter_sale_lines", "counter_sale_lines.order_item_id", "order_items.id")
      .select([
        "order_items.id",
        "order_items.title",
        "order_items.price_cents",
        "order_items.quantity",
        "counter_sale_lines.position",
        "counter_sale_lines.vat_rate_bp",
      ])
      .where("order_items.order_id", "=", orderId)
      // The sale's lines in their order, the deposit's line (no sale line) last.
      .orderBy((eb) => eb.fn.coalesce("counter_sale_lines.position", eb.val(1_000_000)))
      .orderBy("order_items.id")
      .execute();
    return items.map((item) => ({
      orderItemId: item.id,
      description: item.title,
      detail: null,
      quantity: item.quantity,
      totalCents: item.price_cents,
      // A beauty service or a product is never exempt; a product may carry a reduced rate.
      vatTreatment: "standard" as const,
      vatRateBp: item.vat_rate_bp ?? undefined,
    }));
  },
  emailsInvoice: true,
  withdrawable: false,
  refundsThroughProvider: false,
  guestPayment: false,
  afterPayment: () => null,
  afterCancel: () => "/gestion/caja",
  // Never shown: a counter sale is paid at the counter (provider "counter"), never on a payment page.
  paymentPage: {
    linesCaption: "Venta en el salón",
    lineHeader: "Concepto",
    paidLink: "Ver la venta",
    expired: "Esta venta no se paga en línea.",
    restart: { to: "/", label: "Volver" },
    expiredError: "Esta venta no se paga en línea.",
  },
};
