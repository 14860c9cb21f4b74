/**
 * The staff's reads of issued invoices (/gestion/facturas, its CSV and ZIP
 * exports): every buyer's invoices in a period of issue dates (Madrid days, as
 * stored), the period's totals, and batches for the exports. Rectificativas
 * carry negative amounts, so they subtract in every total, as the VAT returns
 * count them. One invoice's document and PDF: queries.server.ts.
 *
 * Demo sales' documents (app/invoices/series.ts) are no invoices: the list,
 * the totals and the exports leave them out; `listStaffDemoDocuments` lists
 * them apart.
 */
import { sql, type SqlBool } from "kysely";
import type { Db } from "~/db/db.server.ts";
import type { InvoicePeriod } from "~/domain/invoice-period.ts";
import { vatTreatmentOf } from "~/domain/invoice-math.ts";
import { periodVatRows } from "~/domain/period-vat-totals.ts";
import type { InvoiceKind, VatTreatment } from "./document.ts";
import { invoiceBuyerOf } from "./rows.ts";

/** Rows a page of the list shows. */
const INVOICES_PAGE_SIZE = 50;
/** Most invoices one export holds. */
const MAX_EXPORT_INVOICES = 50_000;

type Period = Pick<InvoicePeriod, "from" | "to">;

export interface StaffInvoiceRow {
  id: string;
  /** "AN2026-000001" */
  fullNumber: string;
  series: string;
  kind: InvoiceKind;
  orderId: string;
  /** Fecha de expedición, YYYY-MM-DD. */
  issueDate: string;
  /** Fecha de la operación when it differs from the issue date. */
  operationDate: string | null;
  /** On a rectificativa: the number of the invoice it rectifies. */
  rectifiedNumber: string | null;
  /** Null on a factura simplificada (and its rectificativa) without buyer data. */
  buyerName: string | null;
  buyerTaxId: string | null;
  buyerEmail: string | null;
  baseCents: number;
  vatCents: number;
  totalCents: number;
  /** Base and VAT of the lines at 21 %, and the base of the exempt lines. */
  standardBaseCents: number;
  standardVatCents: number;
  exemptBaseCents: number;
  paymentMethod: string | null;
}

/**
 * The period's invoices, or with `demo` its demo documents (never both: a demo
 * document is no invoice). Counts, pages and totals read them from one index
 * (demo, issue_date, issued_at, full_number, …: migration 0025).
 */
function periodInvoices(db: Db, period: Period, demo = false) {
  return db
    .selectFrom("invoices")
    .where("invoices.demo", "=", demo ? 1 : 0)
    .where("invoices.issue_date", ">=", period.from)
    .where("invoices.issue_date", "<=", period.to);
}

/** The same, with the rectified invoice each rectificativa names (for the rows' columns). */
function inPeriod(db: Db, period: Period, demo = false) {
  return periodInvoices(db, period, demo).leftJoin(
    "invoices as rectified",
    "rectified.id",
    "invoices.rectified_invoice_id",
  );
}

const rowColumns = [
  "invoices.id",
  "invoices.full_number",
  "invoices.series",
  "invoices.kind",
  "invoices.order_id",
  "invoices.issued_at",
  "invoices.issue_date",
  "invoices.operation_date",
  "rectified.full_number as rectified_number",
  "invoices.buyer",
  "invoices.buyer_email",
  "invoices.base_cents",
  "invoices.vat_cents",
  "invoices.total_cents",
  "invoices.payment_method",
] as const;

type RawRow = {
  id: string;
  full_number: string;
  series: string;
  kind: string;
  order_id: string;
  issued_at: string;
  issue_date: string;
  operation_date: string | null;
  rectified_number: string | null;
  buyer: string | null;
  buyer_email: string | null;
  base_cents: number;
  vat_cents: number;
  total_cents: number;
  payment_method: string | null;
};

