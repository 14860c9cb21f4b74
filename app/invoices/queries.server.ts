/**
 * Every read of issued invoices: the document a PDF is drawn from, a buyer's
 * invoices per order (Historial de compras), and the file name. Gestión's list
 * and exports are in staff-queries.server.ts.
 */
import type { Selectable } from "kysely";
import type { Db } from "~/db/db.server.ts";
import type { InvoicesTable } from "~/db/schema.ts";
import type { MailAttachment } from "~/mail/mailer.server.ts";
import type { InvoiceDocument, InvoiceKind, SellerIdentity } from "./document.ts";
import { invoiceBuyerOf, invoiceLineOf } from "./rows.ts";
import { vatBreakdown } from "~/domain/invoice-math.ts";
import { shortOrderId } from "~/domain/order-reference.ts";
import { renderInvoicePdf } from "./pdf.server.ts";
import { seriesOfDocument } from "./series.ts";
import { EXEMPTION_NOTE } from "./texts.ts";
import { documentTranslator } from "./document-texts.server.ts";
import type { Locale } from "~/i18n/locales.ts";

type InvoiceRow = Selectable<InvoicesTable>;

/** The whole invoice as the PDF states it, from what was stored when it was issued. */
export async function getInvoiceDocument(db: Db, invoiceId: string): Promise<InvoiceDocument | null> {
  const invoice = await db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return null;
  const lines = await db
    .selectFrom("invoice_lines")
    .selectAll()
    .where("invoice_id", "=", invoiceId)
    .orderBy("position")
    .execute();
  const rectified = invoice.rectified_invoice_id
    ? await db
        .selectFrom("invoices")
        .select(["full_number", "issue_date"])
        .where("id", "=", invoice.rectified_invoice_id)
        .executeTakeFirst()
    : undefined;
  const docLines = lines.map(invoiceLineOf);
  const demo = seriesOfDocument(invoice) === "demo";
  // The PDF's labels follow the language the order was made in (orders.locale, issue 34).
  const order = await db.selectFrom("orders").select("locale").where("id", "=", invoice.order_id).executeTakeFirst();
  return {
    kind: invoice.kind as InvoiceKind,
    number: invoice.full_number,
    issueDate: invoice.issue_date,
    operationDate: invoice.operation_date,
    seller: JSON.parse(invoice.seller) as SellerIdentity,
    buyer: invoiceBuyerOf(invoice.buyer),
    lines: docLines,
    breakdown: vatBreakdown(docLines),
    baseCents: invoice.base_cents,
    vatCents: invoice.vat_cents,
    totalCents: invoice.total_cents,
    exemptionNote: docLines.some((l) => l.vatTreatment === "exempt") ? EXEMPTION_NOTE : null,
    rectifies: rectified
      ? { number: rectified.full_number, issueDate: rectified.issue_date, reason: invoice.reason ?? "Devolución" }
      : null,
    paymentMethod: invoice.payment_method,
    orderReference: shortOrderId(invoice.order_id),
    qrUrl: demo ? null : invoice.qr_url,
    verifactu: invoice.verifactu === 1,
    demo,
    locale: order?.locale ?? "es",
  };
}

/**
 * "factura-AN2026-000001.pdf"; a demo document's "demostracion-sin-validez-DEMO-AN2026-000001.pdf"
 * ("demostracio-sense-validesa-…" for a document in Catalan): the file's name is in its language.
 */
function invoiceFileName(doc: { number: string; demo: boolean; locale?: Locale }): string {
  const t = documentTranslator(doc);
  const name = doc.demo ? t("invoice.fileName.demo") : t("invoice.fileName.invoice");
  return `${name}-${doc.number.replace(/[^A-Za-z0-9-]/g, "_")}.pdf`;
}

export async function getInvoice(db: Db, invoiceId: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirst();
}

/** The invoice's PDF with its number and file name, or null for an unknown id. */
export async function invoicePdf(
  db: Db,
  invoiceId: string,
): Promise<{ number: string; kind: InvoiceKind; demo: boolean; fileName: string; pdf: Buffer } | null> {
  const doc = await getInvoiceDocument(db, invoiceId);
  if (!doc) return null;
  return {
    number: doc.number,
    kind: doc.kind,
    demo: doc.demo,
    fileName: invoiceFileName(doc),
    pdf: await renderInvoicePdf(doc),
  };
}

/** An invoice (or demo document) attached to an email: what the email says of it, and the PDF. */
export interface DocumentAttachment {
  number: string;
  kind: InvoiceKind;
  /** A demo sale's document: the email must say it has no fiscal value (texts.ts, attachedDocumentSentence). */
  demo: boolean;
  attachment: MailAttachment;
}

/** The PDF as an email attachment, with the number the email names; null for an unknown id. */
export async function invoiceAttachment(db: Db, invoiceId: string): Promise<DocumentAttachment | null> {
  const file = await invoicePdf(db, invoiceId);
  if (!file) return null;
  return {
    number: file.number,
    kind: file.kind,
    demo: file.demo,
    attachment: { filename: file.fileName, content: file.pdf, contentType: "application/pdf" },
  };
}

/** An order's invoice and rectificativas (or demo documents: `demo` 1), in issue order (for the buyer's purchase history). */
export async function listOrderInvoices(
  db: Db,
  orderIds: readonly string[],
): Promise<Pick<InvoiceRow, "id" | "order_id" | "full_number" | "kind" | "issue_date" | "total_cents" | "demo">[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom("invoices")
    .select(["id", "order_id", "full_number", "kind", "issue_date", "total_cents", "demo"])
    .where("order_id", "in", orderIds)
    .orderBy("issued_at")
    .orderBy("full_number")
    .execute();
}

/** The ordinary invoice of an order (F1/F2), if issued. */
export async function orderInvoiceId(db: Db, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom("invoices")
    .select("id")
    .where("order_id", "=", orderId)
    .where("kind", "in", ["F1", "F2"])
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The rectificativa of a refund, if issued. */
export async function refundInvoiceId(db: Db, refundId: string): Promise<string | null> {
  const row = await db.selectFrom("invoices").select("id").where("refund_id", "=", refundId).executeTakeFirst();
  return row?.id ?? null;
}

/** The PDF of an invoice of one of the user's own orders; null for any other id (never says which). */
export async function buyerInvoicePdf(
  db: Db,
  userId: string,
  invoiceId: string,
): Promise<{ fileName: string; pdf: Buffer } | null> {
  // A demo document downloads too: its PDF says, on every page, that it has no fiscal value.
  const owned = await db
    .selectFrom("invoices")
    .innerJoin("orders", "orders.id", "invoices.order_id")
    .select("invoices.id")
    .where("invoices.id", "=", invoiceId)
    .where("orders.user_id", "=", userId)
    .executeTakeFirst();
  return owned ? invoicePdf(db, owned.id) : null;
}

/** An invoice PDF as a download (the staff's and the buyer's routes). */
export function pdfDownload(file: { fileName: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Content-Length": String(file.pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
