/**
 * Charging a counter sale (issue 35): in one transaction the draft is claimed
 * (draft → charged, a conditional update: of two staff charging at once, one
 * charges and the other is told it was charged), its money checked by the
 * pure rules (sale-math.ts), the paid order of the counter kind written with
 * its lines, the payments recorded, the kind's fulfilment run (stock, the
 * appointment attended) and, last, the invoice issued through the same chain
 * as every online sale. Any refusal rolls all of it back: never half a sale,
 * never half an invoice.
 */
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { billingColumns, checkBillingDetails, type BillingDetails } from "~/domain/billing-details.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { isLocale } from "~/i18n/locales.ts";
import { enqueueInvoiceEmails } from "~/invoices/invoice-email.server.ts";
import { issueOrderInvoice, type InvoicingConfig } from "~/invoices/issue.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { COUNTER_PROVIDER, counterKind } from "~/orders/kinds/counter.server.ts";
import { fulfilmentOf } from "~/orders/kinds/fulfilments.server.ts";
import { cashDayForSale } from "./cash-day.server.ts";
import { OutOfStockError } from "./products.server.ts";
import {
  COUNTER_SIMPLIFIED_LIMIT_CENTS,
  orderPaymentMethod,
  saleTotals,
  settlePayments,
  type SalePayment,
  type SaleProblem,
} from "./sale-math.ts";
import { saleDiscountOf, saleLineOf, saleLines, type SaleRow } from "./sales.server.ts";

export type ChargeRefusal =
  | SaleProblem
  /** Above the simplified invoice's limit: the client's tax details are needed. */
  | "needs-billing"
  /** The stored billing details are not valid any more. */
  | "billing-invalid"
  /** A product has no stock left (and the owner does not allow selling below zero). */
  | "out-of-stock"
  /** Someone charged it first (the answer names the sale, which has its order). */
  | "already-charged"
  /** Discarded, or unknown. */
  | "gone";

export type ChargeResult =
  | { ok: true; saleId: string; orderId: string; invoiceId: string | null; changeCents: number }
  | { ok: false; reason: ChargeRefusal };

class ChargeRefused extends Error {
  constructor(readonly reason: ChargeRefusal) {
    super(`counter charge refused: ${reason}`);
  }
}

function storedBilling(sale: Pick<SaleRow, "billing">): BillingDetails | null {
  if (!sale.billing) return null;
  try {
    return JSON.parse(sale.billing) as BillingDetails;
  } catch {
    return null;
  }
}

/** The names the client reads on her invoice: Catalan service and product names for a Catalan client. */
async function lineTitles(trx: Db, sale: SaleRow, lines: Awaited<ReturnType<typeof saleLines>>): Promise<string[]> {
  if (sale.locale !== "ca") return lines.map((l) => l.description);
  const serviceIds = lines.flatMap((l) => (l.service_id ? [l.service_id] : []));
  const productIds = lines.flatMap((l) => (l.product_id ? [l.product_id] : []));
  const services = serviceIds.length
    ? await trx.selectFrom("services").select(["id", "name", "name_ca"]).where("id", "in", serviceIds).execute()
    : [];
  const products = productIds.length
    ? await trx.selectFrom("products").select(["id", "name", "name_ca"]).where("id", "in", productIds).execute()
    : [];
  return lines.map((l) => {
    // Only a name the staff did not change is translated.
    const service = services.find((s) => s.id === l.service_id && s.name === l.description);
    const product = products.find((p) => p.id === l.product_id && p.name === l.description);
    return service?.name_ca || product?.name_ca || l.description;
  });
}

export interface ChargeInput {
  payments: SalePayment[];
  tipCents: number;
}

