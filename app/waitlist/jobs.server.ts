/** The waitlist's outbox work, registered by the composition root (app/job-handlers.server.ts). */
import type { Db } from "~/db/db.server.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { waitlistConfirmTemplate, waitlistDropUnconfirmedHandler } from "./confirmation.server.ts";
import { waitlistLapseHandler, waitlistOfferTemplate } from "./offer-email.server.ts";
import { WAITLIST_CONFIRM, WAITLIST_DROP_UNCONFIRMED, WAITLIST_LAPSE, WAITLIST_OFFER } from "./waitlist.server.ts";

export const waitlistEmailTemplates: Record<string, EmailTemplate> = {
  [WAITLIST_CONFIRM]: waitlistConfirmTemplate,
  [WAITLIST_OFFER]: waitlistOfferTemplate,
};

export function waitlistJobHandlers(deps: { db: Db }): Record<string, JobHandler> {
  return {
    [WAITLIST_LAPSE]: waitlistLapseHandler(deps),
    [WAITLIST_DROP_UNCONFIRMED]: waitlistDropUnconfirmedHandler(deps),
  };
}
