/**
 * Every kind of outbox job and its handler. Emails are "email:<template>"
 * (app/mail/email-jobs.server.ts); add a template here to make it sendable.
 */
import { EMAIL_VERIFICATION, emailVerificationTemplate } from "~/auth/email-verification.server.ts";
import { PASSWORD_RESET, passwordResetTemplate } from "~/auth/password-reset.server.ts";
import { appointmentEmailTemplates } from "~/bookings/appointment-emails.server.ts";
import type { Db } from "~/db/db.server.ts";
import { INVOICE_ISSUED, invoiceIssuedTemplate } from "~/invoices/invoice-email.server.ts";
import { invoicingOf, type InvoicingConfig } from "~/invoices/issue.server.ts";
import { issuePendingJobHandler } from "~/invoices/pending.server.ts";
import { ISSUE_PENDING_INVOICES } from "~/invoices/seller.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { emailJobHandlers, type EmailTemplate } from "~/mail/email-jobs.server.ts";
import type { Mailer } from "~/mail/mailer.server.ts";
import { ORDER_CONFIRMATION, orderConfirmationTemplate } from "~/orders/confirmation-email.server.ts";
import { refundNoticeTemplate } from "~/orders/refund-email.server.ts";
import { COURSE_REMINDER, courseReminderTemplate } from "~/orders/reminders.server.ts";
import { REFUND_JOB, REFUND_NOTICE } from "~/orders/refunds.server.ts";
import { SEAT_UNAVAILABLE, seatUnavailableTemplate } from "~/orders/seat-email.server.ts";
import { withdrawalAckTemplate } from "~/orders/withdrawal-email.server.ts";
import { WITHDRAWAL_ACK } from "~/orders/withdrawals.server.ts";
import type { PaymentProvider } from "~/payments/provider.server.ts";
import { refundJobHandler } from "~/payments/refund-job.server.ts";
import { STAFF_INVITATION, staffInvitationTemplate } from "~/staff/auth/invitations.server.ts";
import { salonNotificationTemplates } from "~/staff/salon-notification-emails.server.ts";
import { waitlistLapseHandler, waitlistOfferTemplate } from "~/waitlist/offer-email.server.ts";
import { WAITLIST_LAPSE, WAITLIST_OFFER } from "~/waitlist/waitlist.server.ts";
import type { JobHandler } from "./worker.server.ts";

export const emailTemplates: Record<string, EmailTemplate> = {
  [PASSWORD_RESET]: passwordResetTemplate,
  [ORDER_CONFIRMATION]: orderConfirmationTemplate,
  [REFUND_NOTICE]: refundNoticeTemplate,
  [COURSE_REMINDER]: courseReminderTemplate,
  [SEAT_UNAVAILABLE]: seatUnavailableTemplate,
  [EMAIL_VERIFICATION]: emailVerificationTemplate,
  [STAFF_INVITATION]: staffInvitationTemplate,
  [WAITLIST_OFFER]: waitlistOfferTemplate,
  [WITHDRAWAL_ACK]: withdrawalAckTemplate,
  [INVOICE_ISSUED]: invoiceIssuedTemplate,
  ...appointmentEmailTemplates,
};

export interface JobDeps {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  payments: PaymentProvider;
  /** salonNotifyEmail: where the salon notices go (none sent without it). */
  config: { publicUrl: string; salonNotifyEmail?: string } & Partial<InvoicingConfig>;
}

export function jobHandlers(deps: JobDeps): Record<string, JobHandler> {
  return {
    ...emailJobHandlers(emailTemplates, { ...deps, publicUrl: deps.config.publicUrl }),
    // The salon's notices of sales, withdrawals and refunds (app/staff), addressed from the config.
    ...emailJobHandlers(salonNotificationTemplates(deps.config.salonNotifyEmail), {
      ...deps,
      publicUrl: deps.config.publicUrl,
    }),
    [REFUND_JOB]: refundJobHandler({ ...deps, invoicing: invoicingOf(deps.config) }),
    [ISSUE_PENDING_INVOICES]: issuePendingJobHandler({ ...deps, invoicing: invoicingOf(deps.config) }),
    [WAITLIST_LAPSE]: waitlistLapseHandler(deps),
  };
}
