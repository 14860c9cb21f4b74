/**
 * Every read of a buyer's orders and enrolments: the profile's purchase and course
 * lists, /mis-cursos, the data export and the cancel page. Titles and edition dates
 * come from the order lines copied at purchase (order_items), so a course that
 * later leaves the catalogue still shows what was bought.
 */
import { listOrderInvoices } from "~/invoices/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import { coursesKind } from "./kinds/courses.server.ts";

export interface OrderView {
  id: string;
  status: string;
  totalCents: number;
  currency: string;
  paymentMethod: string;
  createdAt: string;
  paidAt: string | null;
  refundedCents: number;
  /** Paid through the demo gateway: no money was taken. */
  demo: boolean;
  /** The kind of sale (app/orders/kinds): courses | deposit (an appointment's señal). */
  kind: string;
  /** `courseId`: null on a line that sells something else (a deposit's service). */
  items: { courseId: string | null; title: string; priceCents: number }[];
  /** The order's invoice and rectificativas, in issue order (issue 13); on a demo sale, its demo documents (`demo`). */
  invoices: { id: string; number: string; kind: string; demo: boolean }[];
}

/** The buyer's orders, newest first, each with its lines. */
export async function listOrders(db: Db, userId: string): Promise<OrderView[]> {
  const orders = await db
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "total_cents",
      "currency",
      "payment_method",
      "created_at",
      "paid_at",
      "refunded_cents",
      "provider",
      "kind",
    ])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom("order_items")
    .select(["order_id", "course_id", "title", "price_cents"])
    .where(
      "order_id",
      "in",
      orders.map((o) => o.id),
    )
    .execute();
  const itemsByOrder = Map.groupBy(items, (i) => i.order_id);
  const invoicesByOrder = Map.groupBy(
    await listOrderInvoices(
      db,
      orders.map((o) => o.id),
    ),
    (i) => i.order_id,
  );
  return orders.map((o) => ({
    id: o.id,
    status: o.status,
    totalCents: o.total_cents,
    currency: o.currency,
    paymentMethod: o.payment_method,
    createdAt: o.created_at,
    paidAt: o.paid_at,
    refundedCents: o.refunded_cents,
    demo: o.provider === "demo",
    kind: o.kind,
    items: (itemsByOrder.get(o.id) ?? []).map((i) => ({
      courseId: i.course_id,
      title: i.title,
      priceCents: i.price_cents,
    })),
    invoices: (invoicesByOrder.get(o.id) ?? []).map((i) => ({
      id: i.id,
      number: i.full_number,
      kind: i.kind,
      demo: i.demo === 1,
    })),
  }));
}

/** The buyer's latest order created at or after `since` (ISO), or undefined. */
export async function latestOrderSince(
  db: Db,
  userId: string,
  since: string,
): Promise<{ id: string; status: string } | undefined> {
  return db
    .selectFrom("orders")
    .select(["id", "status"])
    .where("user_id", "=", userId)
    .where("kind", "=", coursesKind.id)
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export interface MyCourse {
  enrollmentId: string;
  courseId: string;
  orderId: string;
  title: string;
  /** Catalogue image name, null when the course is no longer in the catalogue. */
  image: string | null;
  duration: string | null;
  enrolledAt: string;
  accessUntil: string;
  editionStartsOn: string | null;
  editionEndsOn: string | null;
  /** Set once the enrolment stopped giving a place (refund, duplicate). */
  endedAt: string | null;
}

/**
 * The buyer's enrolments, newest first, each with the edition dates of the line
 * that bought it: /mis-cursos and the profile's course list show the active ones;
 * the data export asks for every one (`includeEnded`). The title is the line's,
 * as bought; the duration is the catalogue's, in `locale` where the course has
 * that text (Spanish otherwise, as the catalogue pages fall back).
 */
export async function listMyCourses(
  db: Db,
  userId: string,
  opts: { includeEnded?: boolean; locale?: Locale } = {},
): Promise<MyCourse[]> {
  let query = db
    .selectFrom("enrollments")
    .innerJoin("order_items", (join) =>
      join
        .onRef("order_items.order_id", "=", "enrollments.order_id")
        .onRef("order_items.course_id", "=", "enrollments.course_id"),
    )
    .leftJoin("courses", "courses.id", "enrollments.course_id")
    .select([
      "enrollments.id as enrollmentId",
      "enrollments.course_id as courseId",
      "enrollments.order_id as orderId",
      "order_items.title as title",
      "courses.image as image",
      "courses.duration as duration",
      "courses.duration_ca as durationCa",
      "enrollments.enrolled_at as enrolledAt",
      "enrollments.access_until as accessUntil",
      "order_items.edition_starts_on as editionStartsOn",
      "order_items.edition_ends_on as editionEndsOn",
      "enrollments.ended_at as endedAt",
    ])
    .where("enrollments.user_id", "=", userId);
  // A refunded or duplicate enrolment no longer gives a place.
  if (!opts.includeEnded) query = query.where("enrollments.ended_at", "is", null);
  const rows = await query.orderBy("enrollments.enrolled_at", "desc").orderBy("order_items.id").execute();
  return rows.map(({ durationCa, ...row }) => ({
    ...row,
    duration: opts.locale === "ca" && durationCa?.trim() ? durationCa : row.duration,
  }));
}

/**
 * Ids of the courses the buyer has an active place in (access not over, not
 * ended by a refund): the catalogue shows them as "Ya estás inscrita" and the
 * cart drops them. The same rule createOrder uses to refuse a second purchase.
 */
export async function listEnrolledCourseIds(db: Db, userId: string, now: Date = new Date()): Promise<string[]> {
  const rows = await db
    .selectFrom("enrollments")
    .select("course_id")
    .distinct()
    .where("user_id", "=", userId)
    .where("access_until", ">", now.toISOString())
    .where("ended_at", "is", null)
    .execute();
  return rows.map((r) => r.course_id);
}
