import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The content version of the public pages (issue 14): one row, bumped by the
 * database itself on every write to a table those pages show (the catalogue,
 * its editions, the seat holds that change "quedan N plazas", the salon's
 * settings). Every instance compares it with the version its cached pages were
 * rendered at (server/page-cache.ts), so a change made in Gestión, a purchase or
 * a new hold reaches every cached page on the next request. Triggers rather than
 * calls in each writer: no write path can forget the bump.
 */
const CONTENT_TABLES = ["courses", "course_editions", "seat_holds", "salon_settings"] as const;

export const contentVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("content_state")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("version", "bigint", (c) => c.notNull())
      .execute();
    await sql`insert into content_state (id, version) values (1, 1)`.execute(db);
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create function bump_content_version() returns trigger language plpgsql as $$
        begin
          update content_state set version = version + 1 where id = 1;
          return null;
        end $$`.execute(db);
      for (const table of CONTENT_TABLES) {
        // Deferred to the commit: the version row is the last lock a transaction
        // takes, and only for its commit, so it adds no lock-order cycle with the
        // seat and edition rows (see app/orders/seat-holds.server.ts); and the new
        // version becomes visible together with the data it stands for.
        await sql`create constraint trigger ${sql.id(`${table}_bumps_content`)}
          after insert or update or delete on ${sql.table(table)}
          deferrable initially deferred
          for each row execute function bump_content_version()`.execute(db);
      }
      return;
    }
    for (const table of CONTENT_TABLES) {
      for (const event of ["insert", "update", "delete"]) {
        await sql`create trigger ${sql.id(`${table}_${event}_bumps_content`)}
          after ${sql.raw(event)} on ${sql.table(table)}
          begin update content_state set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`drop function if exists bump_content_version() cascade`.execute(db);
    } else {
      for (const table of CONTENT_TABLES) {
        for (const event of ["insert", "update", "delete"]) {
          await sql`drop trigger if exists ${sql.id(`${table}_${event}_bumps_content`)}`.execute(db);
        }
      }
    }
    await db.schema.dropTable("content_state").ifExists().execute();
  },
};
