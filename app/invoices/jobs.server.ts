/** The invoices' outbox work, registered by the composition root (app/job-handlers.server.ts). */
import type { Db } from "~/db/db.server.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { httpsTransport } from "./aeat/client.server.ts";
import { senderLeaseMs, type AeatConfig } from "./aeat/config.server.ts";
import { VERIFACTU_SEND } from "./aeat/outbox.server.ts";
import { sendJobHandler } from "./aeat/sender.server.ts";
import { INVOICE_ISSUED, invoiceIssuedTemplate } from "./invoice-email.server.ts";
import type { InvoicingConfig } from "./issue.server.ts";
import { issuePendingJobHandler } from "./pending.server.ts";
import { ISSUE_PENDING_INVOICES } from "./seller.server.ts";

export const invoiceEmailTemplates: Record<string, EmailTemplate> = {
  [INVOICE_ISSUED]: invoiceIssuedTemplate,
};

export function invoiceJobHandlers(deps: {
  db: Db;
  logger: Logger;
  invoicing: InvoicingConfig | undefined;
  /** The AEAT's service and certificate; null or absent: nothing is sent (records stay pending). */
  aeat?: AeatConfig | null;
}): Record<string, JobHandler> {
  // One transport per process: its agent keeps the TLS connection alive between requests.
  const transport = deps.aeat ? httpsTransport(deps.aeat) : null;
  return {
    [ISSUE_PENDING_INVOICES]: issuePendingJobHandler(deps),
    [VERIFACTU_SEND]: sendJobHandler({
      db: deps.db,
      logger: deps.logger,
      transport,
      leaseMs: deps.aeat ? senderLeaseMs(deps.aeat) : undefined,
    }),
  };
}
