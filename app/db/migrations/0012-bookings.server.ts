import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Appointments at the salon (issue 15).
 *
 * - `services`: the menu (name, category, duration, buffer after, price or
 *   "desde" price, bookable online or not). `review_pending` marks the seeded
 *   rows the owner has not reviewed yet.
 * - `professionals` and `professional_services`: who works in the salon and
 *   what each can do. A professional may be linked to a staff account.
 * - `working_hours`: weekly hours per professional, in Madrid wall-clock
 *   minutes (several ranges a day for a split shift). `time_off`: a
 *   professional's day off or blocked time, or with no professional a closure
 *   of the whole salon (holidays), as UTC instants.
 * - `appointments` + `appointment_services`: a booking of one or several
 *   services in a row with one professional; the services' names, durations
 *   and prices are copied, so history survives menu changes. A guest's booking
 *   is `held` until its email link confirms it.
 * - `appointment_slots`: the five-minute slots an appointment occupies (its
 *   services and the buffer after), one row each, primary key
 *   (professional_id, slot). The database refuses a second appointment on a
 *   taken slot, whatever the code above it does, on SQLite and PostgreSQL:
 *   this is what makes double booking impossible. Slots of a cancelled,
 *   expired or moved appointment are deleted in the same transaction.
 * - `appointment_tokens`: the links emailed to the client (confirm a guest's
 *   hold; see, move or cancel), stored hashed. A token is made when its email
 *   is rendered, so no usable secret sits in the outbox; an appointment may
 *   have several valid links (each email its own).
 * - `client_notes`: the staff's notes on a client, by email.
 *
 * The public menu (`/servicios`) is a cached page: writes to the menu and to
 * the professionals bump the content version, as the catalogue's do.
 */
const MENU_TABLES = ["services", "professionals", "professional_services"] as const;

export const bookings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("services")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("duration_min", "integer", (c) => c.notNull())
      .addColumn("buffer_min", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("price_cents", "integer", (c) => c.notNull())
      .addColumn("price_from", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("bookable_online", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("review_pending", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("professionals")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("professional_services")
      .addColumn("professional_id", "text", (c) => c.notNull().references("professionals.id").onDelete("cascade"))
      .addColumn("service_id", "text", (c) => c.notNull().references("services.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("professional_services_pk", ["professional_id", "service_id"])
      .execute();

    await db.schema
      .createTable("working_hours")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("professional_id", "text", (c) => c.notNull().references("professionals.id").onDelete("cascade"))
      // ISO weekday: 1 Monday … 7 Sunday.
      .addColumn("weekday", "integer", (c) => c.notNull())
      .addColumn("starts_min", "integer", (c) => c.notNull())
      .addColumn("ends_min", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("working_hours_by_professional")
      .on("working_hours")
      .column("professional_id")
      .execute();

    await db.schema
      .createTable("time_off")
      .addColumn("id", "text", (c) => c.primaryKey())
      // Null: the whole salon is closed.
      .addColumn("professional_id", "text", (c) => c.references("professionals.id").onDelete("cascade"))
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("ends_at", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("created_by", "text")
      .execute();
    await db.schema.createIndex("time_off_by_end").on("time_off").column("ends_at").execute();

    await db.schema
      .createTable("appointments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("professional_id", "text", (c) => c.notNull().references("professionals.id"))
      .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("client_name", "text", (c) => c.notNull())
      .addColumn("client_email", "text", (c) => c.notNull())
      .addColumn("client_phone", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("starts_at", "text", (c) => c.notNull())
      // End of the last service; `blocks_until` adds the buffer after it.
      .addColumn("ends_at", "text", (c) => c.notNull())
      .addColumn("blocks_until", "text", (c) => c.notNull())
      // held | confirmed | cancelled | expired | attended | no_show
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("hold_expires_at", "text")
      // online | staff
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("client_comment", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("price_cents", "integer", (c) => c.notNull())
      .addColumn("price_from", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("confirmed_at", "text")
      .addColumn("cancelled_at", "text")
      // client | staff
      .addColumn("cancelled_by", "text")
      .execute();
    await db.schema.createIndex("appointments_by_start").on("appointments").columns(["starts_at"]).execute();
    await db.schema.createIndex("appointments_by_email").on("appointments").columns(["client_email"]).execute();
    await db.schema.createIndex("appointments_by_user").on("appointments").columns(["user_id"]).execute();
    await db.schema
      .createIndex("appointments_holds")
      .on("appointments")
      .columns(["status", "hold_expires_at"])
      .execute();

    await db.schema
      .createTable("appointment_services")
      .addColumn("appointment_id", "text", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("service_id", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("duration_min", "integer", (c) => c.notNull())
      .addColumn("buffer_min", "integer", (c) => c.notNull())
      .addColumn("price_cents", "integer", (c) => c.notNull())
      .addColumn("price_from", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("appointment_services_pk", ["appointment_id", "position"])
      .execute();

    await db.schema
      .createTable("appointment_slots")
      .addColumn("professional_id", "text", (c) => c.notNull())
      // Five-minute slot number: floor(epoch ms / 300 000).
      .addColumn("slot", "integer", (c) => c.notNull())
      .addColumn("appointment_id", "text", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("appointment_slots_pk", ["professional_id", "slot"])
      .execute();
    await db.schema
      .createIndex("appointment_slots_by_appointment")
      .on("appointment_slots")
      .column("appointment_id")
      .execute();

    await db.schema
      .createTable("appointment_tokens")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("appointment_id", "text", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
      // confirm (a guest's hold) | manage (see, move or cancel)
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("appointment_tokens_by_appointment")
      .on("appointment_tokens")
      .column("appointment_id")
      .execute();

    await db.schema
      .createTable("client_notes")
      .addColumn("email", "text", (c) => c.primaryKey())
      .addColumn("notes", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text")
      .execute();

    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      for (const table of MENU_TABLES) {
        await sql`create constraint trigger ${sql.id(`${table}_bumps_content`)}
          after insert or update or delete on ${sql.table(table)}
          deferrable initially deferred
          for each row execute function bump_content_version()`.execute(db);
      }
    } else {
      for (const table of MENU_TABLES) {
        for (const event of ["insert", "update", "delete"]) {
          await sql`create trigger ${sql.id(`${table}_${event}_bumps_content`)}
            after ${sql.raw(event)} on ${sql.table(table)}
            begin update content_state set version = version + 1 where id = 1; end`.execute(db);
        }
      }
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "client_notes",
      "appointment_tokens",
      "appointment_slots",
      "appointment_services",
      "appointments",
      "time_off",
      "working_hours",
      "professional_services",
      "professionals",
      "services",
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