/** The rows with their VAT split (one query for the whole batch). */
async function withSplit(db: Db, rows: RawRow[]): Promise<StaffInvoiceRow[]> {
  if (rows.length === 0) return [];
  const sums = await db
    .selectFrom("invoice_lines")
    .select((eb) => [
      "invoice_id",
      "vat_treatment",
      eb.fn.sum<number>("base_cents").as("base"),
      eb.fn.sum<number>("vat_cents").as("vat"),
    ])
    .where(
      "invoice_id",
      "in",
      rows.map((r) => r.id),
    )
    .groupBy(["invoice_id", "vat_treatment"])
    .execute();
  const byInvoice = Map.groupBy(sums, (s) => s.invoice_id);
  return rows.map((r) => {
    const split = byInvoice.get(r.id) ?? [];
    const standard = split.filter((s) => s.vat_treatment !== "exempt");
    const exempt = split.filter((s) => s.vat_treatment === "exempt");
    const buyer = invoiceBuyerOf(r.buyer);
    return {
      id: r.id,
      fullNumber: r.full_number,
      series: r.series,
      kind: r.kind as InvoiceKind,
      orderId: r.order_id,
      issueDate: r.issue_date,
      operationDate: r.operation_date,
      rectifiedNumber: r.rectified_number,
      buyerName: buyer?.name || null,
      buyerTaxId: buyer?.taxId || null,
      buyerEmail: r.buyer_email,
      baseCents: Number(r.base_cents),
      vatCents: Number(r.vat_cents),
      totalCents: Number(r.total_cents),
      standardBaseCents: standard.reduce((sum, s) => sum + Number(s.base), 0),
      standardVatCents: standard.reduce((sum, s) => sum + Number(s.vat), 0),
      exemptBaseCents: exempt.reduce((sum, s) => sum + Number(s.base), 0),
      paymentMethod: r.payment_method,
    };
  });
}

interface StaffInvoicePage {
  rows: StaffInvoiceRow[];
  total: number;
  /** The page shown: the one asked for, or the last one when it was past the end. */
  page: number;
  pageCount: number;
}

/**
 * The ids of `limit` of the period's invoices from `offset`, newest first: the
 * issue date (a Madrid day, the same order as the instant), the instant, then
 * the number, so pages never overlap. Only the index is walked, however deep.
 */
