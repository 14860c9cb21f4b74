import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Order lines say what they sell (issue 30), one column per thing sold:
 *
 * - `order_items.course_id`: the course (its place in `edition_id`), now null
 *   on a line that sells something else.
 * - `order_items.service_id` (new): the salon service an appointment's
 *   deposit is for. Until now a deposit line carried the service id in
 *   `course_id` (0013); those rows are moved here.
 *
 * A later kind of sale (a gift voucher, a session pack) adds its own column
 * the same way. SQLite cannot drop a NOT NULL in place: the table is rebuilt
 * (nothing references it by foreign key), with its indexes.
 */
export const orderLines: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await db.schema
        .alterTable("order_items")
        .alterColumn("course_id", (c) => c.dropNotNull())
        .execute();
      await db.schema.alterTable("order_items").addColumn("service_id", "text").execute();
    } else {
      await sql`create table order_items_new (
        id text primary key,
        order_id text not null references orders(id) on delete cascade,
        course_id text,
        edition_id text,
        title text not null,
        price_cents integer not null,
        edition_starts_on text,
        edition_ends_on text,
        no_seat_at text,
        service_id text
      )`.execute(db);
      await sql`insert into order_items_new
        (id, order_id, course_id, edition_id, title, price_cents, edition_starts_on, edition_ends_on, no_seat_at)
        select id, order_id, course_id, edition_id, title, price_cents, edition_starts_on, edition_ends_on, no_seat_at
        from order_items`.execute(db);
      await sql`drop table order_items`.execute(db);
      await sql`alter table order_items_new rename to order_items`.execute(db);
      await db.schema.createIndex("order_items_order_idx").on("order_items").column("order_id").execute();
      await db.schema
        .createIndex("order_items_order_course_uq")
        .unique()
        .on("order_items")
        .columns(["order_id", "course_id"])
        .execute();
    }
    // A deposit's lines: the service id leaves the course column.
    await sql`update order_items set service_id = course_id, course_id = null
      where order_id in (select id from orders where kind = 'deposit')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`update order_items set course_id = service_id where course_id is null`.execute(db);
    await db.schema.alterTable("order_items").dropColumn("service_id").execute();
  },
};
