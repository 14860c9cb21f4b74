import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A staff activation link belongs to the first browser that opens it (issue
 * 31, item 2; docs/architecture.md §7, "Staff accounts"):
 * - staff_invitations.opened_at: when the link was opened (its "Continuar"
 *   button); from then on it lasts 30 minutes at most (expires_at is
 *   shortened then).
 * - staff_invitations.browser_hash: the SHA-256 of the random secret that
 *   browser holds in its cookie; the link is refused to any other.
 * Links made before this migration start unopened.
 */
export const activationBinding: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("staff_invitations").addColumn("opened_at", "text").execute();
    await db.schema.alterTable("staff_invitations").addColumn("browser_hash", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("staff_invitations").dropColumn("browser_hash").execute();
    await db.schema.alterTable("staff_invitations").dropColumn("opened_at").execute();
  },
};
