import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * `jobs.request_id` (new, nullable): the id of the HTTP request that enqueued
 * the job (server/request-id.ts), so the worker's log lines for the job can be
 * found with the request's. Null for jobs enqueued outside a request (scripts,
 * timers) and for the jobs that existed before.
 */
export const jobRequestId: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("jobs").addColumn("request_id", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("jobs").dropColumn("request_id").execute();
  },
};
