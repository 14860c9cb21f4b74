import type { Migration } from "kysely/migration";

/**
 * Formerly inserted the four courses and their first editions. Migrations now
 * create structure only: the catalogue is data, inserted by the idempotent seed
 * (app/db/seed.server.ts, `npm run seed`), which never overwrites a course the
 * salon edited and dates editions from the day it runs.
 *
 * The migration stays registered as a no-op under the same name: databases that
 * already ran it keep a consistent migration history (Kysely refuses to start
 * when a previously executed migration is missing), and their rows stay theirs.
 */
export const catalogueSeed: Migration = {
  async up() {},
  async down() {},
};
