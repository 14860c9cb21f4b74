import type { PaymentEvent } from "~/payments/provider.server.ts";

/** The event the demo gateway's Pay button produces for a started checkout. */
export function demoPaidEvent(started: { orderId: string; sessionId: string }): PaymentEvent {
  return {
    kind: "paid",
    eventId: `demo:${started.orderId}:paid`,
    type: "demo.paid",
    sessionId: started.sessionId,
    orderId: started.orderId,
    amountTotalCents: null,
    currency: null,
  };
}
