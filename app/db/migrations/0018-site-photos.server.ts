import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The salon's own photos (Gestión → Fotos): the home page's hero and gallery, the
 * team's group photo, a portrait per professional, a picture per service. Each row
 * names its renditions (content-addressed files under DATA_DIR/img, see
 * app/domain/site-photo.ts); a page shows the photo where there is one and its
 * artwork otherwise. Writes bump the public pages' content version (0010), like
 * the catalogue and the service menu, so the anonymous page cache never shows a
 * removed photo or misses a new one.
 */
export const sitePhotos: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("site_photos")
      .addColumn("id", "text", (c) => c.primaryKey())
      // hero | gallery | team | professional | service
      .addColumn("slot", "text", (c) => c.notNull())
      // The professional's or the service's id; null for the other slots.
      .addColumn("subject_id", "text")
      .addColumn("alt", "text", (c) => c.notNull())
      .addColumn("caption", "text")
      .addColumn("image_key", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("color", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("site_photos_by_slot")
      .on("site_photos")
      .columns(["slot", "subject_id", "position"])
      .execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create constraint trigger site_photos_bumps_content
        after insert or update or delete on site_photos
        deferrable initially deferred
        for each row execute function bump_content_version()`.execute(db);
      return;
    }
    for (const event of ["insert", "update", "delete"]) {
      await sql`create trigger ${sql.id(`site_photos_${event}_bumps_content`)}
        after ${sql.raw(event)} on site_photos
        begin update content_state set version = version + 1 where id = 1; end`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    // Dropping the table drops its triggers on both databases.
    await db.schema.dropTable("site_photos").ifExists().execute();
  },
};
