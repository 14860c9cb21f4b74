/**
 * The staff's reads of orders (/gestion/pedidos and its CSV export, the order
 * detail). Apart from queries.server.ts, which holds the buyer's own views: these
 * read every buyer's orders, and the detail gathers what the back office needs
 * about one order — its payment events and the outbox emails about it — in one
 * place. Titles and edition dates come from the lines copied at purchase.
 */
import { sql, type SqlBool } from "kysely";
import type { Db } from "~/db/db.server.ts";
import { createdAtRange, ORDERS_PAGE_SIZE, type OrderFilters } from "~/domain/order-filters.ts";
import { EMAIL_JOB_PREFIX } from "~/mail/email-jobs.server.ts";
import { parsePayload } from "~/jobs/queue.server.ts";
import { getOrderWithItems } from "./orders.server.ts";
import { listRefunds } from "./refunds.server.ts";

/** `text` as a LIKE pattern that matches it literally (with `escape '\'`). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/gu, (c) => `\\${c}`);
}

/** Case-insensitive "contains" on both databases (PostgreSQL's LIKE is case-sensitive). */
function containsInsensitive(column: string, text: string) {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

/** Order ids are UUIDs; anything else from a URL is not looked up at all. */
export function isPlausibleOrderId(value: string): boolean {
  return /^[A-Za-z0-9-]{1,64}$/u.test(value);
}

function filteredOrders(db: Db, filters: OrderFilters) {
  const { fromIso, toIso } = createdAtRange(filters);
  let query = db.selectFrom("orders").leftJoin("users", "users.id", "orders.user_id");
  if (filters.status) query = query.where("orders.status", "=", filters.status);
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
        containsInsensitive("orders.email", q),
        containsInsensitive("users.email", q),
        containsInsensitive("orders.id", q),
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

/** One page of the filtered orders, newest first (ties broken by id, so pages never overlap). */
export async function listStaffOrders(db: Db, filters: OrderFilters, page: number): Promise<StaffOrderPage> {
  const count = await filteredOrders(db, filters)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(count.n);
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const shown = Math.min(Math.max(1, page), pageCount);
  const rows = await filteredOrders(db, filters)
    .select(rowColumns)
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(ORDERS_PAGE_SIZE)
    .offset((shown - 1) * ORDERS_PAGE_SIZE)
    .execute();
  return { rows: await withCourses(db, rows), total, page: shown, pageCount };
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
      query = query.where((eb) =>
        eb.or([
          eb("orders.created_at", "<", cursor.createdAt),
          eb.and([eb("orders.created_at", "=", cursor.createdAt), eb("orders.id", "<", cursor.id)]),
        ]),
      );
    }
    const rows = await query
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

/** The courses that appear in orders (a course may have left the catalogue since), for the filter. */
export async function listOrderedCourses(db: Db): Promise<{ id: string; title: string }[]> {
  const rows = await db
    .selectFrom("order_items")
    .select(["course_id as id", (eb) => eb.fn.max("title").as("title")])
    .groupBy("course_id")
    .orderBy("title")
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title }));
}

export interface StaffOrderDetail {
  order: {
    id: string;
    status: string;
    totalCents: number;
    refundedCents: number;
    paymentMethod: string;
    provider: string;
    demo: boolean;
    email: string | null;
    createdAt: string;
    updatedAt: string;
    paidAt: string | null;
    checkoutCompletedAt: string | null;
    confirmationSentAt: string | null;
    withdrawalWaiverAt: string | null;
  };
  /** The account behind the order; null once the buyer deleted it. */
  buyer: { name: string; email: string; phone: string } | null;
  items: { id: string; title: string; priceCents: number; editionStartsOn: string | null; editionEndsOn: string | null }[];
  events: { id: string; type: string; receivedAt: string }[];
  emails: { id: string; kind: string; status: string; attempts: number; lastError: string | null; createdAt: string; doneAt: string | null }[];
  refunds: { id: string; amountCents: number; reason: string; status: string; createdAt: string; completedAt: string | null }[];
}

/** Everything the detail page shows about one order, or null for an unknown id. */
export async function getStaffOrderDetail(db: Db, orderId: string): Promise<StaffOrderDetail | null> {
  if (!isPlausibleOrderId(orderId)) return null;
  const found = await getOrderWithItems(db, orderId);
  if (!found) return null;
  const { order, items } = found;
  const [user, events, refunds] = await Promise.all([
    order.user_id
      ? db
          .selectFrom("users")
          .select(["email", "first_name", "last_name", "display_name", "phone"])
          .where("id", "=", order.user_id)
          .executeTakeFirst()
      : undefined,
    db
      .selectFrom("payment_events")
      .select(["provider_event_id", "type", "received_at"])
      .where("order_id", "=", order.id)
      .orderBy("received_at")
      .execute(),
    listRefunds(db, order.id),
  ]);
  // Emails name their order (confirmation) or one of its refunds (refund notice) in the payload.
  const refs = [
    ["orderId", order.id],
    ...refunds.map((r) => ["refundId", r.id]),
  ] as const;
  const jobs = await db
    .selectFrom("jobs")
    .select(["id", "kind", "payload", "status", "attempts", "last_error", "created_at", "done_at"])
    .where("kind", "like", `${EMAIL_JOB_PREFIX}%`)
    .where((eb) =>
      eb.or(refs.map(([key, id]) => sql<SqlBool>`payload like ${`%${escapeLike(JSON.stringify({ [key]: id }).slice(1, -1))}%`} escape '\\'`)),
    )
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const emails = jobs.filter((j) => {
    const payload = parsePayload(j);
    return refs.some(([key, id]) => payload[key] === id);
  });
  return {
    order: {
      id: order.id,
      status: order.status,
      totalCents: order.total_cents,
      refundedCents: order.refunded_cents,
      paymentMethod: order.payment_method,
      provider: order.provider,
      demo: order.provider === "demo",
      email: order.email,
      createdAt: order.created_at,
      updatedAt: order.updated_at,
      paidAt: order.paid_at,
      checkoutCompletedAt: order.checkout_completed_at,
      confirmationSentAt: order.confirmation_sent_at,
      withdrawalWaiverAt: order.withdrawal_waiver_at,
    },
    buyer: user
      ? {
          name: [user.first_name, user.last_name].filter(Boolean).join(" ") || user.display_name,
          email: user.email,
          phone: user.phone,
        }
      : null,
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      priceCents: i.price_cents,
      editionStartsOn: i.edition_starts_on,
      editionEndsOn: i.edition_ends_on,
    })),
    events: events.map((e) => ({ id: e.provider_event_id, type: e.type, receivedAt: e.received_at })),
    emails: emails.map((j) => ({
      id: j.id,
      kind: j.kind,
      status: j.status,
      attempts: j.attempts,
      lastError: j.last_error,
      createdAt: j.created_at,
      doneAt: j.done_at,
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      reason: r.reason,
      status: r.status,
      createdAt: r.created_at,
      completedAt: r.completed_at,
    })),
  };
}
