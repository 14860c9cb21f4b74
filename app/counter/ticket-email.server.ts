/**
 * "Enviar por correo" on a counter ticket (issue 35): no email of its own. It
 * queues the invoices' "Tu factura" email (app/invoices/invoice-email.server.ts),
 * which sends the invoice's PDF to its buyer's address in the order's language
 * (the client's), with its audit entry in the same transaction. Several sends
 * are allowed one after another, never two waiting at once: a double click
 * stores one job.
 */
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import { INVOICE_ISSUED } from "~/invoices/invoice-email.server.ts";
import { EMAIL_JOB_PREFIX, enqueueEmail } from "~/mail/email-jobs.server.ts";

export type TicketEmailResult = { outcome: "queued"; dedupeKey: string } | { outcome: "busy" };

/**
 * Queues the invoice's email to `to` (the invoice's buyer address, as the ticket
 * read it): "busy" while an email of this invoice still waits to go out.
 */
export async function queueTicketEmail(
  db: Db,
  actor: AuditActor,
  input: { saleId: string; invoiceId: string; invoiceNumber: string; to: string },
  now = new Date(),
): Promise<TicketEmailResult> {
  const key = `${INVOICE_ISSUED}:${input.invoiceId}`;
  return inTransaction(db, async (trx) => {
    const previous = (
      await trx
        .selectFrom("jobs")
        .select(["dedupe_key", "status"])
        .where("kind", "=", `${EMAIL_JOB_PREFIX}${INVOICE_ISSUED}`)
        .where("dedupe_key", "like", `${key}%`)
        .execute()
    ).filter((j) => j.dedupe_key === key || j.dedupe_key?.startsWith(`${key}:ticket:`));
    if (previous.some((j) => j.status === "pending")) return { outcome: "busy" } as const;
    const sends = previous.filter((j) => j.dedupe_key !== key).length;
    const dedupeKey = `${key}:ticket:${sends + 1}`;
    const queued = await enqueueEmail(trx, INVOICE_ISSUED, { invoiceId: input.invoiceId }, { dedupeKey, now });
    if (!queued) return { outcome: "busy" } as const;
    await recordAudit(trx, actor, {
      action: "counter.ticket-email",
      entityType: "counter_sale",
      entityId: input.saleId,
      after: { invoice: input.invoiceNumber, to: input.to, emailJob: dedupeKey },
    });
    return { outcome: "queued", dedupeKey } as const;
  });
}
