/**
 * Every email goes through the outbox (app/jobs): `enqueueEmail` stores a job
 * "email:<template>" with references only, in the caller's transaction; the
 * worker renders the template from the current data when it runs, sends it
 * with the job's id as Message-ID, and only then runs the template's
 * `afterSend` (e.g. stamping orders.confirmation_sent_at).
 */
import type { Db } from "~/db/db.server.ts";
import { enqueueJob, type JobInput } from "~/jobs/queue.server.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { emailsBounced, emailsFailed, emailsSent, isPermanentRejection } from "~/lib/metrics.server.ts";
import type { Mailer, MailMessage } from "./mailer.server.ts";

export const EMAIL_JOB_PREFIX = "email:";

export interface EmailContext {
  db: Db;
  publicUrl: string;
  logger: Logger;
  now: Date;
  /**
   * Signs the one-click unsubscribe links (app/mail/unsubscribe-token.ts): the
   * first session secret. Absent where jobs run without the config's secrets
   * (some tests): a template then links to the settings page instead.
   */
  unsubscribeSecret?: string;
}

export interface EmailTemplate {
  /** The message to send now, or null when there is nothing to send any more (e.g. no address). */
  render(ctx: EmailContext, payload: Record<string, unknown>): Promise<MailMessage | null>;
  /** Runs after the transport accepted the message. */
  afterSend?(ctx: EmailContext, payload: Record<string, unknown>): Promise<void>;
}

/** Stores "send this email" in the caller's transaction; false when the dedupe key was already used. */
export function enqueueEmail(
  db: Db,
  template: string,
  payload: JobInput["payload"],
  opts: { dedupeKey?: string; now?: Date } = {},
): Promise<boolean> {
  return enqueueJob(db, { kind: `${EMAIL_JOB_PREFIX}${template}`, payload, dedupeKey: opts.dedupeKey, now: opts.now });
}

/** One job handler per template, for the worker. */
export function emailJobHandlers(
  templates: Record<string, EmailTemplate>,
  deps: { db: Db; mailer: Mailer; logger: Logger; publicUrl: string; unsubscribeSecret?: string },
): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const [name, template] of Object.entries(templates)) {
    handlers[`${EMAIL_JOB_PREFIX}${name}`] = async (payload, job) => {
      const ctx: EmailContext = {
        db: deps.db,
        publicUrl: deps.publicUrl,
        logger: deps.logger,
        now: new Date(),
        unsubscribeSecret: deps.unsubscribeSecret,
      };
      const message = await template.render(ctx, payload);
      if (!message || !message.to) {
        deps.logger.info({ jobId: job.id, template: name }, "mail: nothing to send");
        return;
      }
      try {
        await deps.mailer.send({ ...message, id: job.id });
      } catch (err) {
        // Counted per attempt; the job's status and last error (Gestión, order detail) tell the rest.
        emailsFailed.inc({ template: name });
        if (isPermanentRejection(err)) emailsBounced.inc({ template: name });
        throw err;
      }
      emailsSent.inc({ template: name });
      deps.logger.info({ jobId: job.id, template: name }, "mail: sent");
      await template.afterSend?.(ctx, payload);
    };
  }
  return handlers;
}
