/**
 * Data for the staff order and attendee tests: their own courses and editions
 * (never the seeded catalogue), orders inserted as checkout leaves them and paid
 * through the real fulfilment, and a signed-in staff member's router context.
 */
import { insertSession } from "~/auth/session.server.ts";
import { provideStaff } from "~/auth/user-context.server.ts";
import type { Db, DbKind } from "~/db/db.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { makeContext, makeUser } from "../helpers/accounts.ts";

export async function insertCourse(db: Db, id: string, title: string, priceCents: number): Promise<void> {
  await db
    .insertInto("courses")
    .values({
      id,
      title,
      category: "iniciacion",
      description: "Curso de prueba",
      price_cents: priceCents,
      original_price_cents: priceCents,
      duration: "20 horas",
      class_size: 10,
      level: "Iniciación",
      rating: 0,
      reviews: 0,
      features: "[]",
      image: "course-formacion-inicio",
      highlighted: 0,
      active: 1,
      sort_order: 90,
      updated_at: null,
    })
    .execute();
}

export async function insertEdition(
  db: Db,
  e: {
    id: string;
    courseId: string;
    startsOn: string;
    endsOn?: string | null;
    seats?: number;
    schedule?: string;
    status?: string;
  },
): Promise<void> {
  await db
    .insertInto("course_editions")
    .values({
      id: e.id,
      course_id: e.courseId,
      starts_on: e.startsOn,
      ends_on: e.endsOn ?? null,
      seats: e.seats ?? 10,
      seats_taken: 0,
      status: e.status ?? "open",
      schedule: e.schedule ?? "",
      updated_at: null,
      cancelled_at: null,
    })
    .execute();
}

export interface Line {
  courseId: string;
  title: string;
  priceCents: number;
  editionId?: string | null;
  startsOn?: string | null;
  endsOn?: string | null;
}

/** A pending order as checkout creates it (lines copied), at a chosen time. */
export async function insertOrder(
  db: Db,
  o: {
    user: { id: string; email: string };
    lines: Line[];
    createdAt: string;
    method?: string;
    provider?: string;
    status?: string;
    id?: string;
  },
): Promise<string> {
  const id = o.id ?? newId();
  const total = o.lines.reduce((sum, l) => sum + l.priceCents, 0);
  await db
    .insertInto("orders")
    .values({
      id,
      user_id: o.user.id,
      email: o.user.email,
      status: o.status ?? "pending",
      total_cents: total,
      currency: "eur",
      payment_method: o.method ?? "card",
      provider: o.provider ?? "stripe",
      provider_session_id: `cs_${id}`,
      withdrawal_waiver_at: null,
      created_at: o.createdAt,
      updated_at: o.createdAt,
      paid_at: null,
      checkout_key: null,
      checkout_completed_at: null,
      confirmation_sent_at: null,
    })
    .execute();
  await db
    .insertInto("order_items")
    .values(
      o.lines.map((l, i) => ({
        id: `${i}-${newId()}`,
        order_id: id,
        course_id: l.courseId,
        edition_id: l.editionId ?? null,
        title: l.title,
        price_cents: l.priceCents,
        edition_starts_on: l.startsOn ?? null,
        edition_ends_on: l.endsOn ?? null,
      })),
    )
    .execute();
  return id;
}

/** Paid through the real fulfilment: payment event, enrolments, seats and the confirmation job. */
export async function payOrder(db: Db, orderId: string, now = new Date()) {
  return fulfilOrder(db, { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId, now });
}

/** A staff member (or owner) signed in with the second factor, in a router context as the staff layout leaves it. */
export async function staffContext(
  db: Db,
  kind: DbKind,
  email: string,
  role: "staff" | "owner" | "customer" = "staff",
) {
  const user = await makeUser(db, email);
  await db.updateTable("users").set({ role }).where("id", "=", user.id).execute();
  const token = await insertSession(db, user.id);
  await db
    .updateTable("sessions")
    .set({ second_factor_at: new Date().toISOString() })
    .where("user_id", "=", user.id)
    .execute();
  const { context, services } = makeContext(db, kind);
  const cookie = `an_session=${token}`;
  await provideStaff(new Request("http://localhost/gestion", { headers: { cookie } }), context);
  return { user, context, services, cookie };
}

/** The HTTP status a loader or action threw (data() or a Response), or 200 when it returned. */
export async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const value = await run();
    if (value instanceof Response) return value.status;
    const init = (value as { init?: { status?: number } | null } | null)?.init;
    return init?.status ?? 200;
  } catch (err) {
    if (err instanceof Response) return err.status;
    const init = (err as { init?: { status?: number } | null } | null)?.init;
    if (init?.status) return init.status;
    throw err;
  }
}
