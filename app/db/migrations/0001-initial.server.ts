import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** The base tables (see app/db/schema.ts), portable across SQLite and PostgreSQL. */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("users")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("password_hash", "text")
      .addColumn("google_sub", "text", (c) => c.unique())
      .addColumn("display_name", "text", (c) => c.notNull())
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_login_at", "text")
      .execute();

    await db.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

    await db.schema
      .createTable("password_resets")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("user_settings")
      .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("course_emails", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("progress_notifications", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("newsletter", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("public_profile", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("show_progress", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("courses")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("price_cents", "integer", (c) => c.notNull())
      .addColumn("original_price_cents", "integer", (c) => c.notNull())
      .addColumn("duration", "text", (c) => c.notNull())
      .addColumn("class_size", "integer", (c) => c.notNull())
      .addColumn("level", "text", (c) => c.notNull())
      .addColumn("rating", "double precision", (c) => c.notNull())
      .addColumn("reviews", "integer", (c) => c.notNull())
      .addColumn("features", "text", (c) => c.notNull())
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("highlighted", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("course_editions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("course_id", "text", (c) => c.notNull().references("courses.id").onDelete("cascade"))
      .addColumn("starts_on", "text", (c) => c.notNull())
      .addColumn("ends_on", "text")
      .addColumn("seats", "integer", (c) => c.notNull())
      .addColumn("seats_taken", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
      .execute();
    await db.schema
      .createIndex("course_editions_course_idx")
      .on("course_editions")
      .columns(["course_id", "starts_on"])
      .execute();

    await db.schema
      .createTable("orders")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("email", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("total_cents", "integer", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull().defaultTo("eur"))
      .addColumn("payment_method", "text", (c) => c.notNull())
      .addColumn("provider", "text", (c) => c.notNull())
      .addColumn("provider_session_id", "text", (c) => c.unique())
      .addColumn("withdrawal_waiver_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("paid_at", "text")
      .execute();
    await db.schema.createIndex("orders_user_idx").on("orders").column("user_id").execute();

    await db.schema
      .createTable("order_items")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      // No foreign key: a course removed from the catalogue must still show in the buyer's history.
      .addColumn("course_id", "text", (c) => c.notNull())
      .addColumn("edition_id", "text")
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("price_cents", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("order_items_order_idx").on("order_items").column("order_id").execute();

    await db.schema
      .createTable("enrollments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("course_id", "text", (c) => c.notNull())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("edition_id", "text")
      .addColumn("enrolled_at", "text", (c) => c.notNull())
      .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("completed", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("access_until", "text", (c) => c.notNull())
      .addUniqueConstraint("enrollments_order_course_uq", ["order_id", "course_id"])
      .execute();
    await db.schema.createIndex("enrollments_user_idx").on("enrollments").column("user_id").execute();

    await db.schema
      .createTable("payment_events")
      .addColumn("provider_event_id", "text", (c) => c.primaryKey())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("order_id", "text")
      .addColumn("received_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("rate_limits")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("points", "integer", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("chat_questions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("intent", "text", (c) => c.notNull())
      .addColumn("score", "double precision", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      "chat_questions",
      "rate_limits",
      "payment_events",
      "enrollments",
      "order_items",
      "orders",
      "course_editions",
      "courses",
      "user_settings",
      "password_resets",
      "sessions",
      "users",
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
