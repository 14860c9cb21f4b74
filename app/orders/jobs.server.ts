/** The orders' outbox work (their emails), registered by the composition root (app/job-handlers.server.ts). */
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { ORDER_CONFIRMATION, orderConfirmationTemplate } from "./confirmation-email.server.ts";
import { refundNoticeTemplate } from "./refund-email.server.ts";
import { COURSE_REMINDER, courseReminderTemplate } from "./reminders.server.ts";
import { REFUND_NOTICE } from "./refunds.server.ts";
import { SEAT_UNAVAILABLE, seatUnavailableTemplate } from "./seat-email.server.ts";
import { withdrawalAckTemplate } from "./withdrawal-email.server.ts";
import { WITHDRAWAL_ACK } from "./withdrawals.server.ts";

export const orderEmailTemplates: Record<string, EmailTemplate> = {
  [ORDER_CONFIRMATION]: orderConfirmationTemplate,
  [REFUND_NOTICE]: refundNoticeTemplate,
  [COURSE_REMINDER]: courseReminderTemplate,
  [SEAT_UNAVAILABLE]: seatUnavailableTemplate,
  [WITHDRAWAL_ACK]: withdrawalAckTemplate,
};
