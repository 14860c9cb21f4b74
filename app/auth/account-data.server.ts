import type { Db } from "~/db/db.server.ts";
import { nowIso } from "~/lib/ids.server.ts";
import type { SettingsKey } from "./schemas.ts";

export type UserSettings = Record<SettingsKey, boolean>;

const columns: Record<
  SettingsKey,
  "course_emails" | "progress_notifications" | "newsletter" | "public_profile" | "show_progress"
> = {
  courseEmails: "course_emails",
  progressNotifications: "progress_notifications",
  newsletter: "newsletter",
  publicProfile: "public_profile",
  showProgress: "show_progress",
};

/** Same defaults as the migration: service emails on, marketing and publicity off. */
export const defaultSettings: UserSettings = {
  courseEmails: true,
  progressNotifications: true,
  newsletter: false,
  publicProfile: false,
  showProgress: true,
};

export async function getSettings(db: Db, userId: string): Promise<UserSettings> {
  const row = await db.selectFrom("user_settings").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) return { ...defaultSettings };
  const out = { ...defaultSettings };
  for (const [key, col] of Object.entries(columns) as [SettingsKey, (typeof columns)[SettingsKey]][])
    out[key] = row[col] === 1;
  return out;
}

export async function saveSettings(db: Db, userId: string, s: UserSettings): Promise<void> {
  const values = {
    course_emails: s.courseEmails ? 1 : 0,
    progress_notifications: s.progressNotifications ? 1 : 0,
    newsletter: s.newsletter ? 1 : 0,
    public_profile: s.publicProfile ? 1 : 0,
    show_progress: s.showProgress ? 1 : 0,
    updated_at: nowIso(),
  };
  await db
    .insertInto("user_settings")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

export interface EnrollmentView {
  id: string;
  courseId: string;
  title: string;
  image: string | null;
  enrolledAt: string;
  progress: number;
  completed: boolean;
  accessUntil: string;
}

export async function listEnrollments(db: Db, userId: string): Promise<EnrollmentView[]> {
  const rows = await db
    .selectFrom("enrollments")
    .leftJoin("courses", "courses.id", "enrollments.course_id")
    // The title bought stays readable even if the course later leaves the catalogue.
    .leftJoin("order_items", (join) =>
      join
        .onRef("order_items.order_id", "=", "enrollments.order_id")
        .onRef("order_items.course_id", "=", "enrollments.course_id"),
    )
    .select([
      "order_items.title as purchased_title",
      "enrollments.id",
      "enrollments.course_id",
      "courses.title",
      "courses.image",
      "enrollments.enrolled_at",
      "enrollments.progress",
      "enrollments.completed",
      "enrollments.access_until",
    ])
    .where("enrollments.user_id", "=", userId)
    .orderBy("enrollments.enrolled_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    courseId: r.course_id,
    title: r.purchased_title ?? r.title ?? r.course_id,
    image: r.image,
    enrolledAt: r.enrolled_at,
    progress: r.progress,
    completed: r.completed === 1,
    accessUntil: r.access_until,
  }));
}

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
  items: { courseId: string; title: string; priceCents: number }[];
}

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
    items: items
      .filter((i) => i.order_id === o.id)
      .map((i) => ({ courseId: i.course_id, title: i.title, priceCents: i.price_cents })),
  }));
}

/** Everything we hold about the person (GDPR art. 15/20), never the password hash. */
export async function exportAccountData(db: Db, userId: string) {
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "display_name",
      "first_name",
      "last_name",
      "phone",
      "created_at",
      "last_login_at",
      "google_sub",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const sessions = await db
    .selectFrom("sessions")
    .select(["created_at", "expires_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
  return {
    exportedAt: nowIso(),
    account: {
      id: user.id,
      email: user.email,
      displayName: user.display_name,
      firstName: user.first_name,
      lastName: user.last_name,
      phone: user.phone,
      createdAt: user.created_at,
      lastLoginAt: user.last_login_at,
      googleLinked: user.google_sub !== null,
    },
    settings: await getSettings(db, userId),
    enrollments: await listEnrollments(db, userId),
    orders: await listOrders(db, userId),
    sessions: sessions.map((s) => ({ createdAt: s.created_at, expiresAt: s.expires_at })),
  };
}

/**
 * Erases the person: sessions, reset links, settings and enrollments go with
 * the user row (ON DELETE CASCADE). Orders are invoices that Spanish law
 * requires to keep, so they stay, detached and without the email.
 */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set({ user_id: null, email: null, updated_at: nowIso() })
      .where("user_id", "=", userId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("password_resets").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user_settings").where("user_id", "=", userId).execute();
    await trx.deleteFrom("enrollments").where("user_id", "=", userId).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
  });
}
