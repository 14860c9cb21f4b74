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
import { localeOfOrder } from "~/orders/orders.server.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { attachedDocumentSentence, demoNotice, documentLabel } from "./document-texts.server.ts";
import { getInvoice, invoiceAttachment } from "./queries.server.ts";

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
    // The language the order was made in (orders.locale, issue 34).
    const locale = await localeOfOrder(ctx.db, invoice.order_id);
    const t = serverTranslator(locale);
    const label = documentLabel(t, file.kind, file.demo);
    const amount = formatEuros(invoice.total_cents);
    // A demo sale's document says, from its subject on, that it is no invoice (series.ts).
    const line = file.demo
      ? t("email.invoice.demoLine", { sentence: attachedDocumentSentence(t, file), amount })
      : t("email.invoice.line", { label: label.toLowerCase(), number: invoice.full_number, amount });
    const later = t(file.demo ? "email.invoice.laterDemo" : "email.invoice.later");
    const greeting = t("email.common.greeting");
    const { html, text } = renderEmail({
      title: file.demo ? demoNotice(t) : label,
      preheader: line,
      bodyHtml: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}</p><p>${escapeHtml(later)}</p><p>${escapeHtml(`${site.name} · ${site.email}`)}</p>`,
      bodyText: [greeting, "", line, later, "", `${site.name} · ${site.email}`].join("\n"),
      locale,
    });
    return {
      to: invoice.buyer_email,
      subject: t(file.demo ? "email.invoice.subjectDemo" : "email.invoice.subject", {
        label,
        number: invoice.full_number,
        salon: site.name,
      }),
      html,
      text,
      attachments: [file.attachment],
    };
  },
};
