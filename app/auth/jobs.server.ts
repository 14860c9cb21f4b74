/** The accounts' outbox work, registered by the composition root (app/job-handlers.server.ts). */
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { EMAIL_VERIFICATION, emailVerificationTemplate } from "./email-verification.server.ts";
import { PASSWORD_RESET, passwordResetTemplate } from "./password-reset.server.ts";

export const accountEmailTemplates: Record<string, EmailTemplate> = {
  [PASSWORD_RESET]: passwordResetTemplate,
  [EMAIL_VERIFICATION]: emailVerificationTemplate,
};
