/**
 * The order-kind seam (issue 30): every kind of sale (course places, an
 * appointment's deposit; later gift vouchers, session packs, counter sales)
 * is one module in this folder behind this interface. Fulfilment, invoicing,
 * the withdrawal, the demo gateway and the success page ask the order's kind;
 * none of them compares `orders.kind` with a string.
 *
 * A kind has two halves, because of the direction of the imports:
 * - `OrderKind` (this interface, `<kind>.server.ts`): the facts about the sale
 *   that invoicing and the pages read — what its lines are on the invoice and
 *   their VAT, whether the 14-day withdrawal applies, where the buyer goes
 *   after paying or cancelling, what the payment page says. It imports only
 *   the database and pure modules, so the invoices may import it.
 * - `OrderFulfilment` (`<kind>-fulfilment.server.ts`): what paying does — enrol,
 *   confirm an appointment, queue the emails, ask for a refund. It reaches the
 *   refunds, which issue rectificativas, which read the facts above: the
 *   fulfilment may import the invoices, never the other way round.
 */
import type { Selectable } from "kysely";
import type { Db } from "~/db/db.server.ts";
import type { OrdersTable } from "~/db/schema.ts";
import type { InvoiceItem } from "~/domain/invoice-math.ts";

type OrderRow = Selectable<OrdersTable>;

/** The kinds of sale, as stored in `orders.kind`. */
export type OrderKindId = "courses" | "deposit" | "counter";

/** One line of the order as its invoice states it (before the VAT split), with the order line it comes from. */
export interface KindInvoiceLine extends InvoiceItem {
  orderItemId: string;
}

/** What the demo gateway's page says for this kind (the real providers show their own page). */
export interface PaymentPageTexts {
  /** The caption of the lines' table (read by screen readers). */
  linesCaption: string;
  /** The header of the lines' first column. */
  lineHeader: string;
  /** The link to what was bought, once paid. */
  paidLink: string;
  /** The page ended unpaid: what was held is gone. */
  expired: string;
  /** Where to start again after an expired page, and the link's words. */
  restart: { to: string; label: string };
  /** The answer to "pay" on a page that has just expired (one sentence more: what to do). */
  expiredError: string;
}

export interface OrderKind {
  readonly id: OrderKindId;
  /** The operation the order's invoice documents (DescripcionOperacion of its billing record). */
  readonly invoiceOperation: string;
  /**
   * The invoice's lines, in a fixed order, with each line's VAT treatment
   * (a course's teaching may be exempt; a beauty service never is).
   */
  invoiceLines(db: Db, orderId: string): Promise<KindInvoiceLine[]>;
  /** The invoice is emailed on its own when issued (else the kind's confirmation email carries it). */
  readonly emailsInvoice: boolean;
  /** The 14-day withdrawal of art. 102 TRLGDCU applies to it. */
  readonly withdrawable: boolean;
  /**
   * Its money goes back through the payment provider that took it (the staff's
   * refund form, the refund job). False: it is given back where it was taken,
   * at the salon's counter (app/counter/returns.server.ts), and the refund
   * form refuses it.
   */
  readonly refundsThroughProvider: boolean;
  /**
   * Who may open its payment page: false, only the signed-in buyer; true, whoever
   * holds the page's address (a guest's deposit, as a Stripe Checkout address does).
   */
  readonly guestPayment: boolean;
  /**
   * Where the buyer lands after paying, instead of the shop's success page with
   * the order (null: the success page).
   */
  afterPayment(order: Pick<OrderRow, "appointment_id">): string | null;
  /** Where "cancel" on the payment page leads. */
  afterCancel(order: Pick<OrderRow, "appointment_id">): string;
  readonly paymentPage: PaymentPageTexts;
}

/** What paying an order of this kind does, in the paying transaction, after the order is marked paid and before its invoice. */
export interface OrderFulfilment {
  fulfil(trx: Db, order: OrderRow, now: Date): Promise<void>;
}
