/**
 * /gestion/facturas and its exports: the period from the URL, the list with its
 * totals, the notice when invoices wait for the seller data, and the CSV the
 * gestor gets (alone, or inside the ZIP of PDFs).
 */
import type { RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { madridDate } from "~/domain/calendar-dates.ts";
import { shortOrderId } from "~/domain/order-reference.ts";
import {
  periodFromSearch,
  periodMonths,
  recentMonths,
  recentQuarters,
  recentYears,
  type InvoicePeriod,
} from "~/domain/invoice-period.ts";
import { isOwnerRole } from "~/domain/roles.ts";
import { SELLER_FIELD_LABELS } from "~/domain/seller.ts";
import { SUBSANACION_DONE } from "~/domain/subsanacion.ts";
import { aeatStatusesOf } from "~/invoices/aeat/status-queries.server.ts";
import { readSeller } from "~/invoices/seller.server.ts";
import {
  listStaffDemoDocuments,
  listStaffInvoices,
  staffInvoiceTotals,
  type StaffInvoiceRow,
} from "~/invoices/staff-queries.server.ts";
import { documentLabel } from "~/invoices/document-texts.server.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { csvAmount, csvDate, type CsvCell } from "~/lib/csv.ts";

/** The period an invoice URL asks for (the current quarter in Madrid by default), and a note when it was unreadable. */
export function periodOfRequest(
  request: Request,
  today = madridDate(),
): { period: InvoicePeriod; note: string | null } {
  return periodFromSearch(new URL(request.url).searchParams, today);
}

export async function loadInvoiceList(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, config } = getServices(context);
  const today = madridDate();
  const { period, note } = periodOfRequest(request, today);
  const asked = Number(new URL(request.url).searchParams.get("pagina") ?? "1");
  const [list, totals, demo, seller] = await Promise.all([
    listStaffInvoices(db, period, Number.isFinite(asked) ? asked : 1),
    staffInvoiceTotals(db, period),
    listStaffDemoDocuments(db, period),
    readSeller(db, config.seller),
  ]);
  // Each invoice's sending to the AEAT (no status: written while VERIFACTU_MODE was off).
  const statuses = await aeatStatusesOf(
    db,
    list.rows.map((r) => r.id),
  );
  const notes = note ? [note] : [];
  // After a subsanación (gestion.facturas.subsanar.server.ts).
  if (new URL(request.url).searchParams.get("aviso") === "subsanacion") notes.push(SUBSANACION_DONE);
  if (asked > list.page && list.total > 0)
    notes.push(`La página ${asked} no existe: se muestra la última (${list.page}).`);
  const months = periodMonths(period);
  return {
    period,
    notes,
    ...list,
    rows: list.rows.map((r) => ({ ...r, aeat: statuses.get(r.id) ?? null })),
    /** Only the owner subsana a rejected record. */
    canSubsanar: isOwnerRole(getUser(context).role),
    /** VERIFACTU_MODE: whether the records are sent, and where. */
    verifactuMode: config.verifactuMode,
    totals,
    /** Demo sales' documents (no invoices): listed apart, in no total and no export. */
    demo,
    /** Every month of the period with its total (0 when none), for the chart; empty past two years. */
    months:
      months.length > 1 && months.length <= 24
        ? months.map(
            (month) =>
              totals.byMonth.find((m) => m.month === month) ?? {
                month,
                invoices: 0,
                baseCents: 0,
                vatCents: 0,
                totalCents: 0,
              },
          )
        : [],
    /** The labels of the seller fields still missing: while any is, no invoice is issued. */
    sellerMissing: seller.missing.map((f) => SELLER_FIELD_LABELS[f]),
    choices: {
      quarters: recentQuarters(today, 8).map(({ key, label }) => ({ key, label })),
      months: recentMonths(today, 12).map(({ key, label }) => ({ key, label })),
      years: recentYears(today, 3).map(({ key, label }) => ({ key, label })),
    },
  };
}

/** The columns of the gestor's CSV (one row per invoice). */
export const INVOICE_CSV_HEADER = [
  "Número",
  "Serie",
  "Tipo",
  "Fecha de expedición",
  "Fecha de operación",
  "Factura rectificada",
  "Cliente",
  "NIF cliente",
  "Base 21 %",
  "Cuota IVA 21 %",
  "Base exenta",
  "Base total",
  "IVA total",
  "Total",
  "Método de pago",
  "Pedido",
];

/** What the list and the CSV call the buyer: the name on a factura completa, else "Consumidor final". */
function invoiceClient(row: Pick<StaffInvoiceRow, "buyerName">): string {
  return row.buyerName ?? "Consumidor final";
}

export function invoiceCsvCells(row: StaffInvoiceRow): CsvCell[] {
  return [
    row.fullNumber,
    row.series,
    `${documentLabel(serverTranslator("es"), row.kind, false)} (${row.kind})`,
    csvDate(row.issueDate),
    csvDate(row.operationDate ?? row.issueDate),
    row.rectifiedNumber ?? "",
    invoiceClient(row),
    row.buyerTaxId ?? "",
    csvAmount(row.standardBaseCents),
    csvAmount(row.standardVatCents),
    csvAmount(row.exemptBaseCents),
    csvAmount(row.baseCents),
    csvAmount(row.vatCents),
    csvAmount(row.totalCents),
    row.paymentMethod ?? "",
    shortOrderId(row.orderId),
  ];
}
