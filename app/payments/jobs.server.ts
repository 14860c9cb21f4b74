/** The payments' outbox work (asking the provider for a refund), registered by the composition root (app/job-handlers.server.ts). */
import type { Db } from "~/db/db.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { REFUND_JOB } from "~/orders/refunds.server.ts";
import type { PaymentProvider } from "./provider.server.ts";
import { refundJobHandler } from "./refund-job.server.ts";

export function paymentJobHandlers(deps: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  invoicing: InvoicingConfig | undefined;
}): Record<string, JobHandler> {
  return { [REFUND_JOB]: refundJobHandler(deps) };
}
