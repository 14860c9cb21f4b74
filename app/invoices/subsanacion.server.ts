/**
 * Subsanación of a billing record the AEAT rejected (docs/invoicing.md): a NEW
 * registro de alta of the same invoice (same IDFactura), with Subsanacion "S"
 * and RechazoPrevio "S", chained after the last record like any other (its own
 * huella, Encadenamiento and FechaHoraHusoGenRegistro), queued for the sender.
 * The rejected record stays as it was; its status becomes "corrected".
 *
 * What the new record states:
 * - IDFactura, TipoFactura, the amounts, the VAT breakdown, the dates and the
 *   rectified invoice: the invoice's, which never change;
 * - NombreRazonEmisor: the seller data as saved now (Datos fiscales), when
 *   its NIF is still the invoice's; else the invoice's;
 * - the buyer of a factura completa: the billing details on the buyer's
 *   profile now, when complete; else the invoice's.
 *
 * One subsanación per rejected record, on any number of instances: the
 * chain's head is locked first (as every issuer does), the record's state is
 * read under it, and billing_records.corrects_position is unique.
 */
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import type { Db } from "~/db/db.server.ts";
import { billingDetailsOf } from "~/domain/billing-details.ts";
import { vatBreakdown } from "~/domain/invoice-math.ts";
import { subsanacionDecision, type SubsanacionRefusal } from "~/domain/subsanacion.ts";
import { orderKind } from "~/orders/kinds/index.server.ts";
import { queueRecordForAeat } from "./aeat/outbox.server.ts";
import { appendBillingRecord, lockChainHead } from "./chain.server.ts";
import { isRectificativa, type InvoiceKind, type SellerIdentity } from "./document.ts";
import type { InvoicingConfig } from "./issue.server.ts";
import { invoiceBuyerOf, invoiceLineOf } from "./rows.ts";
import { readSeller, sellerIdentity } from "./seller.server.ts";
import { DEFAULT_SOFTWARE, producerOf } from "./software.ts";
import { aeatAmount, aeatDate, madridTimestamp } from "./verifactu.ts";
import type { RegistroAltaInput } from "./verifactu-xml.ts";

/** The rejected record of an invoice the staff may subsanar: its latest record, with its answer. */
export interface RejectedRecord {
  position: number;
  invoiceId: string;
  invoiceNumber: string;
  state: string | null;
  code: string | null;
  description: string | null;
}

/** The invoice's latest billing record and its sending state; null when it has none. */
export async function latestRecordOf(db: Db, invoiceId: string): Promise<RejectedRecord | null> {
  const row = await db
    .selectFrom("billing_records as r")
    .leftJoin("billing_record_status as s", "s.position", "r.position")
    .select(["r.position", "r.invoice_id", "r.invoice_number", "s.state", "s.code", "s.description"])
    .where("r.invoice_id", "=", invoiceId)
    .orderBy("r.position", "desc")
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        position: row.position,
        invoiceId: row.invoice_id,
        invoiceNumber: row.invoice_number,
        state: row.state ?? null,
        code: row.code ?? null,
        description: row.description ?? null,
      }
    : null;
}

/** What the subsanación of the invoice's record will state (also shown on the confirmation step). */
export interface SubsanacionContent {
  invoiceId: string;
  issuerNif: string;
  invoiceNumber: string;
  issueDate: string;
  kind: InvoiceKind;
  vatCents: number;
  totalCents: number;
  issuerName: string;
  producer: { name: string; nif: string };
  buyer: { name: string; nif: string } | null;
  xml: Omit<RegistroAltaInput, "hash" | "previous" | "subsanacion">;
}

