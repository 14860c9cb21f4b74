/**
 * What charging a counter sale does (the counter kind's fulfilment), in the
 * charging transaction, after the order is written paid and before its
 * invoice: the products sold leave the stock (refused below zero unless the
 * owner allows it for that product: the whole sale rolls back), and the
 * appointment charged is marked attended.
 */
import { adjustStock } from "~/counter/products.server.ts";
import type { OrderFulfilment } from "./order-kind.ts";

export const counterFulfilment: OrderFulfilment = {
  async fulfil(trx, order, now) {
    const sale = await trx
      .selectFrom("counter_sales")
      .leftJoin("users", "users.id", "counter_sales.charged_by")
      .select(["counter_sales.id", "counter_sales.appointment_id", "counter_sales.charged_by", "users.email"])
      .where("counter_sales.order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    const actor = { id: sale.charged_by, email: sale.email ?? "" };
    const products = await trx
      .selectFrom("counter_sale_lines")
      .select(["product_id", "quantity"])
      .where("sale_id", "=", sale.id)
      .where("product_id", "is not", null)
      .orderBy("position")
      .execute();
    for (const line of products) {
      await adjustStock(trx, line.product_id!, -line.quantity, { reason: "Venta en caja", actor });
    }
    if (sale.appointment_id) {
      await trx
        .updateTable("appointments")
        .set({ status: "attended", updated_at: now.toISOString() })
        .where("id", "=", sale.appointment_id)
        .where("status", "in", ["confirmed", "no_show"])
        .execute();
    }
  },
};
