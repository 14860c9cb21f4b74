/**
 * The composition root of the outbox: every kind of job and its handler,
 * gathered from the domains' own registrations (each domain's
 * `jobs.server.ts`, or its email templates). Emails are "email:<template>"
 * (app/mail/email-jobs.server.ts). To make a new side effect sendable,
 * register it in its domain and, for a new domain, spread it here.
 * `app/jobs/` keeps only the queue and the worker.
 */
import { accountEmailTemplates } from "./auth/jobs.server.ts";
import { appointmentEmailTemplates } from "./bookings/appointment-emails.server.ts";
import { backupAlertTemplates } from "./backups/alerts.server.ts";
import { backupJobHandlers, type BackupJobDeps } from "./backups/jobs.server.ts";
import type { Db } from "./db/db.server.ts";
import type { AeatConfig } from "./invoices/aeat/config.server.ts";
import { invoicingOf, type InvoicingConfig } from "./invoices/issue.server.ts";
import { invoiceEmailTemplates, invoiceJobHandlers } from "./invoices/jobs.server.ts";
import type { JobHandler } from "./jobs/worker.server.ts";
import type { Logger } from "./lib/logger.server.ts";
import { emailJobHandlers, type EmailTemplate } from "./mail/email-jobs.server.ts";
import type { Mailer } from "./mail/mailer.server.ts";
import { orderEmailTemplates } from "./orders/jobs.server.ts";
import { paymentJobHandlers } from "./payments/jobs.server.ts";
import type { PaymentProvider } from "./payments/provider.server.ts";
import { salonNotificationTemplates } from "./salon/notification-emails.server.ts";
import { STAFF_INVITATION, staffInvitationTemplate } from "./staff/auth/invitations.server.ts";
import { waitlistEmailTemplates, waitlistJobHandlers } from "./waitlist/jobs.server.ts";

export const emailTemplates: Record<string, EmailTemplate> = {
  ...accountEmailTemplates,
  ...orderEmailTemplates,
  ...invoiceEmailTemplates,
  ...waitlistEmailTemplates,
  ...appointmentEmailTemplates,
  [STAFF_INVITATION]: staffInvitationTemplate,
};

export interface JobDeps {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  payments: PaymentProvider;
  /** salonNotifyEmail: where the salon notices go (none sent without it). */
  config: {
    publicUrl: string;
    salonNotifyEmail?: string;
    aeat?: AeatConfig | null;
    /** The first one signs the emails' one-click unsubscribe links; without it they link to the settings page. */
    sessionSecrets?: readonly string[];
  } & Partial<InvoicingConfig>;
  /** The scheduled backups (app/backups/service.server.ts); without them their jobs do nothing. */
  backups?: BackupJobDeps;
}

export function jobHandlers(deps: JobDeps): Record<string, JobHandler> {
  const mail = { ...deps, publicUrl: deps.config.publicUrl, unsubscribeSecret: deps.config.sessionSecrets?.[0] };
  const invoicing = invoicingOf(deps.config);
  return {
    ...emailJobHandlers(emailTemplates, mail),
    // The salon's notices of sales, withdrawals and refunds (app/salon), addressed from the config.
    ...emailJobHandlers(salonNotificationTemplates(deps.config.salonNotifyEmail), mail),
    ...paymentJobHandlers({ ...deps, invoicing }),
    ...invoiceJobHandlers({ ...deps, invoicing, aeat: deps.config.aeat }),
    ...waitlistJobHandlers(deps),
    ...backupJobHandlers(deps.backups, deps.logger),
    // The owner's alerts of stale backups and failed off-site copies.
    ...emailJobHandlers(backupAlertTemplates(deps.config.salonNotifyEmail, !!deps.backups?.offsite), mail),
  };
}
