/**
 * The client's views of her appointments (issue 15): one appointment (the
 * pages after booking, the emailed link) and her list in Mis citas. The
 * staff's reads (diary, client card) are in diary.server.ts.
 */
import type { Db } from "~/db/db.server.ts";
import { isOpenStatus } from "~/domain/appointment-status.ts";

export interface AppointmentView {
  id: string;
  status: string;
  startsAt: string;
  endsAt: string;
  holdExpiresAt: string | null;
  professionalId: string;
  professionalName: string;
  services: { id: string; name: string; durationMin: number; priceCents: number; priceFrom: boolean }[];
  priceCents: number;
  priceFrom: boolean;
  userId: string | null;
  clientEmail: string;
  comment: string;
}

const columns = [
  "appointments.id",
  "appointments.status",
  "appointments.starts_at",
  "appointments.ends_at",
  "appointments.hold_expires_at",
  "appointments.professional_id",
  "professionals.name as professional_name",
  "appointments.price_cents",
  "appointments.price_from",
  "appointments.user_id",
  "appointments.client_email",
  "appointments.client_comment",
] as const;

type Row = Awaited<ReturnType<ReturnType<typeof base>["execute"]>>[number];

async function views(db: Db, rows: Row[]): Promise<AppointmentView[]> {
  if (rows.length === 0) return [];
  const services = await db
    .selectFrom("appointment_services")
    .select(["appointment_id", "service_id", "name", "duration_min", "price_cents", "price_from"])
    .where(
      "appointment_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("appointment_id")
    .orderBy("position")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    holdExpiresAt: r.hold_expires_at,
    professionalId: r.professional_id,
    professionalName: r.professional_name,
    services: services
      .filter((s) => s.appointment_id === r.id)
      .map((s) => ({
        id: s.service_id,
        name: s.name,
        durationMin: Number(s.duration_min),
        priceCents: Number(s.price_cents),
        priceFrom: Number(s.price_from) === 1,
      })),
    priceCents: Number(r.price_cents),
    priceFrom: Number(r.price_from) === 1,
    userId: r.user_id,
    clientEmail: r.client_email,
    comment: r.client_comment,
  }));
}

function base(db: Db) {
  return db
    .selectFrom("appointments")
    .innerJoin("professionals", "professionals.id", "appointments.professional_id")
    .select(columns);
}

export async function getAppointmentView(db: Db, id: string): Promise<AppointmentView | null> {
  const rows = await base(db).where("appointments.id", "=", id).execute();
  return (await views(db, rows))[0] ?? null;
}

/** Her appointments (not the lapsed holds), upcoming first by start, then past ones latest first. */
export async function listUserAppointments(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ upcoming: AppointmentView[]; past: AppointmentView[] }> {
  const rows = await base(db)
    .where("appointments.user_id", "=", userId)
    .where("appointments.status", "!=", "expired")
    .orderBy("appointments.starts_at", "desc")
    .limit(200)
    .execute();
  const all = await views(db, rows);
  const nowIso = now.toISOString();
  const upcoming = (a: AppointmentView) => a.startsAt > nowIso && isOpenStatus(a.status);
  return { upcoming: all.filter(upcoming).reverse(), past: all.filter((a) => !upcoming(a)) };
}
