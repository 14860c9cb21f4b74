/**
 * What paying does, per kind of sale (the other half of a kind: see
 * order-kind.ts for why it is apart from the kind's facts).
 */
import { counterFulfilment } from "./counter-fulfilment.server.ts";
import { coursesFulfilment } from "./courses-fulfilment.server.ts";
import { depositFulfilment } from "./deposit-fulfilment.server.ts";
import { orderKind } from "./index.server.ts";
import type { OrderFulfilment, OrderKindId } from "./order-kind.ts";

const FULFILMENTS: Readonly<Record<OrderKindId, OrderFulfilment>> = {
  courses: coursesFulfilment,
  deposit: depositFulfilment,
  counter: counterFulfilment,
};

/** The fulfilment of a stored order's kind (an unknown kind throws, as `orderKind` does). */
export function fulfilmentOf(kindId: string): OrderFulfilment {
  return FULFILMENTS[orderKind(kindId).id];
}
