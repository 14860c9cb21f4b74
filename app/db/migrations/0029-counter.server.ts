import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The counter (caja, issue 35): what the salon charges in person, as a new
 * kind of sale ("counter" in `orders.kind`, app/orders/kinds/counter.server.ts).
 *
 * - `products`: the small shop at the counter. Price VAT included, its VAT
 *   rate in basis points, stock (goes down on sale, up on return; below zero
 *   only where `allow_negative_stock` says so), optional unique barcode.
 * - `counter_sales`: a sale being put together (`draft`, kept across reloads:
 *   never half an invoice), then `charged` (its paid order in `order_id`) or
 *   `discarded`. At most one live sale per appointment (the partial unique
 *   index): two staff charging the same appointment make one sale. `version`
 *   rises with every edit of a draft. The sale-wide discount, the deposit paid
 *   online that it deducts, the tip (apart from what is invoiced), the buyer's
 *   billing details for a factura completa (JSON), and the cash day it counts in.
 * - `counter_sale_lines`: its lines — a service, a product or a manual line —
 *   with the catalogue price and the price charged (a change needs a reason),
 *   a line discount with its reason, the quantity and VAT rate.
 * - `counter_payments`: how a charged sale was paid: cash (with what was
 *   handed over), card on the salon's own terminal, Bizum; several for a split.
 * - `counter_returns`: money given back at the counter for a charged sale (a
 *   refund row and its rectificativa), with the method and the cash day.
 * - `cash_days`: each day's till — the opening float, then the close: the cash
 *   expected, the count by denominations (JSON), the difference and its note.
 *   A closed day is frozen; the owner may reopen it with a reason (audited).
 * - `cash_movements`: cash put in or taken out of the till, with a reason.
 * - `order_items.product_id`, `order_items.quantity`: what a counter line sells.
 * - `professionals.commission_bp`, `services.commission_bp`: the owner's
 *   commission rates (a service's rate wins over the professional's).
 */
export const counter: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("products")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_ca", "text")
      .addColumn("price_cents", "integer", (c) => c.notNull())
      .addColumn("vat_rate_bp", "integer", (c) => c.notNull().defaultTo(2100))
      .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("allow_negative_stock", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("barcode", "text")
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("products_barcode_idx")
      .on("products")
      .column("barcode")
      .unique()
      .where(sql.ref("barcode"), "is not", null)
      .execute();

    await db.schema
      .createTable("counter_sales")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("appointment_id", "text", (c) => c.references("appointments.id").onDelete("set null"))
      .addColumn("client_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("client_name", "text")
      .addColumn("client_email", "text")
      .addColumn("locale", "text", (c) => c.notNull().defaultTo("es"))
      .addColumn("professional_id", "text", (c) => c.references("professionals.id").onDelete("set null"))
      .addColumn("discount_kind", "text")
      .addColumn("discount_value", "integer")
      .addColumn("discount_reason", "text")
      .addColumn("deposit_order_id", "text")
      .addColumn("deposit_cents", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("tip_cents", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("billing", "text")
      .addColumn("order_id", "text", (c) => c.unique())
      .addColumn("cash_day", "text")
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("charged_at", "text")
      .addColumn("charged_by", "text")
      .execute();
    await db.schema
      .createIndex("counter_sales_appointment_idx")
      .on("counter_sales")
      .column("appointment_id")
      .unique()
      .where(sql.ref("status"), "in", sql`('draft', 'charged')`)
      .execute();
    await db.schema.createIndex("counter_sales_day_idx").on("counter_sales").columns(["cash_day", "status"]).execute();
    await db.schema
      .createIndex("counter_sales_status_idx")
      .on("counter_sales")
      .columns(["status", "updated_at"])
      .execute();

    await db.schema
      .createTable("counter_sale_lines")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("sale_id", "text", (c) => c.notNull().references("counter_sales.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("service_id", "text")
      .addColumn("product_id", "text")
      .addColumn("professional_id", "text")
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("list_price_cents", "integer", (c) => c.notNull())
      .addColumn("unit_price_cents", "integer", (c) => c.notNull())
      .addColumn("price_reason", "text")
      .addColumn("discount_cents", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("discount_reason", "text")
      .addColumn("vat_rate_bp", "integer", (c) => c.notNull().defaultTo(2100))
      .addColumn("order_item_id", "text")
      .execute();
    await db.schema
      .createIndex("counter_sale_lines_sale_idx")
      .on("counter_sale_lines")
      .columns(["sale_id", "position"])
      .execute();

    await db.schema
      .createTable("counter_payments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("sale_id", "text", (c) => c.notNull().references("counter_sales.id").onDelete("cascade"))
      .addColumn("method", "text", (c) => c.notNull())
      .addColumn("amount_cents", "integer", (c) => c.notNull())
      .addColumn("tendered_cents", "integer")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("counter_payments_sale_idx").on("counter_payments").column("sale_id").execute();

    await db.schema
      .createTable("counter_returns")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("sale_id", "text", (c) => c.notNull().references("counter_sales.id"))
      .addColumn("refund_id", "text", (c) => c.notNull().unique())
      .addColumn("method", "text", (c) => c.notNull())
      .addColumn("amount_cents", "integer", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("lines", "text", (c) => c.notNull())
      .addColumn("cash_day", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("counter_returns_day_idx").on("counter_returns").column("cash_day").execute();

    await db.schema
      .createTable("cash_days")
      .addColumn("day", "text", (c) => c.primaryKey())
      .addColumn("opening_float_cents", "integer", (c) => c.notNull())
      .addColumn("opened_at", "text", (c) => c.notNull())
      .addColumn("opened_by", "text", (c) => c.notNull())
      .addColumn("closed_at", "text")
      .addColumn("closed_by", "text")
      .addColumn("expected_cents", "integer")
      .addColumn("counted_cents", "integer")
      .addColumn("counted_detail", "text")
      .addColumn("difference_cents", "integer")
      .addColumn("note", "text")
      .addColumn("reopen_count", "integer", (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("cash_movements")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("direction", "text", (c) => c.notNull())
      .addColumn("amount_cents", "integer", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("cash_movements_day_idx").on("cash_movements").column("day").execute();

    await db.schema.alterTable("order_items").addColumn("product_id", "text").execute();
    await db.schema
      .alterTable("order_items")
      .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable("professionals").addColumn("commission_bp", "integer").execute();
    await db.schema.alterTable("services").addColumn("commission_bp", "integer").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("services").dropColumn("commission_bp").execute();
    await db.schema.alterTable("professionals").dropColumn("commission_bp").execute();
    await db.schema.alterTable("order_items").dropColumn("quantity").execute();
    await db.schema.alterTable("order_items").dropColumn("product_id").execute();
    for (const table of [
      "cash_movements",
      "cash_days",
      "counter_returns",
      "counter_payments",
      "counter_sale_lines",
      "counter_sales",
      "products",
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
