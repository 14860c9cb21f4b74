/**
 * The ticket's words (issue 35): a `Ticket` written out in the client's
 * language, every label from the catalogue (the invoice PDF's own "invoice.*"
 * keys where the PDF says the same, "ticket.*" for what only the counter
 * prints), the QR as a PNG data URL and, in VERI*FACTU mode, the AEAT's legend
 * exactly as the PDF prints it (texts.ts). The salon's address and phone come
 * from app/content/site.ts. The page only lays these strings out.
 */
import QRCode from "qrcode";
import { site } from "~/content/site.ts";
import { madridWallClock } from "~/domain/calendar-dates.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import type { MessageKey, Translate } from "~/i18n/messages.ts";
import { demoNotice, documentLabel } from "~/invoices/document-texts.server.ts";
import type { InvoiceDocument } from "~/invoices/document.ts";
import { formatDate, formatQuantity, formatVatRate } from "~/invoices/pdf-format.ts";
import { qrPng } from "~/invoices/qr-png.ts";
import { QR_CAPTION, VERIFACTU_LEGEND_LINES, VERIFACTU_MARK } from "~/invoices/texts.ts";
import type { CounterPaymentMethod } from "./sale-math.ts";
import type { TicketQr, TicketRow, TicketView } from "./ticket-page.ts";
import type { Ticket } from "./ticket.server.ts";

/** The counter's own names of its methods (the invoice's "Forma de pago" uses them too). */
const METHOD_KEYS = {
  cash: "counter.method.cash",
  card: "counter.method.cardTerminal",
  bizum: "counter.method.bizum",
} as const satisfies Record<CounterPaymentMethod, MessageKey>;

/** The QR symbol's side on paper: 35 mm, within the 30–40 mm the AEAT asks for (as on the PDF). */
export const TICKET_QR_MM = 35;
/** White modules around the symbol, part of the image (as on the PDF). */
const QUIET_MODULES = 4;
/** Nothing printed closer to the symbol than this (the AEAT recommends 6 mm, 2 mm at least). */
const CLEARANCE_MM = 6;

/** The AEAT's QR of an invoice as a 1-bit PNG data URL (the PDF's own encoder: level M, 4 quiet modules). */
export function ticketQr(qrUrl: string, verifactu: boolean): TicketQr {
  const { modules } = QRCode.create(qrUrl, { errorCorrectionLevel: "M" });
  const png = qrPng(modules, { margin: QUIET_MODULES, scale: 8 });
  const moduleMm = TICKET_QR_MM / modules.size;
  const quietMm = QUIET_MODULES * moduleMm;
  const round = (mm: number) => Math.round(mm * 100) / 100;
  return {
    caption: QR_CAPTION,
    src: `data:image/png;base64,${png.toString("base64")}`,
    imageMm: round(TICKET_QR_MM + 2 * quietMm),
    marginMm: round(Math.max(0, CLEARANCE_MM - quietMm)),
    verifactu: verifactu ? { mark: VERIFACTU_MARK, legend: VERIFACTU_LEGEND_LINES.join(" ") } : null,
  };
}