export async function chargeSale(
  db: Db,
  saleId: string,
  input: ChargeInput,
  actor: AuditActor,
  invoicing: InvoicingConfig | undefined,
  now: Date,
): Promise<ChargeResult> {
  try {
    return await inTransaction(db, async (trx) => {
      const nowIso = now.toISOString();
      const cashDay = await cashDayForSale(trx, now);
      const sale = await trx
        .updateTable("counter_sales")
        .set((eb) => ({
          status: "charged",
          charged_at: nowIso,
          charged_by: actor.id,
          cash_day: cashDay,
          tip_cents: input.tipCents,
          updated_at: nowIso,
          version: eb("version", "+", 1),
        }))
        .where("id", "=", saleId)
        .where("status", "=", "draft")
        .returningAll()
        .executeTakeFirst();
      if (!sale) {
        const row = await trx.selectFrom("counter_sales").select("status").where("id", "=", saleId).executeTakeFirst();
        throw new ChargeRefused(row?.status === "charged" ? "already-charged" : "gone");
      }
      const rows = await saleLines(trx, saleId);
      const computed = saleTotals(rows.map(saleLineOf), saleDiscountOf(sale), sale.deposit_cents);
      if (!computed.ok) throw new ChargeRefused(computed.problems[0]!);
      const { totals } = computed;
      const settled = settlePayments(totals.dueCents, input.tipCents, input.payments);
      if (!settled.ok) throw new ChargeRefused(settled.problem);
      const billing = sale.billing ? checkBillingDetails(storedBilling(sale)) : null;
      if (sale.billing && !billing) throw new ChargeRefused("billing-invalid");
      if (!billing && totals.dueCents > COUNTER_SIMPLIFIED_LIMIT_CENTS) throw new ChargeRefused("needs-billing");

      const locale = isLocale(sale.locale) ? sale.locale : "es";
      const orderId = newId();
      await trx
        .insertInto("orders")
        .values({
          id: orderId,
          user_id: sale.client_user_id,
          email: sale.client_email,
          status: "paid",
          total_cents: totals.dueCents,
          currency: "eur",
          payment_method: orderPaymentMethod(input.payments),
          provider: COUNTER_PROVIDER,
          provider_session_id: null,
          withdrawal_waiver_at: null,
          created_at: nowIso,
          updated_at: nowIso,
          paid_at: nowIso,
          checkout_key: null,
          checkout_completed_at: null,
          confirmation_sent_at: null,
          ...billingColumns(billing),
          kind: counterKind.id,
          appointment_id: null,
          locale,
        })
        .execute();
      const titles = await lineTitles(trx, sale, rows);
      const items = rows.map((row, i) => ({
        id: newId(),
        order_id: orderId,
        course_id: null,
        edition_id: null,
        title: titles[i]!,
        price_cents: totals.lines[i]!.netCents,
        edition_starts_on: null,
        edition_ends_on: null,
        service_id: row.service_id,
        product_id: row.product_id,
        quantity: row.quantity,
      }));
      if (sale.deposit_cents > 0 && sale.deposit_order_id) {
        const depositInvoice = await trx
          .selectFrom("invoices")
          .select("full_number")
          .where("order_id", "=", sale.deposit_order_id)
          .where("kind", "in", ["F1", "F2"])
          .executeTakeFirst();
        const t = serverTranslator(locale);
        items.push({
          id: newId(),
          order_id: orderId,
          course_id: null,
          edition_id: null,
          title: depositInvoice
            ? t("counter.invoice.depositLine", { invoice: depositInvoice.full_number })
            : t("counter.invoice.depositLineNoInvoice"),
          price_cents: -sale.deposit_cents,
          edition_starts_on: null,
          edition_ends_on: null,
          service_id: null,
          product_id: null,
          quantity: 1,
        });
      }
      await trx.insertInto("order_items").values(items).execute();
      for (const [i, row] of rows.entries()) {
        await trx
          .updateTable("counter_sale_lines")
          .set({ order_item_id: items[i]!.id })
          .where("id", "=", row.id)
          .execute();
      }
      const payments = input.payments.filter((p) => p.amountCents > 0);
      if (payments.length > 0) {
        await trx
          .insertInto("counter_payments")
          .values(
            payments.map((p) => ({
              id: newId(),
              sale_id: saleId,
              method: p.method,
              amount_cents: p.amountCents,
              tendered_cents: p.method === "cash" ? (p.tenderedCents ?? null) : null,
              created_at: nowIso,
            })),
          )
          .execute();
      }
      await trx.updateTable("counter_sales").set({ order_id: orderId }).where("id", "=", saleId).execute();
      const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
      // Stock and the appointment: the counter kind's fulfilment (out of stock rolls everything back).
      try {
        await fulfilmentOf(order.kind).fulfil(trx, order, now);
      } catch (err) {
        if (err instanceof OutOfStockError) throw new ChargeRefused("out-of-stock");
        throw err;
      }
      await recordAudit(trx, actor, {
        action: "counter.charge",
        entityType: "counter_sale",
        entityId: saleId,
        after: {
          orderId,
          dueCents: totals.dueCents,
          tipCents: input.tipCents,
          payments: payments.map((p) => ({ method: p.method, cents: p.amountCents })),
          cashDay,
        },
      });
      // Last: issuing takes the chain's lock.
      const invoiceId = invoicing ? await issueOrderInvoice(trx, orderId, invoicing, now) : null;
      // Emailed to her when she gave an address (the email job skips an invoice without one).
      if (invoiceId && counterKind.emailsInvoice) await enqueueInvoiceEmails(trx, [invoiceId], now);
      return { ok: true as const, saleId, orderId, invoiceId, changeCents: settled.settlement.changeCents };
    });
  } catch (err) {
    if (err instanceof ChargeRefused) return { ok: false, reason: err.reason };
    throw err;
  }
}
