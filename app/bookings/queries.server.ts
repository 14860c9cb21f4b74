/**
 * Every read of appointments as a whole (issue 15): one appointment with its
 * services (the client's pages, the emails, the staff's appointment page, the
 * writes that need its current state) and the client's list in Mis citas. The
 * diary's range reads and the client card are in diary.server.ts and
 * diary-detail.server.ts.
 */
import type { Db } from "~/db/db.server.ts";
import { isOpenStatus } from "~/domain/appointment-status.ts";
import type { DepositState } from "~/domain/deposit.ts";
import type { Locale } from "~/i18n/locales.ts";

interface AppointmentService {
  serviceId: string;
  name: string;
  durationMin: number;
  bufferMin: number;
  priceCents: number;
  priceFrom: boolean;
}

export interface Appointment {
  id: string;
  professionalId: string;
  professionalName: string;
  userId: string | null;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  comment: string;
  /** online | staff */
  source: string;
  /** held | confirmed | cancelled | expired | attended | no_show */
  status: string;
  startsAt: string;
  endsAt: string;
  holdExpiresAt: string | null;
  priceCents: number;
  priceFrom: boolean;
  createdAt: string;
  updatedAt: string;
  confirmedAt: string | null;
  cancelledAt: string | null;
  /** client | staff | null */
  cancelledBy: string | null;
  services: AppointmentService[];
  /** The señal paid (or to pay) online for it; null when none was asked (0013). */
  deposit: AppointmentDeposit | null;
  /** The language it was booked in (0027): its emails are to be written in it. */
  locale: Locale;
}

interface AppointmentDeposit {
  cents: number;
  state: DepositState;
}

function depositOf(r: Row): AppointmentDeposit | null {
  if (!r.deposit_order_id) return null;
  const cents = Number(r.deposit_total_cents);
  const refunded = Number(r.deposit_refunded_cents ?? 0);
  const state =
    r.deposit_status === "refunded" || (r.deposit_status === "paid" && refunded >= cents)
      ? "refunded"
      : r.deposit_status === "paid"
        ? Number(r.deposit_refunds_pending ?? 0) > 0
          ? "refund-pending"
          : "paid"
        : "unpaid";
  return { cents, state };
}

/** What a page opened by a link (not by a signed-in owner) may show: no contact details. */
export type PublicAppointment = Omit<Appointment, "userId" | "clientName" | "clientEmail" | "clientPhone" | "comment">;

export function withoutClientData(a: Appointment): PublicAppointment {
  const { userId: _u, clientName: _n, clientEmail: _e, clientPhone: _p, comment: _c, ...rest } = a;
  return rest;
}

function base(db: Db) {
  return db
    .selectFrom("appointments")
    .innerJoin("professionals", "professionals.id", "appointments.professional_id")
    .leftJoin("orders", "orders.appointment_id", "appointments.id")
    .selectAll("appointments")
    .select([
      "professionals.name as professional_name",
      "orders.id as deposit_order_id",
      "orders.status as deposit_status",
      "orders.total_cents as deposit_total_cents",
      "orders.refunded_cents as deposit_refunded_cents",
    ])
    .select((eb) =>
      eb
        .selectFrom("refunds")
        .select((rb) => rb.fn.countAll().as("n"))
        .whereRef("refunds.order_id", "=", "orders.id")
        .where("refunds.status", "=", "pending")
        .as("deposit_refunds_pending"),
    );
}

type Row = Awaited<ReturnType<ReturnType<typeof base>["execute"]>>[number];

/**
 * The language the services are named in: the staff's Spanish (the default), a
 * page's language, or "booked": each appointment's own (its emails and calendar
 * file). The name is the one stored when it was booked; a Catalan reader gets
 * the service's Catalan name when staff wrote one.
 */
export type ServiceNamesIn = Locale | "booked";

async function withServices(db: Db, rows: Row[], namesIn: ServiceNamesIn = "es"): Promise<Appointment[]> {
  if (rows.length === 0) return [];
  const services = await db
    .selectFrom("appointment_services")
    .leftJoin("services", "services.id", "appointment_services.service_id")
    .selectAll("appointment_services")
    .select("services.name_ca")
    .where(
      "appointment_services.appointment_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("appointment_services.appointment_id")
    .orderBy("appointment_services.position")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    professionalId: r.professional_id,
    professionalName: r.professional_name,
    userId: r.user_id,
    clientName: r.client_name,
    clientEmail: r.client_email,
    clientPhone: r.client_phone,
    comment: r.client_comment,
    source: r.source,
    status: r.status,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    holdExpiresAt: r.hold_expires_at,
    priceCents: Number(r.price_cents),
    priceFrom: Number(r.price_from) === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    confirmedAt: r.confirmed_at,
    cancelledAt: r.cancelled_at,
    cancelledBy: r.cancelled_by,
    locale: r.locale,
    services: services
      .filter((s) => s.appointment_id === r.id)
      .map((s) => ({
        serviceId: s.service_id,
        name: (namesIn === "booked" ? r.locale : namesIn) === "ca" && s.name_ca?.trim() ? s.name_ca.trim() : s.name,
        durationMin: Number(s.duration_min),
        bufferMin: Number(s.buffer_min),
        priceCents: Number(s.price_cents),
        priceFrom: Number(s.price_from) === 1,
      })),
    deposit: depositOf(r),
  }));
}

export async function getAppointment(
  db: Db,
  id: string,
  options: { namesIn?: ServiceNamesIn } = {},
): Promise<Appointment | null> {
  const rows = await base(db).where("appointments.id", "=", id).execute();
  return (await withServices(db, rows, options.namesIn))[0] ?? null;
}

/** Her appointments (not the lapsed holds), upcoming first by start, then past ones latest first. */
export async function listUserAppointments(
  db: Db,
  userId: string,
  now: Date,
  namesIn: ServiceNamesIn = "es",
): Promise<{ upcoming: Appointment[]; past: Appointment[] }> {
  const rows = await base(db)
    .where("appointments.user_id", "=", userId)
    .where("appointments.status", "!=", "expired")
    .orderBy("appointments.starts_at", "desc")
    .limit(200)
    .execute();
  const all = await withServices(db, rows, namesIn);
  const nowIso = now.toISOString();
  const upcoming = (a: Appointment) => a.startsAt > nowIso && isOpenStatus(a.status);
  return { upcoming: all.filter(upcoming).reverse(), past: all.filter((a) => !upcoming(a)) };
}
