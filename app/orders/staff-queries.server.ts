/**
 * The staff's reads of the order list (/gestion/pedidos and its CSV export).
 * Apart from queries.server.ts, which holds the buyer's own views: these read
 * every buyer's orders. One order in full is staff-order-detail.server.ts.
 * Titles come from the lines copied at purchase.
 */
import { PostgresAdapter, sql, type NotNull, type SqlBool } from "kysely";
import type { Db } from "~/db/db.server.ts";
import { createdAtRange, ORDERS_PAGE_SIZE, PARTIALLY_REFUNDED, type OrderFilters } from "~/domain/order-filters.ts";

/** `text` as a LIKE pattern that matches it literally (with `escape '\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/gu, (c) => `\\${c}`);
}

/**
 * Case-insensitive "contains" on both databases (PostgreSQL's LIKE is
 * case-sensitive). Emails are stored lower-cased; lower() folds ASCII on both:
 * SQLite's does nothing else, and on PostgreSQL the "C" collation keeps it from
 * folding all of Unicode under the database's locale, five times slower a row
 * (a search of five years of orders: ~150 ms → ~30 ms).
 */
function containsInsensitive(db: Db, column: string, text: string) {
  const value =
    db.getExecutor().adapter instanceof PostgresAdapter ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);
  return sql<SqlBool>`lower(${value}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

/** Order ids are UUIDs; anything else from a URL is not looked up at all. */
export function isPlausibleOrderId(value: string): boolean {
  return /^[A-Za-z0-9-]{1,64}$/u.test(value);
}

/**
 * Could `text` occur in an order id? Ids are UUIDs (hex digits and dashes): a
 * search with any other character cannot match one, so ids are not scanned for it.
 */
export function couldBeInOrderId(text: string): boolean {
  return /^[0-9a-f-]+$/iu.test(text);
}

/**
 * The orders matching the filters, without the buyer's account: the search
 * looks accounts up by their own (small) table, so no row is joined to find them.
 */
function filteredOrders(db: Db, filters: OrderFilters) {
  const { fromIso, toIso } = createdAtRange(filters);
  let query = db.selectFrom("orders");
  // The badge decides: "paid" is Completado (nothing refunded), a partial refund is its own filter.
  if (filters.status === PARTIALLY_REFUNDED) {
    query = query.where("orders.status", "=", "paid").where("orders.refunded_cents", ">", 0);
  } else if (filters.status === "paid") {
    query = query.where("orders.status", "=", "paid").where("orders.refunded_cents", "=", 0);
  } else if (filters.status) query = query.where("orders.status", "=", filters.status);
  if (filters.method) query = query.where("orders.payment_method", "=", filters.method);
  if (fromIso) query = query.where("orders.created_at", ">=", fromIso);
  if (toIso) query = query.where("orders.created_at", "<", toIso);
  const courseId = filters.courseId;
  if (courseId) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("order_items")
          .select("order_items.id")
          .whereRef("order_items.order_id", "=", "orders.id")
          .where("order_items.course_id", "=", courseId),
      ),
    );
  }
  const q = filters.q;
  if (q) {
    query = query.where((eb) =>
      eb.or([
        containsInsensitive(db, "orders.email", q),
        eb(
          "orders.user_id",
          "in",
          eb
            .selectFrom("users")
            .select("users.id")
            .where(containsInsensitive(db, "users.email", q)),
        ),
        ...(couldBeInOrderId(q) ? [containsInsensitive(db, "orders.id", q)] : []),
      ]),
    );
  }
  return query;
}

export interface StaffOrderRow {
  id: string;
  createdAt: string;
  status: string;
  totalCents: number;
  refundedCents: number;
  paymentMethod: string;
  /** Through the demo gateway: no money was taken. */
  demo: boolean;
  buyerEmail: string;
  buyerName: string;
  courses: string[];
}

const rowColumns = [
  "orders.id",
  "orders.created_at",
  "orders.status",
  "orders.total_cents",
  "orders.refunded_cents",
  "orders.payment_method",
  "orders.provider",
  "orders.email",
  "users.email as user_email",
  "users.first_name",
  "users.last_name",
  "users.display_name",
] as const;

type RawRow = {
  id: string;
  created_at: string;
  status: string;
  total_cents: number;
  refunded_cents: number;
  payment_method: string;
  provider: string;
  email: string | null;
  user_email: string | null;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
};

async function withCourses(db: Db, rows: RawRow[]): Promise<StaffOrderRow[]> {
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom("order_items")
    .select(["order_id", "title"])
    .where(
      "order_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("id")
    .execute();
  const byOrder = Map.groupBy(items, (i) => i.order_id);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    status: r.status,
    totalCents: r.total_cents,
    refundedCents: r.refunded_cents,
    paymentMethod: r.payment_method,
    demo: r.provider === "demo",
    buyerEmail: r.email ?? r.user_email ?? "",
    buyerName: [r.first_name, r.last_name].filter(Boolean).join(" ") || r.display_name || "",
    courses: (byOrder.get(r.id) ?? []).map((i) => i.title),
  }));
}

export interface StaffOrderPage {
  rows: StaffOrderRow[];
  total: number;
  /** The page shown: the one asked for, or the last one when it was past the end. */
  page: number;
  pageCount: number;
}

/** The rows of these orders, newest first (ties broken by id), with their buyer and courses. */
async function rowsOf(db: Db, ids: string[]): Promise<StaffOrderRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("orders")
    .leftJoin("users", "users.id", "orders.user_id")
    .select(rowColumns)
    .where("orders.id", "in", ids)
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .execute();
  return withCourses(db, rows);
}

/**
 * The ids of one page, and how many orders match. Only ids are paged, so a deep
 * page skips index entries (created_at, id; or status first) rather than whole
 * rows. A search reads every order once, so it counts in the same pass.
 */
async function pageIds(
  db: Db,
  filters: OrderFilters,
  page: number,
): Promise<{ ids: string[]; total: number; shown: number }> {
  const idsAt = (shown: number) =>
    filteredOrders(db, filters)
      .select("orders.id")
      .orderBy("orders.created_at", "desc")
      .orderBy("orders.id", "desc")
      .limit(ORDERS_PAGE_SIZE)
      .offset((shown - 1) * ORDERS_PAGE_SIZE);
  const asked = Math.max(1, page);
  if (filters.q) {
    // Counted inside, sorted outside: the whole match is read once (no index walk that stops early can serve it).
    const rows = await db
      .selectFrom(
        filteredOrders(db, filters)
          .select(["orders.id", "orders.created_at", sql<number>`count(*) over ()`.as("n")])
          .as("found"),
      )
      .select(["found.id", "found.n"])
      .orderBy("found.created_at", "desc")
      .orderBy("found.id", "desc")
      .limit(ORDERS_PAGE_SIZE)
      .offset((asked - 1) * ORDERS_PAGE_SIZE)
      .execute();
    if (rows.length > 0) return { ids: rows.map((r) => r.id), total: Number(rows[0].n), shown: asked };
    if (asked === 1) return { ids: [], total: 0, shown: 1 };
  }
  const count = await filteredOrders(db, filters)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(count.n);
  const shown = Math.min(asked, Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)));
  if (total === 0) return { ids: [], total, shown };
  const rows = await idsAt(shown).execute();
  return { ids: rows.map((r) => r.id), total, shown };
}

/** One page of the filtered orders, newest first (ties broken by id, so pages never overlap). */
export async function listStaffOrders(db: Db, filters: OrderFilters, page: number): Promise<StaffOrderPage> {
  const { ids, total, shown } = await pageIds(db, filters, page);
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  return { rows: await rowsOf(db, ids), total, page: shown, pageCount };
}

/** Most rows one CSV export holds; a larger history is exported by narrowing the dates. */
export const MAX_EXPORT_ROWS = 50_000;

/**
 * The filtered orders in batches, newest first, for the CSV export: each batch
 * continues after the last row of the previous one (keyset), so memory stays
 * one batch however long the list.
 */
export async function* staffOrderBatches(
  db: Db,
  filters: OrderFilters,
  opts: { batchSize?: number; maxRows?: number } = {},
): AsyncGenerator<StaffOrderRow[]> {
  const batchSize = opts.batchSize ?? 500;
  let left = opts.maxRows ?? MAX_EXPORT_ROWS;
  let after: { createdAt: string; id: string } | null = null;
  while (left > 0) {
    let query = filteredOrders(db, filters);
    const cursor = after;
    if (cursor) {
      // The plain bound lets the (created_at, id) index start at the cursor instead of the newest order.
      query = query
        .where("orders.created_at", "<=", cursor.createdAt)
        .where((eb) =>
          eb.or([
            eb("orders.created_at", "<", cursor.createdAt),
            eb.and([eb("orders.created_at", "=", cursor.createdAt), eb("orders.id", "<", cursor.id)]),
          ]),
        );
    }
    const rows = await query
      .leftJoin("users", "users.id", "orders.user_id")
      .select(rowColumns)
      .orderBy("orders.created_at", "desc")
      .orderBy("orders.id", "desc")
      .limit(Math.min(batchSize, left))
      .execute();
    if (rows.length === 0) return;
    yield await withCourses(db, rows);
    left -= rows.length;
    const last = rows[rows.length - 1];
    after = { createdAt: last.created_at, id: last.id };
    if (rows.length < batchSize) return;
  }
}

/**
 * The courses that appear in orders (a course may have left the catalogue since), for the filter.
 * Only lines that sell a course (an appointment's deposit names a service: `order_items.service_id`).
 */
export async function listOrderedCourses(db: Db): Promise<{ id: string; title: string }[]> {
  return db
    .selectFrom("order_items")
    .where("course_id", "is not", null)
    .select(["course_id as id", (eb) => eb.fn.max("title").as("title")])
    .$narrowType<{ id: NotNull }>()
    .groupBy("course_id")
    .orderBy("title")
    .execute();
}
