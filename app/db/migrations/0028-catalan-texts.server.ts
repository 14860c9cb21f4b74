import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The Catalan version of the texts a visitor reads about courses and services
 * (issue 34, item 2), written by the staff in Gestión beside the Spanish one.
 *
 * Nullable, no default: null means "not translated yet", and the public pages
 * then show the Spanish text (app/catalogue/queries.server.ts,
 * app/bookings/menu.server.ts), so every row made before keeps working.
 * `features_ca` is a JSON array of strings like `features`.
 */
const COLUMNS = {
  courses: ["title_ca", "description_ca", "level_ca", "duration_ca", "features_ca"],
  course_editions: ["schedule_ca"],
  services: ["name_ca", "description_ca"],
} as const;

export const catalanTexts: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [table, columns] of Object.entries(COLUMNS)) {
      for (const column of columns) {
        await db.schema.alterTable(table).addColumn(column, "text").execute();
      }
    }
  },
  async down(db: Kysely<unknown>) {
    // SQLite (3.35+) drops a column that nothing else references in place, as 0027 did.
    for (const [table, columns] of Object.entries(COLUMNS).reverse()) {
      for (const column of [...columns].reverse()) {
        await db.schema.alterTable(table).dropColumn(column).execute();
      }
    }
  },
};
