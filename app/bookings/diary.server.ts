/**
 * The staff's reads of the diary (Gestión → Agenda, issue 15): the
 * appointments of a range of days with their services and professional, the
 * working hours and time off of that range, and the rules the staff book by.
 * The one home of these reads; one appointment in full and the client card are
 * in diary-detail.server.ts. Writes are in appointments.server.ts and
 * appointment-changes.server.ts.
 */
import type { Db } from "~/db/db.server.ts";
import type { BookingRules } from "~/domain/booking-rules.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { getBookingSettings } from "./booking-settings.server.ts";
import { takesTimeWhere } from "./slots.server.ts";

interface DiaryProfessional {
  id: string;
  name: string;
}

export interface DiaryAppointment {
  id: string;
  professionalId: string;
  professionalName: string;
  /** The name only: contact details are on the appointment's page, not in every diary block. */
  clientName: string;
  startsAt: string;
  endsAt: string;
  status: string;
  /** Service names in the order they are performed. */
  services: string[];
  /** Charged at the counter (app/counter). */
  charged: boolean;
}

interface DiaryWorkingRange {
  professionalId: string;
  weekday: number;
  startMin: number;
  endMin: number;
}

interface DiaryTimeOff {
  id: string;
  /** null: the whole salon is closed. */
  professionalId: string | null;
  startsAt: string;
  endsAt: string;
  reason: string;
}

export interface DiaryRange {
  professionals: DiaryProfessional[];
  appointments: DiaryAppointment[];
  workingHours: DiaryWorkingRange[];
  timeOff: DiaryTimeOff[];
}

/**
 * The rules for bookings and moves the staff make: the salon's horizon, but
 * no minimum notice (a client who walks in may be booked for now).
 */
export async function staffBookingRules(db: Db): Promise<BookingRules> {
  // getBookingSettings already falls back to the defaults for a missing or unreadable row.
  return { ...(await getBookingSettings(db)).rules, noticeMinutes: 0 };
}

/** Active professionals, in the salon's order. */
export async function listDiaryProfessionals(db: Db): Promise<DiaryProfessional[]> {
  return db
    .selectFrom("professionals")
    .select(["id", "name"])
    .where("active", "=", 1)
    .orderBy("sort_order")
    .orderBy("name")
    .execute();
}

/** Service names of these appointments, in order, by appointment id. */
export async function servicesOf(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("appointment_services")
    .select(["appointment_id", "name"])
    .where("appointment_id", "in", [...ids])
    .orderBy("appointment_id")
    .orderBy("position")
    .execute();
  for (const r of rows) out.set(r.appointment_id, [...(out.get(r.appointment_id) ?? []), r.name]);
  return out;
}

/** Longer than any appointment (one day's opening hours at most): bounds the diary's range read. */
const LONGEST_APPOINTMENT_MS = 24 * 60 * 60 * 1000;

/**
 * Everything the diary draws for Madrid dates fromDate … fromDate + days − 1,
 * for one professional or (null) the whole salon. A guest's hold that lapsed
 * at `now` is left out like an expired one.
 */
export async function loadDiaryRange(
  db: Db,
  q: {
    fromDate: string;
    days: number;
    professionalId: string | null;
    now: Date;
    /** The active professionals (`listDiaryProfessionals`), which the caller has already read. */
    professionals: DiaryProfessional[];
  },
): Promise<DiaryRange> {
  const from = new Date(wallToInstant(q.fromDate, 0)).toISOString();
  const to = new Date(wallToInstant(addDays(q.fromDate, q.days), 0)).toISOString();
  const nowIso = q.now.toISOString();
  // No appointment lasts a day: a lower bound on starts_at lets the index read only the range,
  // not every appointment that started before its end (years of them).
  const earliestStart = new Date(Date.parse(from) - LONGEST_APPOINTMENT_MS).toISOString();
  const professionals = q.professionalId ? q.professionals.filter((p) => p.id === q.professionalId) : q.professionals;
  const proIds = professionals.map((p) => p.id);

  let apptQuery = db
    .selectFrom("appointments")
    .innerJoin("professionals", "professionals.id", "appointments.professional_id")
    // Its charged sale at the counter, if any (at most one live sale per appointment).
    .leftJoin("counter_sales", (join) =>
      join.onRef("counter_sales.appointment_id", "=", "appointments.id").on("counter_sales.status", "=", "charged"),
    )
    .select([
      "appointments.id",
      "appointments.professional_id",
      "professionals.name as professional_name",
      "appointments.client_name",
      "appointments.starts_at",
      "appointments.ends_at",
      "appointments.status",
      "counter_sales.id as sale_id",
    ])
    // What takes time now: cancelled, expired and lapsed holds are hidden.
    .where((eb) => takesTimeWhere(eb, nowIso))
    .where("appointments.starts_at", "<", to)
    .where("appointments.starts_at", ">", earliestStart)
    .where("appointments.ends_at", ">", from)
    .orderBy("appointments.starts_at")
    .orderBy("appointments.id");
  if (q.professionalId) apptQuery = apptQuery.where("appointments.professional_id", "=", q.professionalId);
  // Three independent reads (at once on PostgreSQL), then the services of the appointments found.
  const [rows, hours, off] = await Promise.all([
    apptQuery.execute(),
    proIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("working_hours")
          .select(["professional_id", "weekday", "starts_min", "ends_min"])
          .where("professional_id", "in", proIds)
          .orderBy("weekday")
          .orderBy("starts_min")
          .execute(),
    db
      .selectFrom("time_off")
      .select(["id", "professional_id", "starts_at", "ends_at", "reason"])
      .where("starts_at", "<", to)
      .where("ends_at", ">", from)
      .where((eb) =>
        proIds.length === 0
          ? eb("professional_id", "is", null)
          : eb.or([eb("professional_id", "is", null), eb("professional_id", "in", proIds)]),
      )
      .orderBy("starts_at")
      .execute(),
  ]);
  const names = await servicesOf(
    db,
    rows.map((r) => r.id),
  );

  return {
    professionals,
    appointments: rows.map((r) => ({
      id: r.id,
      professionalId: r.professional_id,
      professionalName: r.professional_name,
      clientName: r.client_name,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      status: r.status,
      services: names.get(r.id) ?? [],
      charged: r.sale_id !== null,
    })),
    workingHours: hours.map((h) => ({
      professionalId: h.professional_id,
      weekday: Number(h.weekday),
      startMin: Number(h.starts_min),
      endMin: Number(h.ends_min),
    })),
    timeOff: off.map((t) => ({
      id: t.id,
      professionalId: t.professional_id,
      startsAt: t.starts_at,
      endsAt: t.ends_at,
      reason: t.reason,
    })),
  };
}
