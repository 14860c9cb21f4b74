import { describe, expect, it } from "vitest";
import { orderHistory, type OrderHistoryInput } from "./order-history.ts";

const base: OrderHistoryInput["order"] = {
  status: "pending",
  createdAt: "2027-01-10T10:00:00.000Z",
  updatedAt: "2027-01-10T10:00:00.000Z",
  paidAt: null,
  checkoutCompletedAt: null,
  confirmationSentAt: null,
  withdrawalWaiverAt: null,
};

describe("orderHistory", () => {
  it("lists a pending order's creation only", () => {
    expect(orderHistory({ order: base, refunds: [] })).toEqual([
      { at: base.createdAt, label: "Pedido creado, pendiente de pago" },
    ]);
  });

  it("puts the steps of a paid and partly refunded order in time order", () => {
    const history = orderHistory({
      order: {
        ...base,
        status: "paid",
        withdrawalWaiverAt: "2027-01-10T10:00:00.000Z",
        checkoutCompletedAt: "2027-01-10T10:05:00.000Z",
        paidAt: "2027-01-10T10:06:00.000Z",
        confirmationSentAt: "2027-01-10T10:07:00.000Z",
      },
      refunds: [
        {
          amountCents: 28000,
          status: "succeeded",
          createdAt: "2027-01-10T10:06:00.000Z",
          completedAt: "2027-01-10T10:08:00.000Z",
        },
        {
          amountCents: 500,
          status: "failed",
          createdAt: "2027-01-11T09:00:00.000Z",
          completedAt: "2027-01-11T09:01:00.000Z",
        },
      ],
    });
    expect(history.map((h) => h.label)).toEqual([
      "Pedido creado, pendiente de pago",
      "Pidió empezar dentro del plazo de desistimiento",
      "Pago completado en la pasarela, a la espera de confirmación",
      "Pago confirmado",
      "Reembolso de 280,00\u00a0€ solicitado",
      "Confirmación enviada por correo",
      "Reembolso de 280,00\u00a0€ hecho",
      "Reembolso de 5,00\u00a0€ solicitado",
      "Reembolso de 5,00\u00a0€ rechazado por la pasarela",
    ]);
  });

  it("dates a failure or cancellation by the order's last change", () => {
    const failed = orderHistory({
      order: { ...base, status: "failed", updatedAt: "2027-01-10T11:00:00.000Z" },
      refunds: [],
    });
    expect(failed.at(-1)).toEqual({ at: "2027-01-10T11:00:00.000Z", label: "Pago fallido" });
    const cancelled = orderHistory({ order: { ...base, status: "cancelled" }, refunds: [] });
    expect(cancelled.at(-1)?.label).toMatch(/cancelado/u);
  });
});
