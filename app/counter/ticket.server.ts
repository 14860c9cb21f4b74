/**
 * The ticket of a counter sale (issue 35): what the 80 mm printout at the
 * counter shows, read from what was stored when the sale was charged. The
 * ticket is the sale's invoice (a factura simplificada, or a factura completa
 * when the client gave her tax details) as `getInvoiceDocument` reads it for
 * the PDF, written in the client's language (`counter_sales.locale`), plus the
 * counter's own facts: how it was paid, the cash handed over and the change,
 * and the tip, paid on top and never invoiced. A return's ticket is its
 * rectificativa with the money given back (`loadReturnTicket`).
 */
import type { Db } from "~/db/db.server.ts";
import { isLocale, type Locale } from "~/i18n/locales.ts";
import type { InvoiceDocument } from "~/invoices/document.ts";
import { getInvoiceDocument } from "~/invoices/queries.server.ts";
import { COUNTER_PAYMENT_METHODS, type CounterPaymentMethod } from "./sale-math.ts";

export interface TicketPayment {
  method: CounterPaymentMethod;
  amountCents: number;
  /** Cash handed over when it was more than the amount; null otherwise. */
  tenderedCents: number | null;
  /** What was given back: tendered − amount (0 without a tendered amount). */
  changeCents: number;
}