async function newestIds(db: Db, period: Period, demo: boolean, limit: number, offset: number): Promise<string[]> {
  const rows = await periodInvoices(db, period, demo)
    .select("invoices.id")
    .orderBy("invoices.issue_date", "desc")
    .orderBy("invoices.issued_at", "desc")
    .orderBy("invoices.full_number", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

/** These invoices' rows, in the order of `ids`. */
async function rowsOf(db: Db, ids: string[]): Promise<StaffInvoiceRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("invoices")
    .leftJoin("invoices as rectified", "rectified.id", "invoices.rectified_invoice_id")
    .select(rowColumns)
    .where("invoices.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withSplit(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

async function countInPeriod(db: Db, period: Period, demo: boolean): Promise<number> {
  const count = await periodInvoices(db, period, demo)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** One page of the period's invoices, newest first (ties broken by number, so pages never overlap). */
export async function listStaffInvoices(db: Db, period: Period, page = 1): Promise<StaffInvoicePage> {
  const total = await countInPeriod(db, period, false);
  const pageCount = Math.max(1, Math.ceil(total / INVOICES_PAGE_SIZE));
  const shown = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const ids = await newestIds(db, period, false, INVOICES_PAGE_SIZE, (shown - 1) * INVOICES_PAGE_SIZE);
  return { rows: await rowsOf(db, ids), total, page: shown, pageCount };
}

/** Most demo documents Gestión lists for a period (newest first). */
const DEMO_DOCUMENTS_SHOWN = 50;

/**
 * The period's demo documents, newest first (at most 50, and how many there
 * are): shown apart from the invoices, never in their totals or exports.
 */
export async function listStaffDemoDocuments(
  db: Db,
  period: Period,
): Promise<{ rows: StaffInvoiceRow[]; total: number }> {
  const total = await countInPeriod(db, period, true);
  const ids = total === 0 ? [] : await newestIds(db, period, true, DEMO_DOCUMENTS_SHOWN, 0);
  return { rows: await rowsOf(db, ids), total };
}

interface VatRateTotal {
  vatTreatment: VatTreatment;
  /** 2100 for 21 %, 0 when exempt. */
  vatRateBp: number;
  baseCents: number;
  vatCents: number;
}

interface MonthInvoiceTotal {
  /** "YYYY-MM" */
  month: string;
  invoices: number;
  baseCents: number;
  vatCents: number;
  totalCents: number;
}

interface InvoiceTotals {
  invoices: number;
  /** How many of them are rectificativas. */
  rectificativas: number;
  baseCents: number;
  vatCents: number;
  totalCents: number;
  /** One row per VAT rate: 21 % first, then exempt. */
  byRate: VatRateTotal[];
  /** Only the months that have invoices, oldest first. */
  byMonth: MonthInvoiceTotal[];
}

/**
 * A line not at the general rate (exempt, or a standard rate other than 21 %),
 * written as the partial index `invoice_lines_other_rates` (0025) states it, with
 * literals, so both databases use that index.
 */
const OTHER_RATE_LINE = sql<SqlBool>`(invoice_lines.vat_treatment <> 'standard' or invoice_lines.vat_rate_bp <> 2100)`;

/**
 * The period's totals, rectificativas included (they subtract). By VAT rate:
 * the lines at the general rate are what the others leave of the invoices'
 * totals (periodVatRows), so a year's totals never read its every line.
 */
export async function staffInvoiceTotals(db: Db, period: Period): Promise<InvoiceTotals> {
  const month = sql<string>`substr(invoices.issue_date, 1, 7)`;
  const [months, rates, withOthers] = await Promise.all([
    periodInvoices(db, period)
      .select((eb) => [
        month.as("month"),
        eb.fn.countAll<number>().as("n"),
        eb.fn.sum<number>(sql`case when invoices.kind in ('R4', 'R5') then 1 else 0 end`).as("rect"),
        eb.fn.sum<number>("invoices.base_cents").as("base"),
        eb.fn.sum<number>("invoices.vat_cents").as("vat"),
        eb.fn.sum<number>("invoices.total_cents").as("total"),
      ])
      .groupBy(month)
      .orderBy(month)
      .execute(),
    // The lines not at the general rate (few), through their partial index (0025).
    periodInvoices(db, period)
      .innerJoin("invoice_lines", "invoice_lines.invoice_id", "invoices.id")
      .where(OTHER_RATE_LINE)
      .select((eb) => [
        "invoice_lines.vat_treatment",
        "invoice_lines.vat_rate_bp",
        eb.fn.sum<number>("invoice_lines.base_cents").as("base"),
        eb.fn.sum<number>("invoice_lines.vat_cents").as("vat"),
      ])
      .groupBy(["invoice_lines.vat_treatment", "invoice_lines.vat_rate_bp"])
      .execute(),
    periodInvoices(db, period)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("invoice_lines")
            .select("invoice_lines.id")
            .whereRef("invoice_lines.invoice_id", "=", "invoices.id")
            .where(OTHER_RATE_LINE),
        ),
      )
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const byMonth = months.map((m) => ({
    month: m.month,
    invoices: Number(m.n),
    baseCents: Number(m.base),
    vatCents: Number(m.vat),
    totalCents: Number(m.total),
  }));
  const add = (pick: (m: MonthInvoiceTotal) => number) => byMonth.reduce((sum, m) => sum + pick(m), 0);
  const byRate: VatRateTotal[] = periodVatRows({
    invoices: add((m) => m.invoices),
    baseCents: add((m) => m.baseCents),
    vatCents: add((m) => m.vatCents),
    others: rates.map((r) => ({
      vatTreatment: vatTreatmentOf(r.vat_treatment),
      vatRateBp: Number(r.vat_rate_bp),
      baseCents: Number(r.base),
      vatCents: Number(r.vat),
    })),
    invoicesWithOthers: Number(withOthers.n),
  });
  return {
    invoices: add((m) => m.invoices),
    rectificativas: months.reduce((sum, m) => sum + Number(m.rect), 0),
    baseCents: add((m) => m.baseCents),
    vatCents: add((m) => m.vatCents),
    totalCents: add((m) => m.totalCents),
    byRate,
    byMonth,
  };
}

/**
 * The period's invoices in batches, in issue order (oldest first, as a register
 * of issued invoices reads), for the exports: each batch continues after the
 * last row of the previous one (keyset), so memory stays one batch.
 */
export async function* staffInvoiceBatches(
  db: Db,
  period: Period,
  opts: { batchSize?: number; maxRows?: number } = {},
): AsyncGenerator<StaffInvoiceRow[]> {
  const batchSize = opts.batchSize ?? 200;
  let left = opts.maxRows ?? MAX_EXPORT_INVOICES;
  let after: { issuedAt: string; number: string } | null = null;
  while (left > 0) {
    let query = inPeriod(db, period);
    const cursor = after;
    if (cursor) {
      // The plain bound narrows each batch to what follows the cursor before the OR is checked.
      query = query
        .where("invoices.issued_at", ">=", cursor.issuedAt)
        .where((eb) =>
          eb.or([
            eb("invoices.issued_at", ">", cursor.issuedAt),
            eb.and([eb("invoices.issued_at", "=", cursor.issuedAt), eb("invoices.full_number", ">", cursor.number)]),
          ]),
        );
    }
    const rows = await query
      .select(rowColumns)
      .orderBy("invoices.issued_at")
      .orderBy("invoices.full_number")
      .limit(Math.min(batchSize, left))
      .execute();
    if (rows.length === 0) return;
    yield await withSplit(db, rows);
    left -= rows.length;
    const last = rows[rows.length - 1];
    after = { issuedAt: last.issued_at, number: last.full_number };
    if (rows.length < batchSize) return;
  }
}
