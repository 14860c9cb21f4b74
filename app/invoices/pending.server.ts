/**
 * The outbox job that issues what waited for the seller data: the invoices of
 * orders paid while it was incomplete, then the rectificativas of their
 * refunds, oldest first, one order per transaction. Queued when the owner
 * saves complete seller data (seller.server.ts); running it again issues
 * nothing twice (one invoice per order and per refund, checked under the
 * chain's lock). A demo sale waiting too gets its demo document, never an
 * invoice: the issuers decide (app/invoices/series.ts).
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { enqueueInvoiceEmails } from "./invoice-email.server.ts";
import { issueOrderInvoice, sellerFor, type InvoicingConfig } from "./issue.server.ts";
import { issueOrderRectificativas } from "./rectify.server.ts";
import { DEMO_PROVIDER } from "./series.ts";

const BATCH = 100;

/**
 * Orders with money taken that still wait for something to be issued: their
 * ordinary invoice, or the rectificativa of a refund already made.
 */
function awaitingInvoices(db: Db) {
  return db
    .selectFrom("orders")
    .where("paid_at", "is not", null)
    .where("status", "in", ["paid", "refunded"])
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom("invoices")
              .select("invoices.id")
              .whereRef("invoices.order_id", "=", "orders.id")
              .where("invoices.kind", "in", ["F1", "F2"]),
          ),
        ),
        eb.exists(
          eb
            .selectFrom("refunds")
            .leftJoin("invoices", "invoices.refund_id", "refunds.id")
            .select("refunds.id")
            .whereRef("refunds.order_id", "=", "orders.id")
            .where("refunds.status", "=", "succeeded")
            .where("invoices.id", "is", null),
        ),
      ]),
    );
}

/**
 * How many orders wait for an invoice or rectificativa (shown to the owner with the seller data).
 * Demo sales are not counted: what they wait for is a demo document, not an invoice.
 */
export async function countOrdersAwaitingInvoices(db: Db): Promise<number> {
  const row = await awaitingInvoices(db)
    .where("orders.provider", "<>", DEMO_PROVIDER)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Issues every missing invoice and rectificativa; returns how many were issued. */
export async function issuePendingInvoices(db: Db, config: InvoicingConfig, now = new Date()): Promise<number> {
  let issued = 0;
  let afterPaidAt = "";
  let afterId = "";
  for (;;) {
    const orders = await awaitingInvoices(db)
      .select(["id", "paid_at"])
      .where((eb) =>
        eb.or([eb("paid_at", ">", afterPaidAt), eb.and([eb("paid_at", "=", afterPaidAt), eb("id", ">", afterId)])]),
      )
      .orderBy("paid_at")
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const order of orders) {
      const ids = await inTransaction(db, async (trx) => {
        const seller = await sellerFor(trx, config);
        if (!seller) return [];
        const invoice = await issueOrderInvoice(trx, order.id, config, now, seller);
        const rectificativas = await issueOrderRectificativas(trx, order.id, config, now, seller);
        const all = [...(invoice ? [invoice] : []), ...rectificativas];
        await enqueueInvoiceEmails(trx, all, now);
        return all;
      });
      issued += ids.length;
      afterPaidAt = order.paid_at!;
      afterId = order.id;
    }
    if (orders.length < BATCH) return issued;
  }
}

export function issuePendingJobHandler(deps: { db: Db; logger: Logger; invoicing?: InvoicingConfig }): JobHandler {
  return async () => {
    if (!deps.invoicing) return;
    const issued = await issuePendingInvoices(deps.db, deps.invoicing);
    deps.logger.info({ issued }, "invoices: pending invoices issued");
  };
}