export interface Ticket {
  saleId: string;
  /** The client's language: the ticket is written in it. */
  locale: Locale;
  /** When the operation the ticket prints happened (ISO instant): the charge, or the return; null when unknown. */
  at: string | null;
  /** The document the ticket prints: null while the sale's invoice waits to be issued (incomplete seller data). */
  invoiceId: string | null;
  document: InvoiceDocument | null;
  /** How the sale was paid, method by method (empty on a return's ticket). */
  payments: TicketPayment[];
  /** Paid on top of the invoiced total, never invoiced (0 on a return's ticket). */
  tipCents: number;
  /** A return's ticket: the money given back and how; null on the sale's ticket. */
  refund: { method: CounterPaymentMethod; amountCents: number } | null;
  /**
   * Where "Enviar por correo" sends the invoice (the existing "Tu factura" email, to the invoice's
   * buyer address): set only when the sale has a client address and the invoice one to send to.
   */
  emailTo: string | null;
  /** The sale's rectificativas (its returns), oldest first: their tickets, for the staff. */
  returns: { invoiceId: string; number: string }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/** An id worth looking up (sales and invoices have UUIDs): anything else is unknown. */
export function isPlausibleId(value: string): boolean {
  return UUID.test(value);
}

function methodOf(value: string): CounterPaymentMethod | null {
  return COUNTER_PAYMENT_METHODS.find((m) => m === value) ?? null;
}

type ChargedSale = {
  id: string;
  order_id: string;
  locale: string;
  tip_cents: number;
  client_email: string | null;
  charged_at: string | null;
  updated_at: string;
};

async function chargedSale(db: Db, where: { saleId: string } | { orderId: string }): Promise<ChargedSale | null> {
  let query = db
    .selectFrom("counter_sales")
    .select(["id", "order_id", "locale", "tip_cents", "client_email", "charged_at", "updated_at"])
    .where("status", "=", "charged");
  query = "saleId" in where ? query.where("id", "=", where.saleId) : query.where("order_id", "=", where.orderId);
  const sale = await query.executeTakeFirst();
  if (!sale?.order_id) return null;
  return { ...sale, order_id: sale.order_id };
}

/** The invoice's document in the sale's language (the PDF's own reading, the labels in the client's language). */
async function documentIn(db: Db, invoiceId: string | null, locale: Locale): Promise<InvoiceDocument | null> {
  if (!invoiceId) return null;
  const doc = await getInvoiceDocument(db, invoiceId);
  return doc ? { ...doc, locale } : null;
}

/** The address "Enviar por correo" would send to: the invoice's buyer address, when the sale has a client's. */
async function emailTarget(db: Db, sale: ChargedSale, invoiceId: string | null): Promise<string | null> {
  if (!invoiceId || !sale.client_email?.trim()) return null;
  const invoice = await db.selectFrom("invoices").select("buyer_email").where("id", "=", invoiceId).executeTakeFirst();
  return invoice?.buyer_email?.trim() ? invoice.buyer_email : null;
}

async function saleReturns(db: Db, orderId: string): Promise<Ticket["returns"]> {
  const rows = await db
    .selectFrom("invoices")
    .select(["id", "full_number"])
    .where("order_id", "=", orderId)
    .where("kind", "in", ["R4", "R5"])
    .orderBy("issued_at")
    .orderBy("full_number")
    .execute();
  return rows.map((r) => ({ invoiceId: r.id, number: r.full_number }));
}

function baseTicket(sale: ChargedSale): Pick<Ticket, "saleId" | "locale"> {
  return { saleId: sale.id, locale: isLocale(sale.locale) ? sale.locale : "es" };
}

/**
 * Everything the ticket of a charged counter sale shows; null when the sale is
 * unknown or not charged (a draft has no ticket, a discarded sale never will).
 */
export async function loadTicket(db: Db, saleId: string): Promise<Ticket | null> {
  if (!isPlausibleId(saleId)) return null;
  const sale = await chargedSale(db, { saleId });
  if (!sale) return null;
  const base = baseTicket(sale);
  const invoice = await db
    .selectFrom("invoices")
    .select("id")
    .where("order_id", "=", sale.order_id)
    .where("kind", "in", ["F1", "F2"])
    .executeTakeFirst();
  const invoiceId = invoice?.id ?? null;
  const [document, paymentRows, emailTo, returns] = await Promise.all([
    documentIn(db, invoiceId, base.locale),
    db
      .selectFrom("counter_payments")
      .select(["method", "amount_cents", "tendered_cents", "created_at"])
      .where("sale_id", "=", sale.id)
      .orderBy("created_at")
      .execute(),
    emailTarget(db, sale, invoiceId),
    saleReturns(db, sale.order_id),
  ]);
  // The rows of one charge share their time: cash first, then card and Bizum (COUNTER_PAYMENT_METHODS).
  const rank = (method: string) => COUNTER_PAYMENT_METHODS.findIndex((m) => m === method);
  paymentRows.sort((a, b) => a.created_at.localeCompare(b.created_at) || rank(a.method) - rank(b.method));
  const payments = paymentRows.flatMap((p): TicketPayment[] => {
    const method = methodOf(p.method);
    if (!method) return [];
    const amountCents = Number(p.amount_cents);
    const tendered = p.tendered_cents === null ? null : Number(p.tendered_cents);
    const tenderedCents = method === "cash" && tendered !== null && tendered > amountCents ? tendered : null;
    return [
      { method, amountCents, tenderedCents, changeCents: tenderedCents === null ? 0 : tenderedCents - amountCents },
    ];
  });
  return {
    ...base,
    at: sale.charged_at ?? sale.updated_at,
    invoiceId,
    document,
    payments,
    tipCents: Number(sale.tip_cents),
    refund: null,
    emailTo,
    returns,
  };
}

/**
 * The ticket of a return made at the counter: its rectificativa (R4/R5) in the
 * client's language and the money given back. Null when the invoice is not a
 * rectificativa of a charged counter sale.
 */
export async function loadReturnTicket(db: Db, invoiceId: string): Promise<Ticket | null> {
  if (!isPlausibleId(invoiceId)) return null;
  const invoice = await db
    .selectFrom("invoices")
    .select(["id", "order_id", "refund_id"])
    .where("id", "=", invoiceId)
    .where("kind", "in", ["R4", "R5"])
    .executeTakeFirst();
  if (!invoice) return null;
  const sale = await chargedSale(db, { orderId: invoice.order_id });
  if (!sale) return null;
  const base = baseTicket(sale);
  const counterReturn = invoice.refund_id
    ? await db
        .selectFrom("counter_returns")
        .select(["method", "amount_cents", "created_at"])
        .where("refund_id", "=", invoice.refund_id)
        .where("sale_id", "=", sale.id)
        .executeTakeFirst()
    : undefined;
  const method = counterReturn ? methodOf(counterReturn.method) : null;
  const [document, emailTo, returns] = await Promise.all([
    documentIn(db, invoice.id, base.locale),
    emailTarget(db, sale, invoice.id),
    saleReturns(db, sale.order_id),
  ]);
  return {
    ...base,
    at: counterReturn?.created_at ?? null,
    invoiceId: invoice.id,
    document,
    payments: [],
    tipCents: 0,
    refund: counterReturn && method ? { method, amountCents: Number(counterReturn.amount_cents) } : null,
    emailTo,
    returns,
  };
}
