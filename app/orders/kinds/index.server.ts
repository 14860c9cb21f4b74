/**
 * Every kind of sale, by its `orders.kind`. To add one: a module beside these
 * (its `OrderKind` and its `OrderFulfilment`), its id in `OrderKindId`, and
 * its entry here and in fulfilments.server.ts (docs/architecture.md §5,
 * "Worked example: adding gift vouchers").
 */
import { counterKind } from "./counter.server.ts";
import { coursesKind } from "./courses.server.ts";
import { depositKind } from "./deposit.server.ts";
import type { OrderKind, OrderKindId } from "./order-kind.ts";

export const ORDER_KINDS: Readonly<Record<OrderKindId, OrderKind>> = {
  courses: coursesKind,
  deposit: depositKind,
  counter: counterKind,
};

export function isOrderKindId(id: string): id is OrderKindId {
  return Object.hasOwn(ORDER_KINDS, id);
}

/** The kind of a stored order. An unknown kind is a bug (the column is only written from these ids): it throws. */
export function orderKind(id: string): OrderKind {
  if (!isOrderKindId(id)) throw new Error(`Unknown order kind: ${id}`);
  return ORDER_KINDS[id];
}

export type { OrderKind, OrderKindId } from "./order-kind.ts";