/** The content of a subsanación of the invoice, from the invoice and the data saved now. */
export async function subsanacionContent(
  db: Db,
  invoiceId: string,
  config: InvoicingConfig,
): Promise<SubsanacionContent | null> {
  const invoice = await db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice || invoice.demo === 1) return null;
  const stated = JSON.parse(invoice.seller) as SellerIdentity;
  const saved = sellerIdentity(await readSeller(db, config.seller));
  // The NIF is part of the invoice's identity: another NIF's name would describe another issuer.
  const seller = saved && saved.nif === stated.nif ? saved : stated;
  const kind = invoice.kind as InvoiceKind;
  const lines = await db
    .selectFrom("invoice_lines")
    .selectAll()
    .where("invoice_id", "=", invoice.id)
    .orderBy("position")
    .execute();
  const order = await db
    .selectFrom("orders")
    .select(["kind", "user_id"])
    .where("id", "=", invoice.order_id)
    .executeTakeFirstOrThrow();
  let buyer: { name: string; nif: string } | null = null;
  if (kind === "F1" || kind === "R4") {
    const profile = order.user_id
      ? await db
          .selectFrom("users")
          .select(["billing_name", "billing_tax_id", "billing_address", "billing_postal_code", "billing_city"])
          .where("id", "=", order.user_id)
          .executeTakeFirst()
      : undefined;
    const now = profile ? billingDetailsOf(profile) : null;
    const fromInvoice = invoiceBuyerOf(invoice.buyer);
    buyer =
      now?.name && now.taxId
        ? { name: now.name, nif: now.taxId }
        : { name: fromInvoice?.name ?? "", nif: fromInvoice?.taxId ?? "" };
  }
  const rectified = invoice.rectified_invoice_id
    ? await db
        .selectFrom("invoices")
        .select(["full_number", "issue_date"])
        .where("id", "=", invoice.rectified_invoice_id)
        .executeTakeFirstOrThrow()
    : null;
  const software = config.software ?? DEFAULT_SOFTWARE;
  const producer = producerOf(software, seller);
  return {
    invoiceId: invoice.id,
    issuerNif: stated.nif,
    invoiceNumber: invoice.full_number,
    issueDate: invoice.issue_date,
    kind,
    vatCents: invoice.vat_cents,
    totalCents: invoice.total_cents,
    issuerName: seller.legalName,
    producer,
    buyer,
    xml: {
      issuerName: seller.legalName,
      producer,
      system: software,
      operationDate: invoice.operation_date ? aeatDate(invoice.operation_date) : null,
      buyer,
      description: isRectificativa(kind)
        ? `Rectificación: ${invoice.reason ?? "devolución"}`
        : orderKind(order.kind).invoiceOperation,
      breakdown: vatBreakdown(lines.map(invoiceLineOf)),
      rectified: rectified
        ? { issuerNif: stated.nif, invoiceNumber: rectified.full_number, issueDate: aeatDate(rectified.issue_date) }
        : null,
    },
  };
}

export type SubsanacionResult =
  { ok: true; created: boolean; position: number } | { ok: false; reason: SubsanacionRefusal };

/** Thrown inside the transaction to roll it back (the chain's head gives its position back). */
class Stop extends Error {
  constructor(readonly result: SubsanacionResult) {
    super("subsanación stopped");
  }
}

/**
 * Subsana the invoice's rejected record at `position` (audited as
 * `invoice.subsanacion`). The same request twice (a double click, two staff
 * members) makes one record: the second finds the record already subsanado and
 * answers `created: false` with the subsanación's position.
 */
export async function subsanarRecord(
  db: Db,
  actor: AuditActor,
  input: { invoiceId: string; position: number; config: InvoicingConfig; now?: Date },
): Promise<SubsanacionResult> {
  const now = input.now ?? new Date();
  try {
    return await db.transaction().execute(async (trx) => {
      // The head first, as every issuer: the check below then sees any subsanación committed before.
      const head = await lockChainHead(trx);
      const target = await trx
        .selectFrom("billing_records as r")
        .leftJoin("billing_record_status as s", "s.position", "r.position")
        .select(["r.position", "r.issuer_nif", "s.state", "s.code", "s.description"])
        .where("r.position", "=", input.position)
        .where("r.invoice_id", "=", input.invoiceId)
        .executeTakeFirst();
      if (!target) throw new Stop({ ok: false, reason: "not-found" });
      const decision = subsanacionDecision(target.state ?? null, input.config.verifactuMode);
      if (decision.kind === "done") {
        const done = await trx
          .selectFrom("billing_records")
          .select("position")
          .where("corrects_position", "=", input.position)
          .executeTakeFirstOrThrow();
        throw new Stop({ ok: true, created: false, position: done.position });
      }
      if (decision.kind === "refused") throw new Stop({ ok: false, reason: decision.reason });
      const content = await subsanacionContent(trx, input.invoiceId, input.config);
      if (!content || content.issuerNif !== target.issuer_nif) throw new Stop({ ok: false, reason: "not-found" });
      await appendBillingRecord(trx, head, {
        invoiceId: input.invoiceId,
        correctsPosition: input.position,
        fields: {
          issuerNif: content.issuerNif,
          invoiceNumber: content.invoiceNumber,
          issueDate: aeatDate(content.issueDate),
          invoiceType: content.kind,
          vatTotal: aeatAmount(content.vatCents),
          amountTotal: aeatAmount(content.totalCents),
          generatedAt: madridTimestamp(now),
        },
        xml: content.xml,
      });
      await trx
        .updateTable("billing_record_status")
        .set({ state: "corrected" })
        .where("position", "=", input.position)
        .where("state", "=", "rejected")
        .execute();
      await queueRecordForAeat(trx, head.position, now);
      await recordAudit(trx, actor, {
        action: "invoice.subsanacion",
        entityType: "invoice",
        entityId: input.invoiceId,
        before: {
          record: input.position,
          aeatState: "Rechazado",
          aeatCode: target.code,
          aeatMessage: target.description,
        },
        after: { record: head.position, aeatState: "Pendiente", corrects: input.position },
      });
      return { ok: true as const, created: true, position: head.position };
    });
  } catch (err) {
    if (err instanceof Stop) return err.result;
    throw err;
  }
}
