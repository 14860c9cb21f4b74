/**
 * Paying an appointment's deposit (the deposit kind's fulfilment): the
 * appointment is confirmed, or the deposit refunded when its time is no
 * longer the client's (app/bookings/deposits.server.ts).
 */
import { settleDepositPayment } from "~/bookings/deposits.server.ts";
import type { OrderFulfilment } from "./order-kind.ts";

export const depositFulfilment: OrderFulfilment = {
  async fulfil(trx, order, now) {
    await settleDepositPayment(trx, order, now);
  },
};