/** "14:05", Madrid's clock at an instant. */
function clockText(iso: string): string {
  const { minutes } = madridWallClock(new Date(iso));
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function vatText(t: Translate, row: { vatRateBp: number; vatTreatment: string }): string {
  return formatVatRate(row.vatRateBp, row.vatTreatment === "exempt", t("invoice.pdf.exempt"));
}

function parties(t: Translate, doc: InvoiceDocument): Pick<TicketView, "seller" | "buyer"> {
  const s = doc.seller;
  const seller = [
    s.legalName,
    s.tradeName && s.tradeName !== s.legalName ? t("invoice.pdf.tradeName", { name: s.tradeName }) : null,
    `NIF: ${s.nif}`,
    s.address,
    `${s.postalCode} ${s.city} (${s.province})`,
    s.registry,
  ].filter((line): line is string => !!line);
  const b = doc.buyer;
  return {
    seller: { heading: t("invoice.pdf.seller"), lines: seller },
    buyer: b
      ? { heading: t("invoice.pdf.buyer"), lines: [b.name, `NIF: ${b.taxId}`, b.address, `${b.postalCode} ${b.city}`] }
      : null,
  };
}

function rectification(t: Translate, doc: InvoiceDocument): TicketView["rectification"] {
  if (!doc.rectifies) return null;
  const r = doc.rectifies;
  const rectified = { number: r.number, date: formatDate(r.issueDate) };
  return {
    heading: t(doc.demo ? "invoice.pdf.refund" : "invoice.pdf.rectification"),
    lines: [
      t(doc.demo ? "invoice.pdf.refundsDemo" : "invoice.pdf.rectifies", rectified),
      t("invoice.pdf.reason", { reason: r.reason }),
      t(doc.demo ? "invoice.pdf.negativeDemo" : "invoice.pdf.negative"),
    ],
  };
}

/** The tip apart, the total paid (when there is a tip), each method with cash handed over and change; or what was given back. */
function money(t: Translate, ticket: Ticket, totalCents: number): TicketRow[] {
  if (ticket.refund) {
    const amount = formatEuros(ticket.refund.amountCents);
    return [
      { label: t("ticket.refunded"), amount, strong: true },
      { label: t(METHOD_KEYS[ticket.refund.method]), amount },
    ];
  }
  const rows: TicketRow[] = [];
  if (ticket.tipCents > 0) {
    rows.push({ label: t("ticket.tip"), amount: formatEuros(ticket.tipCents) });
    rows.push({ label: t("ticket.totalPaid"), amount: formatEuros(totalCents + ticket.tipCents), strong: true });
  }
  for (const p of ticket.payments) {
    rows.push({ label: t(METHOD_KEYS[p.method]), amount: formatEuros(p.amountCents) });
    if (p.tenderedCents !== null) {
      rows.push({ label: t("ticket.tendered"), amount: formatEuros(p.tenderedCents) });
      rows.push({ label: t("ticket.change"), amount: formatEuros(p.changeCents) });
    }
  }
  return rows;
}

/** The ticket in its client's language; null when there is no document to print yet. */
export function ticketView(ticket: Ticket): TicketView | null {
  const doc = ticket.document;
  if (!doc) return null;
  const t = serverTranslator(ticket.locale);
  const facts = [
    t("invoice.pdf.number", { number: doc.number }),
    t("invoice.pdf.issueDate", { date: formatDate(doc.issueDate) }),
    doc.operationDate ? t("invoice.pdf.operationDate", { date: formatDate(doc.operationDate) }) : null,
    ticket.at ? t("ticket.time", { time: clockText(ticket.at) }) : null,
    t("invoice.pdf.order", { ref: doc.orderReference }),
  ].filter((f): f is string => f !== null);
  return {
    lang: ticket.locale,
    qr: doc.qrUrl ? ticketQr(doc.qrUrl, doc.verifactu) : null,
    demoNotice: doc.demo ? demoNotice(t) : null,
    shop: {
      name: site.name,
      lines: [
        site.address.street,
        `${site.address.postalCode} ${site.address.locality} (${site.address.region})`,
        t("ticket.phone", { phone: site.phone.display }),
      ],
    },
    title: documentLabel(t, doc.kind, doc.demo),
    facts,
    ...parties(t, doc),
    rectification: rectification(t, doc),
    head: { concept: t("invoice.pdf.concept"), vat: t("invoice.pdf.vatRate"), amount: t("invoice.pdf.amount") },
    lines: doc.lines.map((line) => ({
      description: line.description,
      detail: line.detail,
      quantity: line.quantity === 1 ? null : `${formatQuantity(line.quantity)} ×`,
      vat: vatText(t, line),
      total: formatEuros(line.totalCents),
    })),
    breakdown: {
      heading: t("invoice.pdf.vatBreakdown"),
      columns: [t("invoice.pdf.base"), t("invoice.pdf.vatRate"), t("invoice.pdf.vatAmount")],
      rows: doc.breakdown.map((row) => [formatEuros(row.baseCents), vatText(t, row), formatEuros(row.vatCents)]),
    },
    totals: [
      { label: t("invoice.pdf.base"), amount: formatEuros(doc.baseCents) },
      { label: t("invoice.pdf.vat"), amount: formatEuros(doc.vatCents) },
      { label: t("invoice.pdf.total"), amount: formatEuros(doc.totalCents), strong: true },
    ],
    vatIncluded: t("ticket.vatIncluded"),
    notes: [doc.exemptionNote].filter((n): n is string => !!n),
    money: money(t, ticket, doc.totalCents),
    moneyHeading: t("ticket.payments"),
    thanks: t("ticket.thanks"),
  };
}
