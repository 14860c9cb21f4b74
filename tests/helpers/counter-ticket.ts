/**
 * Charged counter sales for the ticket's tests, written straight in the
 * database: a paid order, its invoice issued through `issue()` (the real
 * numbering, chain and QR), the `counter_sales` row and its payments; and a
 * return with its rectificativa. The order's kind does not matter to the ticket.
 */
import jsQR from "jsqr";
import { inflateSync } from "node:zlib";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { invoiceLines, type InvoiceItem } from "~/domain/invoice-math.ts";
import type { Locale } from "~/i18n/locales.ts";
import { issue, sellerFor, type InvoicingConfig } from "~/invoices/issue.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { TEST_SELLER } from "./invoices.ts";

/** VERI*FACTU on: the ticket prints the legend under the QR. */
export const TICKET_INVOICING: InvoicingConfig = { seller: TEST_SELLER, verifactuMode: "verifactu" };

export interface CounterSaleFixture {
  saleId: string;
  orderId: string;
  invoiceId: string;
}

async function issueFor(
  db: Db,
  input: { orderId: string; email: string | null; items: InvoiceItem[]; now: Date },
  extra: {
    kind: "F2" | "R5";
    refundId: string | null;
    rectified: { id: string; fullNumber: string; issueDate: string } | null;
  },
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const seller = await sellerFor(trx, TICKET_INVOICING);
    if (!seller) throw new Error("test seller incomplete");
    return issue(
      trx,
      {
        series: "real",
        kind: extra.kind,
        orderId: input.orderId,
        refundId: extra.refundId,
        rectified: extra.rectified,
        buyer: null,
        buyerEmail: input.email,
        lines: invoiceLines(input.items).map((line) => ({ ...line, orderItemId: null })),
        operationDate: madridDate(input.now),
        paymentMethod: null,
        reason: extra.refundId ? "Devolución en el salón" : null,
        operation: "Servicios de manicura prestados en el salón",
      },
      { ...seller, config: TICKET_INVOICING, now: input.now },
    );
  });
}

/**
 * A charged sale: its order (paid, of kind "deposit": any kind does), its F2 invoice of `items`,
 * the sale in `locale` with its tip, and one payment row per entry of `payments`.
 */
export async function insertChargedSale(
  db: Db,
  opts: {
    locale: Locale;
    clientEmail: string | null;
    items: InvoiceItem[];
    tipCents: number;
    payments: { method: "cash" | "card" | "bizum"; amountCents: number; tenderedCents?: number | null }[];
    now: Date;
    status?: "charged" | "draft";
  },
): Promise<CounterSaleFixture> {
  const orderId = newId();
  const saleId = newId();
  const at = opts.now.toISOString();
  const total = opts.items.reduce((sum, i) => sum + i.totalCents, 0);
  await db
    .insertInto("orders")
    .values({
      id: orderId,
      user_id: null,
      email: opts.clientEmail,
      status: "paid",
      total_cents: total,
      currency: "eur",
      payment_method: "card",
      provider: "counter",
      provider_session_id: null,
      withdrawal_waiver_at: null,
      created_at: at,
      updated_at: at,
      paid_at: at,
      checkout_key: null,
      checkout_completed_at: null,
      confirmation_sent_at: null,
      billing_name: null,
      billing_tax_id: null,
      billing_address: null,
      billing_postal_code: null,
      billing_city: null,
      kind: "deposit",
      appointment_id: null,
      locale: opts.locale,
    })
    .execute();
  const invoiceId = await issueFor(
    db,
    { orderId, email: opts.clientEmail, items: opts.items, now: opts.now },
    { kind: "F2", refundId: null, rectified: null },
  );
  const status = opts.status ?? "charged";
  await db
    .insertInto("counter_sales")
    .values({
      id: saleId,
      status,
      client_name: opts.clientEmail ? "Núria Puig" : null,
      client_email: opts.clientEmail,
      locale: opts.locale,
      tip_cents: opts.tipCents,
      order_id: status === "charged" ? orderId : null,
      cash_day: madridDate(opts.now),
      created_by: "staff",
      created_at: at,
      updated_at: at,
      charged_at: status === "charged" ? at : null,
      charged_by: status === "charged" ? "staff" : null,
    })
    .execute();
  for (const p of opts.payments) {
    await db
      .insertInto("counter_payments")
      .values({
        id: newId(),
        sale_id: saleId,
        method: p.method,
        amount_cents: p.amountCents,
        tendered_cents: p.tenderedCents ?? null,
        created_at: at,
      })
      .execute();
  }
  return { saleId, orderId, invoiceId };
}

/** A return at the counter of `items` (negative totals): its refund, its R5 and the `counter_returns` row. */
export async function insertCounterReturn(
  db: Db,
  sale: CounterSaleFixture,
  opts: { items: InvoiceItem[]; method: "cash" | "card" | "bizum"; now: Date },
): Promise<string> {
  const refundId = newId();
  const at = opts.now.toISOString();
  const amount = -opts.items.reduce((sum, i) => sum + i.totalCents, 0);
  await db
    .insertInto("refunds")
    .values({
      id: refundId,
      order_id: sale.orderId,
      amount_cents: amount,
      reason: "counter-return",
      status: "succeeded",
      provider_refund_id: null,
      created_at: at,
      completed_at: at,
      item_ids: null,
    })
    .execute();
  const rectified = await db
    .selectFrom("invoices")
    .select(["id", "full_number", "issue_date", "buyer_email"])
    .where("id", "=", sale.invoiceId)
    .executeTakeFirstOrThrow();
  const invoiceId = await issueFor(
    db,
    { orderId: sale.orderId, email: rectified.buyer_email, items: opts.items, now: opts.now },
    {
      kind: "R5",
      refundId,
      rectified: { id: rectified.id, fullNumber: rectified.full_number, issueDate: rectified.issue_date },
    },
  );
  await db
    .insertInto("counter_returns")
    .values({
      id: newId(),
      sale_id: sale.saleId,
      refund_id: refundId,
      method: opts.method,
      amount_cents: amount,
      reason: "Talla equivocada",
      lines: "[]",
      cash_day: madridDate(opts.now),
      created_by: "staff",
      created_at: at,
    })
    .execute();
  return invoiceId;
}

/** What a QR image given as a 1-bit greyscale PNG data URL (app/invoices/qr-png.ts) encodes. */
export function decodeQrDataUrl(src: string): string | null {
  const png = Buffer.from(src.replace(/^data:image\/png;base64,/u, ""), "base64");
  const chunks: Buffer[] = [];
  let width = 0;
  let height = 0;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
    if (type === "IDAT") chunks.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const rowBytes = 1 + Math.ceil(width / 8);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const white = (raw[y * rowBytes + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1;
      rgba.fill(white ? 255 : 0, (y * width + x) * 4, (y * width + x) * 4 + 3);
      rgba[(y * width + x) * 4 + 3] = 255;
    }
  }
  return jsQR(rgba, width, height)?.data ?? null;
}
