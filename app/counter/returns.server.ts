/**
 * A return at the counter (issue 35): money given back for some lines of a
 * charged sale. An issued sale is never edited: the return is a refund made
 * on the spot (cash, card on the terminal, Bizum), its rectificativa issued
 * through the chain like an online refund's, and the products returned go
 * back to stock — all in one transaction, rectificativa last.
 */
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { enqueueInvoiceEmails } from "~/invoices/invoice-email.server.ts";
import { issueRefundInvoice } from "~/invoices/rectify.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { sql } from "kysely";
import { cashDayForSale } from "./cash-day.server.ts";
import { adjustStock } from "./products.server.ts";
import { COUNTER_PAYMENT_METHODS, type CounterPaymentMethod } from "./sale-math.ts";

export type ReturnRefusal = "not-charged" | "no-lines" | "line" | "quantity" | "nothing-left" | "reason" | "method";

export type ReturnResult =
  | { ok: true; returnId: string; refundId: string; amountCents: number; invoiceId: string | null }
  | { ok: false; reason: ReturnRefusal };

class ReturnRefused extends Error {
  constructor(readonly reason: ReturnRefusal) {
    super(`counter return refused: ${reason}`);
  }
}

export interface ReturnInput {
  lines: { lineId: string; quantity: number }[];
  method: CounterPaymentMethod;
  reason: string;
}

/** Units of each sale line already returned. */
async function returnedUnits(trx: Db, saleId: string): Promise<Map<string, number>> {
  const rows = await trx.selectFrom("counter_returns").select("lines").where("sale_id", "=", saleId).execute();
  return unitsReturned(rows);
}

/** Units of each sale line returned by these returns (their stored `lines`). */
export function unitsReturned(rows: readonly { lines: string }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const row of rows) {
    for (const line of JSON.parse(row.lines) as { lineId: string; quantity: number }[]) {
      units.set(line.lineId, (units.get(line.lineId) ?? 0) + line.quantity);
    }
  }
  return units;
}

export async function returnSaleLines(
  db: Db,
  saleId: string,
  input: ReturnInput,
  actor: AuditActor,
  invoicing: InvoicingConfig | undefined,
  now: Date,
): Promise<ReturnResult> {
  const reason = input.reason.trim();
  if (!reason || reason.length > 300) return { ok: false, reason: "reason" };
  if (!COUNTER_PAYMENT_METHODS.includes(input.method)) return { ok: false, reason: "method" };
  const wanted = input.lines.filter((l) => l.quantity !== 0);
  if (wanted.length === 0) return { ok: false, reason: "no-lines" };
  try {
    return await inTransaction(db, async (trx) => {
      const nowIso = now.toISOString();
      // The order's row, locked: two returns of one sale never both spend what is left.
      const sale = await trx.selectFrom("counter_sales").selectAll().where("id", "=", saleId).executeTakeFirst();
      if (!sale || sale.status !== "charged" || !sale.order_id) throw new ReturnRefused("not-charged");
      const order = await trx
        .updateTable("orders")
        .set({ updated_at: nowIso })
        .where("id", "=", sale.order_id)
        .where("status", "in", ["paid", "refunded"])
        .returning(["id", "total_cents", "refunded_cents"])
        .executeTakeFirst();
      if (!order) throw new ReturnRefused("not-charged");
      const lines = await trx
        .selectFrom("counter_sale_lines")
        .innerJoin("order_items", "order_items.id", "counter_sale_lines.order_item_id")
        .select([
          "counter_sale_lines.id",
          "counter_sale_lines.product_id",
          "counter_sale_lines.quantity",
          "order_items.id as item_id",
          "order_items.price_cents",
        ])
        .where("counter_sale_lines.sale_id", "=", saleId)
        .execute();
      const already = await returnedUnits(trx, saleId);
      let amount = 0;
      for (const want of wanted) {
        const line = lines.find((l) => l.id === want.lineId);
        if (!line) throw new ReturnRefused("line");
        const left = line.quantity - (already.get(line.id) ?? 0);
        if (!Number.isSafeInteger(want.quantity) || want.quantity < 1 || want.quantity > left) {
          throw new ReturnRefused("quantity");
        }
        // The units' share of what the line was charged (its net after every discount).
        amount += Math.round((line.price_cents * want.quantity) / line.quantity);
      }
      amount = Math.min(amount, order.total_cents - order.refunded_cents);
      if (amount <= 0) throw new ReturnRefused("nothing-left");
      const refundId = newId();
      await trx
        .insertInto("refunds")
        .values({
          id: refundId,
          order_id: order.id,
          amount_cents: amount,
          reason: "counter-return",
          status: "succeeded",
          provider_refund_id: null,
          created_at: nowIso,
          completed_at: nowIso,
          item_ids: JSON.stringify(wanted.map((w) => lines.find((l) => l.id === w.lineId)!.item_id)),
        })
        .execute();
      await trx
        .updateTable("orders")
        .set((eb) => ({
          refunded_cents: eb("refunded_cents", "+", amount),
          status: sql<string>`case when refunded_cents + ${amount} >= total_cents then 'refunded' else status end`,
          updated_at: nowIso,
        }))
        .where("id", "=", order.id)
        .execute();
      for (const want of wanted) {
        const line = lines.find((l) => l.id === want.lineId)!;
        if (line.product_id)
          await adjustStock(trx, line.product_id, want.quantity, { reason: "Devolución en caja", actor });
      }
      const returnId = newId();
      await trx
        .insertInto("counter_returns")
        .values({
          id: returnId,
          sale_id: saleId,
          refund_id: refundId,
          method: input.method,
          amount_cents: amount,
          reason,
          lines: JSON.stringify(wanted),
          cash_day: await cashDayForSale(trx, now),
          created_by: actor.id ?? "",
          created_at: nowIso,
        })
        .execute();
      await recordAudit(trx, actor, {
        action: "counter.return",
        entityType: "counter_sale",
        entityId: saleId,
        after: { refundId, amountCents: amount, method: input.method, reason, lines: wanted },
      });
      // Last: issuing takes the chain's lock.
      const invoiceId = invoicing ? await issueRefundInvoice(trx, refundId, invoicing, now) : null;
      if (invoiceId) await enqueueInvoiceEmails(trx, [invoiceId], now);
      return { ok: true as const, returnId, refundId, amountCents: amount, invoiceId };
    });
  } catch (err) {
    if (err instanceof ReturnRefused) return { ok: false, reason: err.reason };
    throw err;
  }
}
