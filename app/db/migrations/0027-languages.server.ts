import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The language each record was made in (issue 34): "es" or "ca", the language
 * of the page it was made from (app/i18n/locales.ts), so its emails and
 * documents can be written in it.
 *
 * - `users.locale`: the account's language; the buyer changes it in /perfil/ajustes.
 * - `orders.locale`, `appointments.locale`: the page the order or booking was made on.
 * - `waitlist_entries.locale`: its confirmation and seat-offer emails.
 *
 * Not null, default "es": every row made before was made in Spanish (the only
 * language there was). No CHECK constraint (the schema has none elsewhere);
 * every writer takes the value through isLocale().
 */
const TABLES = ["users", "orders", "appointments", "waitlist_entries"] as const;

export const languages: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn("locale", "text", (c) => c.notNull().defaultTo("es"))
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    // SQLite (3.35+) drops a column that nothing else references in place, as 0013 did.
    for (const table of [...TABLES].reverse()) {
      await db.schema.alterTable(table).dropColumn("locale").execute();
    }
  },
};
