/**
 * The words of an invoice in the buyer's language (issue 34): its PDF labels,
 * its name and the sentences of the emails that carry it. The legal content
 * (VAT mentions, NIFs, numbers, the QR and the AEAT's "VERI*FACTU") is not
 * language and stays as it is (texts.ts). Gestión reads the Spanish.
 */
import { formatLongDate } from "~/domain/pricing.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";
import { isRectificativa, type InvoiceKind } from "./document.ts";

const KIND_KEYS = {
  F1: "invoice.kind.f1",
  F2: "invoice.kind.f2",
  R4: "invoice.kind.r4",
  R5: "invoice.kind.r5",
} as const satisfies Record<InvoiceKind, MessageKey>;

/** The translate function of a document's own language (InvoiceDocument.locale, Spanish by default). */
export function documentTranslator(inv: { locale?: Locale }): Translate {
  return serverTranslator(inv.locale ?? "es");
}

/**
 * A course line's edition, written into the invoice line when it is issued, in
 * the order's language: "Convocatoria del 12 de enero de 2027 al 14 de enero de
 * 2027" ("Convocatòria del …"), or null for an undated course.
 */
export function editionLabel(t: Translate, startsOn: string | null, endsOn: string | null): string | null {
  if (!startsOn) return null;
  const start = formatLongDate(startsOn, t.locale);
  if (!endsOn || endsOn === startsOn) return t("invoice.line.editionDay", { start });
  return t("invoice.line.editionRange", { start, end: formatLongDate(endsOn, t.locale) });
}

/** "Documento de demostración sin validez fiscal" in the buyer's language. */
export function demoNotice(t: Translate): string {
  return t("invoice.demo.notice");
}

/** Why a demo document is no invoice, in one sentence. */
export function demoExplanation(t: Translate): string {
  return t("invoice.demo.explanation");
}

/** A document's name: its invoice type, or on a demo document "Documento de demostración" (never "Factura"). */
export function documentLabel(t: Translate, kind: InvoiceKind, demo: boolean): string {
  if (!demo) return t(KIND_KEYS[kind]);
  return t(isRectificativa(kind) ? "invoice.demo.refundLabel" : "invoice.demo.label");
}

/** The sentence of an email that attaches the document ("Te adjuntamos tu factura AN2026-000001 en PDF."). */
export function attachedDocumentSentence(
  t: Translate,
  doc: { number: string; kind: InvoiceKind; demo: boolean },
): string {
  if (doc.demo)
    return t("invoice.email.attachedDemo", {
      number: doc.number,
      notice: demoNotice(t),
      explanation: demoExplanation(t),
    });
  return t(isRectificativa(doc.kind) ? "invoice.email.attachedRectificativa" : "invoice.email.attachedInvoice", {
    number: doc.number,
  });
}
