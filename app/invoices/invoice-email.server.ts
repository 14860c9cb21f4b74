/**
 * "Tu factura": the email that carries an invoice issued after the purchase
 * (its seller data was completed later) or a rectificativa issued on its own.
 * The confirmation and refund emails attach theirs directly. A demo sale's
 * document goes out as "Documento de demostración … (sin validez fiscal)".
 */
import { site } from "~/content/site.ts";
import type { Db } from "~/db/db.server.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { enqueueEmail, type EmailTemplate } from "~/mail/email-jobs.server.ts";
import { escapeHtml, renderEmail } from "~/mail/layout.server.ts";
import { getInvoice, invoiceAttachment } from "./queries.server.ts";
import { attachedDocumentSentence, DEMO_NOTICE, documentLabel } from "./texts.ts";

export const INVOICE_ISSUED = "invoice-issued";

/** Queues "Tu factura" for each invoice, once per invoice (caller's transaction). */
export async function enqueueInvoiceEmails(trx: Db, invoiceIds: readonly string[], now: Date): Promise<void> {
  for (const invoiceId of invoiceIds) {
    await enqueueEmail(trx, INVOICE_ISSUED, { invoiceId }, { dedupeKey: `${INVOICE_ISSUED}:${invoiceId}`, now });
  }
}

export const invoiceIssuedTemplate: EmailTemplate = {
  async render(ctx, payload) {
    const invoiceId = typeof payload.invoiceId === "string" ? payload.invoiceId : "";
    const invoice = await getInvoice(ctx.db, invoiceId);
    if (!invoice?.buyer_email) return null;
    const file = await invoiceAttachment(ctx.db, invoiceId);
    if (!file) return null;
    const label = documentLabel(file.kind, file.demo);
    // A demo sale's document says, from its subject on, that it is no invoice (series.ts).
    const line = file.demo
      ? `${attachedDocumentSentence(file)} Importe: ${formatEuros(invoice.total_cents)}.`
      : `Te adjuntamos la ${label.toLowerCase()} ${invoice.full_number} de ${formatEuros(invoice.total_cents)}, en PDF.`;
    const later = `También ${file.demo ? "lo" : "la"} tienes en tu cuenta, en Historial de compras.`;
    const { html, text } = renderEmail({
      title: file.demo ? DEMO_NOTICE : label,
      preheader: line,
      bodyHtml: `<p>Hola:</p><p>${escapeHtml(line)}</p><p>${escapeHtml(later)}</p><p>${escapeHtml(`${site.name} · ${site.email}`)}</p>`,
      bodyText: ["Hola:", "", line, later, "", `${site.name} · ${site.email}`].join("\n"),
    });
    return {
      to: invoice.buyer_email,
      subject: `${label} ${invoice.full_number}${file.demo ? " (sin validez fiscal)" : ""} · ${site.name}`,
      html,
      text,
      attachments: [file.attachment],
    };
  },
};
