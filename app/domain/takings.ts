/**
 * The panel's money rule (/gestion), the one Facturas documents: a sale counts
 * on the Madrid day it was paid, for its whole amount (its invoice is issued
 * then); a refund subtracts on the day it was made (its rectificativa is issued
 * then). So a day's or a month's figure here equals the total of the invoices
 * of that day or month in Facturas. Sales through the demo gateway took no
 * money: they are counted apart, like Facturas lists their documents apart.
 * Pure: app/staff/takings.server.ts reads the rows.
 */

export interface SaleRow {
  /** orders.kind ("courses", "deposit"). */
  kind: string;
  cents: number;
  demo: boolean;
}

export interface RefundRow {
  cents: number;
  demo: boolean;
}

export interface KindTakings {
  kind: string;
  cents: number;
  orders: number;
}

export interface Takings {
  /** Real sales by kind, in the order asked for (every kind listed, 0 when none), then any other kind. */
  byKind: KindTakings[];
  /** Real refunds made (a positive amount that subtracts). */
  refundsCents: number;
  refunds: number;
  /** Sales minus refunds: what Facturas totals for the same period. */
  netCents: number;
  /** Demo-gateway sales minus their refunds, and how many sales: outside every figure above. */
  demoCents: number;
  demoOrders: number;
}

/** The takings of a period from its sales and refunds (already limited to the period). */
export function sumTakings(
  sales: readonly SaleRow[],
  refunds: readonly RefundRow[],
  kinds: readonly string[],
): Takings {
  const byKind = new Map<string, KindTakings>(kinds.map((kind) => [kind, { kind, cents: 0, orders: 0 }]));
  let demoCents = 0;
  let demoOrders = 0;
  for (const sale of sales) {
    if (sale.demo) {
      demoCents += sale.cents;
      demoOrders += 1;
      continue;
    }
    const total = byKind.get(sale.kind) ?? { kind: sale.kind, cents: 0, orders: 0 };
    total.cents += sale.cents;
    total.orders += 1;
    byKind.set(sale.kind, total);
  }
  let refundsCents = 0;
  let refundCount = 0;
  for (const refund of refunds) {
    if (refund.demo) {
      demoCents -= refund.cents;
      continue;
    }
    refundsCents += refund.cents;
    refundCount += 1;
  }
  const kindsList = [...byKind.values()];
  const salesCents = kindsList.reduce((sum, k) => sum + k.cents, 0);
  return {
    byKind: kindsList,
    refundsCents,
    refunds: refundCount,
    netCents: salesCents - refundsCents,
    demoCents,
    demoOrders,
  };
}
